from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.pay_tunnel_type import PayTunnelType
from typing import cast

if TYPE_CHECKING:
  from ..models.pay_tunnel_cards import PayTunnelCards





T = TypeVar("T", bound="PayTunnel")



@_attrs_define
class PayTunnel:
    """ Pay a tunnel's extra cards.

        Example:
            {'type': 'pay_tunnel', 'cards': {'red': 1}}

        Attributes:
            type_ (PayTunnelType):
            cards (PayTunnelCards): Cards by kind: how many of each (kinds not listed: none).
     """

    type_: PayTunnelType
    cards: PayTunnelCards





    def to_dict(self) -> dict[str, Any]:
        from ..models.pay_tunnel_cards import PayTunnelCards
        type_ = self.type_.value

        cards = self.cards.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "cards": cards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pay_tunnel_cards import PayTunnelCards
        d = dict(src_dict)
        type_ = PayTunnelType(d.pop("type"))




        cards = PayTunnelCards.from_dict(d.pop("cards"))




        pay_tunnel = cls(
            type_=type_,
            cards=cards,
        )

        return pay_tunnel

