from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.key_moment_label import KeyMomentLabel
from typing import cast

if TYPE_CHECKING:
  from ..models.key_moment_best import KeyMomentBest
  from ..models.key_moment_chosen import KeyMomentChosen





T = TypeVar("T", bound="KeyMoment")



@_attrs_define
class KeyMoment:
    """ 
        Attributes:
            turn (int):
            seat (int): Who chose.
            version (int): The game's version at the start of the turn: the board the choice was made on.
            label (KeyMomentLabel):
            loss (float): The best move's win chance less the chosen move's, for the player who chose.
            chosen (KeyMomentChosen): The turn's first command as played (the commands' JSON shape).
            chosen_chance (float):
            best (KeyMomentBest): The best command the analysis found.
            best_chance (float):
     """

    turn: int
    seat: int
    version: int
    label: KeyMomentLabel
    loss: float
    chosen: KeyMomentChosen
    chosen_chance: float
    best: KeyMomentBest
    best_chance: float





    def to_dict(self) -> dict[str, Any]:
        from ..models.key_moment_best import KeyMomentBest
        from ..models.key_moment_chosen import KeyMomentChosen
        turn = self.turn

        seat = self.seat

        version = self.version

        label = self.label.value

        loss = self.loss

        chosen = self.chosen.to_dict()

        chosen_chance = self.chosen_chance

        best = self.best.to_dict()

        best_chance = self.best_chance


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "turn": turn,
            "seat": seat,
            "version": version,
            "label": label,
            "loss": loss,
            "chosen": chosen,
            "chosen_chance": chosen_chance,
            "best": best,
            "best_chance": best_chance,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.key_moment_best import KeyMomentBest
        from ..models.key_moment_chosen import KeyMomentChosen
        d = dict(src_dict)
        turn = d.pop("turn")

        seat = d.pop("seat")

        version = d.pop("version")

        label = KeyMomentLabel(d.pop("label"))




        loss = d.pop("loss")

        chosen = KeyMomentChosen.from_dict(d.pop("chosen"))




        chosen_chance = d.pop("chosen_chance")

        best = KeyMomentBest.from_dict(d.pop("best"))




        best_chance = d.pop("best_chance")

        key_moment = cls(
            turn=turn,
            seat=seat,
            version=version,
            label=label,
            loss=loss,
            chosen=chosen,
            chosen_chance=chosen_chance,
            best=best,
            best_chance=best_chance,
        )

        return key_moment

