from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="PayTunnelCards")



@_attrs_define
class PayTunnelCards:
    """ Cards by kind: how many of each (kinds not listed: none).

        Attributes:
            purple (int | Unset):
            blue (int | Unset):
            orange (int | Unset):
            white (int | Unset):
            green (int | Unset):
            yellow (int | Unset):
            black (int | Unset):
            red (int | Unset):
            locomotive (int | Unset):
     """

    purple: int | Unset = UNSET
    blue: int | Unset = UNSET
    orange: int | Unset = UNSET
    white: int | Unset = UNSET
    green: int | Unset = UNSET
    yellow: int | Unset = UNSET
    black: int | Unset = UNSET
    red: int | Unset = UNSET
    locomotive: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        purple = self.purple

        blue = self.blue

        orange = self.orange

        white = self.white

        green = self.green

        yellow = self.yellow

        black = self.black

        red = self.red

        locomotive = self.locomotive


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if purple is not UNSET:
            field_dict["purple"] = purple
        if blue is not UNSET:
            field_dict["blue"] = blue
        if orange is not UNSET:
            field_dict["orange"] = orange
        if white is not UNSET:
            field_dict["white"] = white
        if green is not UNSET:
            field_dict["green"] = green
        if yellow is not UNSET:
            field_dict["yellow"] = yellow
        if black is not UNSET:
            field_dict["black"] = black
        if red is not UNSET:
            field_dict["red"] = red
        if locomotive is not UNSET:
            field_dict["locomotive"] = locomotive

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        purple = d.pop("purple", UNSET)

        blue = d.pop("blue", UNSET)

        orange = d.pop("orange", UNSET)

        white = d.pop("white", UNSET)

        green = d.pop("green", UNSET)

        yellow = d.pop("yellow", UNSET)

        black = d.pop("black", UNSET)

        red = d.pop("red", UNSET)

        locomotive = d.pop("locomotive", UNSET)

        pay_tunnel_cards = cls(
            purple=purple,
            blue=blue,
            orange=orange,
            white=white,
            green=green,
            yellow=yellow,
            black=black,
            red=red,
            locomotive=locomotive,
        )

        return pay_tunnel_cards

