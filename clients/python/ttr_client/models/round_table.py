from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.round_table_scores_type_0 import RoundTableScoresType0





T = TypeVar("T", bound="RoundTable")



@_attrs_define
class RoundTable:
    """ 
        Attributes:
            game_id (str):
            entrants (list[str]): In seat order.
            scores (None | RoundTableScoresType0): Final scores, once scored.
     """

    game_id: str
    entrants: list[str]
    scores: None | RoundTableScoresType0





    def to_dict(self) -> dict[str, Any]:
        from ..models.round_table_scores_type_0 import RoundTableScoresType0
        game_id = self.game_id

        entrants = self.entrants



        scores: dict[str, Any] | None
        if isinstance(self.scores, RoundTableScoresType0):
            scores = self.scores.to_dict()
        else:
            scores = self.scores


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "entrants": entrants,
            "scores": scores,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.round_table_scores_type_0 import RoundTableScoresType0
        d = dict(src_dict)
        game_id = d.pop("game_id")

        entrants = cast(list[str], d.pop("entrants"))


        def _parse_scores(data: object) -> None | RoundTableScoresType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                scores_type_0 = RoundTableScoresType0.from_dict(data)



                return scores_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoundTableScoresType0, data)

        scores = _parse_scores(d.pop("scores"))


        round_table = cls(
            game_id=game_id,
            entrants=entrants,
            scores=scores,
        )

        return round_table

