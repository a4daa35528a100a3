from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deadline_paused_event_type import DeadlinePausedEventType
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.actor import Actor
  from ..models.deadline_paused_data import DeadlinePausedData





T = TypeVar("T", bound="DeadlinePausedEvent")



@_attrs_define
class DeadlinePausedEvent:
    """ 
        Attributes:
            game_id (str):
            version (int):
            position (int | None): Place in the global feed (increasing, not consecutive); null in an action's answer.
            type_ (DeadlinePausedEventType):
            schema_version (int):
            recorded_at (datetime.datetime):
            actor (Actor):
            data (DeadlinePausedData): The player at `seat` is away until `until` (ISO-8601): their turn deadlines in this
                game are paused. `time_left`: the seconds their running turn deadline had left when it was paused (None: no
                deadline of theirs was running). Example: {'seat': 1, 'until': '2026-12-05T09:00:00.000000Z', 'time_left':
                43200}.
            hidden (list[str]): Fields hidden from the caller (other players' cards, deck orders, the seed).
     """

    game_id: str
    version: int
    position: int | None
    type_: DeadlinePausedEventType
    schema_version: int
    recorded_at: datetime.datetime
    actor: Actor
    data: DeadlinePausedData
    hidden: list[str]





    def to_dict(self) -> dict[str, Any]:
        from ..models.actor import Actor
        from ..models.deadline_paused_data import DeadlinePausedData
        game_id = self.game_id

        version = self.version

        position: int | None
        position = self.position

        type_ = self.type_.value

        schema_version = self.schema_version

        recorded_at = self.recorded_at.isoformat()

        actor = self.actor.to_dict()

        data = self.data.to_dict()

        hidden = self.hidden




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "version": version,
            "position": position,
            "type": type_,
            "schema_version": schema_version,
            "recorded_at": recorded_at,
            "actor": actor,
            "data": data,
            "hidden": hidden,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.actor import Actor
        from ..models.deadline_paused_data import DeadlinePausedData
        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        def _parse_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        position = _parse_position(d.pop("position"))


        type_ = DeadlinePausedEventType(d.pop("type"))




        schema_version = d.pop("schema_version")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))




        actor = Actor.from_dict(d.pop("actor"))




        data = DeadlinePausedData.from_dict(d.pop("data"))




        hidden = cast(list[str], d.pop("hidden"))


        deadline_paused_event = cls(
            game_id=game_id,
            version=version,
            position=position,
            type_=type_,
            schema_version=schema_version,
            recorded_at=recorded_at,
            actor=actor,
            data=data,
            hidden=hidden,
        )

        return deadline_paused_event

