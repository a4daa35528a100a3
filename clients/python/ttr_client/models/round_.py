from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.round_table import RoundTable





T = TypeVar("T", bound="Round")



@_attrs_define
class Round:
    """ 
        Attributes:
            round_ (int):
            tables (list[RoundTable]):
     """

    round_: int
    tables: list[RoundTable]





    def to_dict(self) -> dict[str, Any]:
        from ..models.round_table import RoundTable
        round_ = self.round_

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "round": round_,
            "tables": tables,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.round_table import RoundTable
        d = dict(src_dict)
        round_ = d.pop("round")

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in (_tables):
            tables_item = RoundTable.from_dict(tables_item_data)



            tables.append(tables_item)


        round_ = cls(
            round_=round_,
            tables=tables,
        )

        return round_

