from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.delivery_status import DeliveryStatus
from ..models.webhook_kind import WebhookKind
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.attempt import Attempt





T = TypeVar("T", bound="Delivery")



@_attrs_define
class Delivery:
    """ 
        Attributes:
            id (str): The delivery's id: the body's `id` and the `X-TTR-Delivery` header, the same on every attempt.
                Example: d_4f1c2a9e0b7d5c3a1e8f6b2d.
            kind (WebhookKind):
            game_id (None | str): Null for a ping.
            version (int | None): The game's version the event is about; null for a ping.
            status (DeliveryStatus):
            created_at (datetime.datetime):
            next_attempt_at (datetime.datetime | None): When the next attempt is due (pending deliveries); null once
                delivered or failed.
            attempts (list[Attempt]): Every attempt so far, oldest first.
     """

    id: str
    kind: WebhookKind
    game_id: None | str
    version: int | None
    status: DeliveryStatus
    created_at: datetime.datetime
    next_attempt_at: datetime.datetime | None
    attempts: list[Attempt]





    def to_dict(self) -> dict[str, Any]:
        from ..models.attempt import Attempt
        id = self.id

        kind = self.kind.value

        game_id: None | str
        game_id = self.game_id

        version: int | None
        version = self.version

        status = self.status.value

        created_at = self.created_at.isoformat()

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "kind": kind,
            "game_id": game_id,
            "version": version,
            "status": status,
            "created_at": created_at,
            "next_attempt_at": next_attempt_at,
            "attempts": attempts,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attempt import Attempt
        d = dict(src_dict)
        id = d.pop("id")

        kind = WebhookKind(d.pop("kind"))




        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))


        def _parse_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        version = _parse_version(d.pop("version"))


        status = DeliveryStatus(d.pop("status"))




        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)



                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))


        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in (_attempts):
            attempts_item = Attempt.from_dict(attempts_item_data)



            attempts.append(attempts_item)


        delivery = cls(
            id=id,
            kind=kind,
            game_id=game_id,
            version=version,
            status=status,
            created_at=created_at,
            next_attempt_at=next_attempt_at,
            attempts=attempts,
        )

        return delivery

