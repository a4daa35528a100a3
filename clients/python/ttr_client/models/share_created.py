from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="ShareCreated")



@_attrs_define
class ShareCreated:
    """ 
        Attributes:
            id (str): The share's id (not its capability). Example: s_9b1c2d3e4f5a6b7c8d9e.
            game_id (str):
            created_at (datetime.datetime):
            expires_at (datetime.datetime):
            capability (str): The read-only capability: shown only now, stored hashed. Send it as `Authorization: Share
                <capability>`. Example: ttrs_Qm9vZ2x5.
            link (str): The replay page's path on this server, the capability in its fragment. Example:
                /games/g_1/replay#share=ttrs_Qm9vZ2x5.
     """

    id: str
    game_id: str
    created_at: datetime.datetime
    expires_at: datetime.datetime
    capability: str
    link: str





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        game_id = self.game_id

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        capability = self.capability

        link = self.link


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "game_id": game_id,
            "created_at": created_at,
            "expires_at": expires_at,
            "capability": capability,
            "link": link,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        game_id = d.pop("game_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        capability = d.pop("capability")

        link = d.pop("link")

        share_created = cls(
            id=id,
            game_id=game_id,
            created_at=created_at,
            expires_at=expires_at,
            capability=capability,
            link=link,
        )

        return share_created

