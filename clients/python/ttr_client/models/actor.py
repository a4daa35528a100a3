from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.actor_kind import ActorKind
from ..types import UNSET, Unset






T = TypeVar("T", bound="Actor")



@_attrs_define
class Actor:
    """ 
        Attributes:
            kind (ActorKind):
            seat (int | Unset):
            user_id (str | Unset):
            name (str | Unset):
     """

    kind: ActorKind
    seat: int | Unset = UNSET
    user_id: str | Unset = UNSET
    name: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        seat = self.seat

        user_id = self.user_id

        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
        })
        if seat is not UNSET:
            field_dict["seat"] = seat
        if user_id is not UNSET:
            field_dict["user_id"] = user_id
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = ActorKind(d.pop("kind"))




        seat = d.pop("seat", UNSET)

        user_id = d.pop("user_id", UNSET)

        name = d.pop("name", UNSET)

        actor = cls(
            kind=kind,
            seat=seat,
            user_id=user_id,
            name=name,
        )

        return actor

