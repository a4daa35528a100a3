from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="Share")



@_attrs_define
class Share:
    """ 
        Attributes:
            id (str): The share's id (not its capability). Example: s_9b1c2d3e4f5a6b7c8d9e.
            game_id (str):
            created_at (datetime.datetime):
            expires_at (datetime.datetime):
     """

    id: str
    game_id: str
    created_at: datetime.datetime
    expires_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        game_id = self.game_id

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "game_id": game_id,
            "created_at": created_at,
            "expires_at": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        game_id = d.pop("game_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        share = cls(
            id=id,
            game_id=game_id,
            created_at=created_at,
            expires_at=expires_at,
        )

        return share

