from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.pending_kind import PendingKind
from ..types import UNSET, Unset






T = TypeVar("T", bound="Pending")



@_attrs_define
class Pending:
    """ 
        Attributes:
            kind (PendingKind):
            keep_at_least (int | Unset):
     """

    kind: PendingKind
    keep_at_least: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        keep_at_least = self.keep_at_least


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
        })
        if keep_at_least is not UNSET:
            field_dict["keep_at_least"] = keep_at_least

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = PendingKind(d.pop("kind"))




        keep_at_least = d.pop("keep_at_least", UNSET)

        pending = cls(
            kind=kind,
            keep_at_least=keep_at_least,
        )

        return pending

