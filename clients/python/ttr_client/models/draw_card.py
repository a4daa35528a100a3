from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.draw_card_source import DrawCardSource
from ..models.draw_card_type import DrawCardType
from ..types import UNSET, Unset






T = TypeVar("T", bound="DrawCard")



@_attrs_define
class DrawCard:
    """ Draw a train card: the top of the deck (`source: deck`) or a face-up card (`source: market`, `slot` 0–4). A turn's
    draw is two cards; a face-up locomotive is the whole draw where the map says so.

        Example:
            {'type': 'draw_card', 'source': 'deck'}

        Attributes:
            type_ (DrawCardType):
            source (DrawCardSource):
            slot (int | Unset): Market slot (market draws only).
     """

    type_: DrawCardType
    source: DrawCardSource
    slot: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        source = self.source.value

        slot = self.slot


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "source": source,
        })
        if slot is not UNSET:
            field_dict["slot"] = slot

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DrawCardType(d.pop("type"))




        source = DrawCardSource(d.pop("source"))




        slot = d.pop("slot", UNSET)

        draw_card = cls(
            type_=type_,
            source=source,
            slot=slot,
        )

        return draw_card

