from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reaction_sent_event_type import ReactionSentEventType
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.actor import Actor
  from ..models.reaction_sent_data import ReactionSentData





T = TypeVar("T", bound="ReactionSentEvent")



@_attrs_define
class ReactionSentEvent:
    """ 
        Attributes:
            game_id (str):
            version (int):
            position (int | None): Place in the global feed (increasing, not consecutive); null in an action's answer.
            type_ (ReactionSentEventType):
            schema_version (int):
            recorded_at (datetime.datetime):
            actor (Actor):
            data (ReactionSentData): The player at `seat` said the phrase `reaction` (a code of the fixed list) to the
                table. Example: {'seat': 1, 'reaction': 'well_played'}.
            hidden (list[str]): Fields hidden from the caller (other players' cards, deck orders, the seed).
     """

    game_id: str
    version: int
    position: int | None
    type_: ReactionSentEventType
    schema_version: int
    recorded_at: datetime.datetime
    actor: Actor
    data: ReactionSentData
    hidden: list[str]





    def to_dict(self) -> dict[str, Any]:
        from ..models.actor import Actor
        from ..models.reaction_sent_data import ReactionSentData
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
        from ..models.reaction_sent_data import ReactionSentData
        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        def _parse_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        position = _parse_position(d.pop("position"))


        type_ = ReactionSentEventType(d.pop("type"))




        schema_version = d.pop("schema_version")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))




        actor = Actor.from_dict(d.pop("actor"))




        data = ReactionSentData.from_dict(d.pop("data"))




        hidden = cast(list[str], d.pop("hidden"))


        reaction_sent_event = cls(
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

        return reaction_sent_event

