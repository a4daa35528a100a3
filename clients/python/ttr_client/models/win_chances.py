from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.win_chances_status import WinChancesStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.key_moment import KeyMoment
  from ..models.win_chance_turn import WinChanceTurn





T = TypeVar("T", bound="WinChances")



@_attrs_define
class WinChances:
    """ 
        Attributes:
            status (WinChancesStatus): pending: its job has not stored it yet; off: this server computes none
                (TTR_ANALYSIS_BUDGET=0) and none is stored.
            budget (float | Unset): Seconds of CPU it was computed within.
            playouts (int | Unset): Playouts per position and per candidate move.
            every (int | Unset): Every how many turns a position was analysed.
            decisions (int | Unset): The agent decisions the playouts made.
            turns (list[WinChanceTurn] | Unset):
            key_moments (list[KeyMoment] | Unset): The turns whose choice lost the most, largest loss first.
     """

    status: WinChancesStatus
    budget: float | Unset = UNSET
    playouts: int | Unset = UNSET
    every: int | Unset = UNSET
    decisions: int | Unset = UNSET
    turns: list[WinChanceTurn] | Unset = UNSET
    key_moments: list[KeyMoment] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.key_moment import KeyMoment
        from ..models.win_chance_turn import WinChanceTurn
        status = self.status.value

        budget = self.budget

        playouts = self.playouts

        every = self.every

        decisions = self.decisions

        turns: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.turns, Unset):
            turns = []
            for turns_item_data in self.turns:
                turns_item = turns_item_data.to_dict()
                turns.append(turns_item)



        key_moments: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.key_moments, Unset):
            key_moments = []
            for key_moments_item_data in self.key_moments:
                key_moments_item = key_moments_item_data.to_dict()
                key_moments.append(key_moments_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "status": status,
        })
        if budget is not UNSET:
            field_dict["budget"] = budget
        if playouts is not UNSET:
            field_dict["playouts"] = playouts
        if every is not UNSET:
            field_dict["every"] = every
        if decisions is not UNSET:
            field_dict["decisions"] = decisions
        if turns is not UNSET:
            field_dict["turns"] = turns
        if key_moments is not UNSET:
            field_dict["key_moments"] = key_moments

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.key_moment import KeyMoment
        from ..models.win_chance_turn import WinChanceTurn
        d = dict(src_dict)
        status = WinChancesStatus(d.pop("status"))




        budget = d.pop("budget", UNSET)

        playouts = d.pop("playouts", UNSET)

        every = d.pop("every", UNSET)

        decisions = d.pop("decisions", UNSET)

        _turns = d.pop("turns", UNSET)
        turns: list[WinChanceTurn] | Unset = UNSET
        if _turns is not UNSET:
            turns = []
            for turns_item_data in _turns:
                turns_item = WinChanceTurn.from_dict(turns_item_data)



                turns.append(turns_item)


        _key_moments = d.pop("key_moments", UNSET)
        key_moments: list[KeyMoment] | Unset = UNSET
        if _key_moments is not UNSET:
            key_moments = []
            for key_moments_item_data in _key_moments:
                key_moments_item = KeyMoment.from_dict(key_moments_item_data)



                key_moments.append(key_moments_item)


        win_chances = cls(
            status=status,
            budget=budget,
            playouts=playouts,
            every=every,
            decisions=decisions,
            turns=turns,
            key_moments=key_moments,
        )

        return win_chances

