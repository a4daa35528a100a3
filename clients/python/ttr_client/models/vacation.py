from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="Vacation")



@_attrs_define
class Vacation:
    """ 
        Attributes:
            id (str):
            starts_at (datetime.datetime):
            ends_at (datetime.datetime): When it ends: as declared, or when it was ended early.
            ended_early (bool): Ended before its declared end (by you, or because you acted in a game).
     """

    id: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    ended_early: bool





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        starts_at = self.starts_at.isoformat()

        ends_at = self.ends_at.isoformat()

        ended_early = self.ended_early


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "starts_at": starts_at,
            "ends_at": ends_at,
            "ended_early": ended_early,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        starts_at = datetime.datetime.fromisoformat(d.pop("starts_at"))




        ends_at = datetime.datetime.fromisoformat(d.pop("ends_at"))




        ended_early = d.pop("ended_early")

        vacation = cls(
            id=id,
            starts_at=starts_at,
            ends_at=ends_at,
            ended_early=ended_early,
        )

        return vacation

