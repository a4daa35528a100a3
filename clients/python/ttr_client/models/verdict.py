from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.first_failure import FirstFailure





T = TypeVar("T", bound="Verdict")



@_attrs_define
class Verdict:
    """ 
        Attributes:
            ok (bool): Every event follows from the rules.
            game_id (None | str):
            events (int): Events in the export.
            checked (int): Events replayed before the verdict.
            first_failure (FirstFailure | None): The first event that fails, and why.
            seed_matches_commitment (bool | None):
            score_matches (bool | None): The `game_scored` event is the rules' score (null: the export has none).
            winners (list[int]):
     """

    ok: bool
    game_id: None | str
    events: int
    checked: int
    first_failure: FirstFailure | None
    seed_matches_commitment: bool | None
    score_matches: bool | None
    winners: list[int]





    def to_dict(self) -> dict[str, Any]:
        from ..models.first_failure import FirstFailure
        ok = self.ok

        game_id: None | str
        game_id = self.game_id

        events = self.events

        checked = self.checked

        first_failure: dict[str, Any] | None
        if isinstance(self.first_failure, FirstFailure):
            first_failure = self.first_failure.to_dict()
        else:
            first_failure = self.first_failure

        seed_matches_commitment: bool | None
        seed_matches_commitment = self.seed_matches_commitment

        score_matches: bool | None
        score_matches = self.score_matches

        winners = self.winners




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "ok": ok,
            "game_id": game_id,
            "events": events,
            "checked": checked,
            "first_failure": first_failure,
            "seed_matches_commitment": seed_matches_commitment,
            "score_matches": score_matches,
            "winners": winners,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.first_failure import FirstFailure
        d = dict(src_dict)
        ok = d.pop("ok")

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))


        events = d.pop("events")

        checked = d.pop("checked")

        def _parse_first_failure(data: object) -> FirstFailure | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                first_failure_type_0 = FirstFailure.from_dict(data)



                return first_failure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FirstFailure | None, data)

        first_failure = _parse_first_failure(d.pop("first_failure"))


        def _parse_seed_matches_commitment(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        seed_matches_commitment = _parse_seed_matches_commitment(d.pop("seed_matches_commitment"))


        def _parse_score_matches(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        score_matches = _parse_score_matches(d.pop("score_matches"))


        winners = cast(list[int], d.pop("winners"))


        verdict = cls(
            ok=ok,
            game_id=game_id,
            events=events,
            checked=checked,
            first_failure=first_failure,
            seed_matches_commitment=seed_matches_commitment,
            score_matches=score_matches,
            winners=winners,
        )

        return verdict

