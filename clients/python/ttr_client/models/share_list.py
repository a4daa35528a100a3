from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.share import Share





T = TypeVar("T", bound="ShareList")



@_attrs_define
class ShareList:
    """ 
        Attributes:
            shares (list[Share]): Your unexpired shares of the game, oldest first.
     """

    shares: list[Share]





    def to_dict(self) -> dict[str, Any]:
        from ..models.share import Share
        shares = []
        for shares_item_data in self.shares:
            shares_item = shares_item_data.to_dict()
            shares.append(shares_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "shares": shares,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.share import Share
        d = dict(src_dict)
        shares = []
        _shares = d.pop("shares")
        for shares_item_data in (_shares):
            shares_item = Share.from_dict(shares_item_data)



            shares.append(shares_item)


        share_list = cls(
            shares=shares,
        )

        return share_list

