from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.unrated_reason import UnratedReason
from typing import cast






T = TypeVar("T", bound="RatingChange")



@_attrs_define
class RatingChange:
    """ 
        Attributes:
            user_id (str):
            name (str):
            seat (int):
            rank (int):
            winner (bool):
            score (int):
            rated (bool):
            rating_before (float):
            rating_after (float | None):
            change (float | None):
            games_before (int):
            provisional (bool): After this game.
            unrated_reason (None | UnratedReason): Why the game did not move this player's rating (null: it did):
                `unrated_table` (created unrated); `solo`; `early_resignation` or `early_timeout` (a player resigned or timed
                out before playing 5 turns: unrated for everyone); `repeat_opponents` (3 games rated for both between the same
                two people within 1 day(s) already); `new_opponents` (the player has 5 rated games on the map, their opponents
                fewer). The rules: docs/ratings.md.
     """

    user_id: str
    name: str
    seat: int
    rank: int
    winner: bool
    score: int
    rated: bool
    rating_before: float
    rating_after: float | None
    change: float | None
    games_before: int
    provisional: bool
    unrated_reason: None | UnratedReason





    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        name = self.name

        seat = self.seat

        rank = self.rank

        winner = self.winner

        score = self.score

        rated = self.rated

        rating_before = self.rating_before

        rating_after: float | None
        rating_after = self.rating_after

        change: float | None
        change = self.change

        games_before = self.games_before

        provisional = self.provisional

        unrated_reason: None | str
        if isinstance(self.unrated_reason, UnratedReason):
            unrated_reason = self.unrated_reason.value
        else:
            unrated_reason = self.unrated_reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "user_id": user_id,
            "name": name,
            "seat": seat,
            "rank": rank,
            "winner": winner,
            "score": score,
            "rated": rated,
            "rating_before": rating_before,
            "rating_after": rating_after,
            "change": change,
            "games_before": games_before,
            "provisional": provisional,
            "unrated_reason": unrated_reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        name = d.pop("name")

        seat = d.pop("seat")

        rank = d.pop("rank")

        winner = d.pop("winner")

        score = d.pop("score")

        rated = d.pop("rated")

        rating_before = d.pop("rating_before")

        def _parse_rating_after(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rating_after = _parse_rating_after(d.pop("rating_after"))


        def _parse_change(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        change = _parse_change(d.pop("change"))


        games_before = d.pop("games_before")

        provisional = d.pop("provisional")

        def _parse_unrated_reason(data: object) -> None | UnratedReason:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unrated_reason_type_0 = UnratedReason(data)



                return unrated_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UnratedReason, data)

        unrated_reason = _parse_unrated_reason(d.pop("unrated_reason"))


        rating_change = cls(
            user_id=user_id,
            name=name,
            seat=seat,
            rank=rank,
            winner=winner,
            score=score,
            rated=rated,
            rating_before=rating_before,
            rating_after=rating_after,
            change=change,
            games_before=games_before,
            provisional=provisional,
            unrated_reason=unrated_reason,
        )

        return rating_change

