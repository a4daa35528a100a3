from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.vacation import Vacation





T = TypeVar("T", bound="Away")



@_attrs_define
class Away:
    """ 
        Attributes:
            away (bool): You are away now: the turn deadlines of your correspondence games are paused.
            allowance (int): Days away per calendar year (UTC).
            year (int):
            days_left (int): Days away left this year.
            vacations (list[Vacation]): Your vacations not over yet, the earliest first.
     """

    away: bool
    allowance: int
    year: int
    days_left: int
    vacations: list[Vacation]





    def to_dict(self) -> dict[str, Any]:
        from ..models.vacation import Vacation
        away = self.away

        allowance = self.allowance

        year = self.year

        days_left = self.days_left

        vacations = []
        for vacations_item_data in self.vacations:
            vacations_item = vacations_item_data.to_dict()
            vacations.append(vacations_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "away": away,
            "allowance": allowance,
            "year": year,
            "days_left": days_left,
            "vacations": vacations,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.vacation import Vacation
        d = dict(src_dict)
        away = d.pop("away")

        allowance = d.pop("allowance")

        year = d.pop("year")

        days_left = d.pop("days_left")

        vacations = []
        _vacations = d.pop("vacations")
        for vacations_item_data in (_vacations):
            vacations_item = Vacation.from_dict(vacations_item_data)



            vacations.append(vacations_item)


        away = cls(
            away=away,
            allowance=allowance,
            year=year,
            days_left=days_left,
            vacations=vacations,
        )

        return away

