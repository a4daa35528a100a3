from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.claim_route_type import ClaimRouteType
from typing import cast

if TYPE_CHECKING:
  from ..models.claim_route_cards import ClaimRouteCards





T = TypeVar("T", bound="ClaimRoute")



@_attrs_define
class ClaimRoute:
    """ Claim a route with these cards. A tunnel reveals three cards first: the turn then waits for `pay_tunnel` or
    `decline_tunnel` if it costs more.

        Example:
            {'type': 'claim_route', 'route': 'usa/denver-kansas-city-1', 'cards': {'black': 3, 'locomotive': 1}}

        Attributes:
            type_ (ClaimRouteType):
            route (str): A route id from /v1/maps/{map}.
            cards (ClaimRouteCards): Cards by kind: how many of each (kinds not listed: none).
     """

    type_: ClaimRouteType
    route: str
    cards: ClaimRouteCards





    def to_dict(self) -> dict[str, Any]:
        from ..models.claim_route_cards import ClaimRouteCards
        type_ = self.type_.value

        route = self.route

        cards = self.cards.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "route": route,
            "cards": cards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claim_route_cards import ClaimRouteCards
        d = dict(src_dict)
        type_ = ClaimRouteType(d.pop("type"))




        route = d.pop("route")

        cards = ClaimRouteCards.from_dict(d.pop("cards"))




        claim_route = cls(
            type_=type_,
            route=route,
            cards=cards,
        )

        return claim_route

