"""Ratings (`domain.rating`): openskill's Plackett–Luce over a scored game's places."""

from __future__ import annotations

from dataclasses import replace

from domain.rating import NEW_PLAYER, PROVISIONAL_GAMES, Skill, rate, result_of
from tests.ratings_support import scored_stream


def test_the_winner_gains_and_the_last_loses() -> None:
    result = result_of(scored_stream("usa", 3, 1))
    after = rate(result, {})
    first = min(result.finishers, key=lambda f: f.rank)
    last = max(result.finishers, key=lambda f: f.rank)
    assert after[first.user_id].mu > NEW_PLAYER.mu > after[last.user_id].mu


def test_players_sharing_a_place_move_alike() -> None:
    result = result_of(scored_stream("usa", 3, 2))
    tied = replace(result, finishers=tuple(replace(f, rank=1) for f in result.finishers))
    after = rate(tied, {})
    assert len({(s.mu, s.sigma) for s in after.values()}) == 1


def test_an_unrated_game_changes_no_rating() -> None:
    result = result_of(scored_stream("usa", 2, 3, rated=False))
    before = {f.user_id: Skill(30.0, 5.0, 7) for f in result.finishers}
    assert rate(result, before) == before


def test_a_rating_is_provisional_for_the_first_games() -> None:
    assert Skill(25.0, 8.0, PROVISIONAL_GAMES - 1).provisional
    assert not Skill(25.0, 8.0, PROVISIONAL_GAMES).provisional


def test_the_displayed_rating_is_the_conservative_estimate() -> None:
    assert Skill(30.0, 2.0, 9).rating == 24.0


def test_rating_the_same_games_in_the_same_order_gives_the_same_figures() -> None:
    streams = [scored_stream("usa", 2, n, users=["a", "b"]) for n in range(4)]

    def run() -> dict[str, Skill]:
        skills: dict[str, Skill] = {}
        for s in streams:
            skills.update(rate(result_of(s), skills))
        return skills

    assert run() == run()
    assert run()["a"].games == 4
