"""A game's end reaches a player by mail with their result: their place, their points
and, once the ratings job has projected the game, their rating before and after; the
mail waits a minute after the score so that the change is usually in."""

from __future__ import annotations

from datetime import UTC, datetime

from domain import Skill
from events.ratings_read import ResultRow
from referee.notice_choice import RESULT_WAIT, NoticeSettings, plan
from worker.notice_mail import result_line

T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


def row(**changes: object) -> ResultRow:
    fields: dict[str, object] = dict(
        game_id="g1", user_id="u1", seat=0, name="Ann", map="usa", position=1,
        finished_at=T0, rank=2, winner=False, out=False, total=97, mu_before=25.0,
        sigma_before=8.0, games_before=3, mu_after=None, sigma_after=None)
    fields.update(changes)
    return ResultRow(**fields)  # type: ignore[arg-type]


def test_the_result_names_the_place_and_the_points() -> None:
    assert result_line(row(), 3).startswith("place 2 of 3, 97 points")


def test_a_winner_is_told_they_won() -> None:
    assert result_line(row(rank=1, winner=True), 3).startswith("won, 97 points")


def test_a_projected_game_gives_the_rating_before_and_after() -> None:
    before = Skill(25.0, 8.0, 3).rating
    after = Skill(27.0, 7.5, 4).rating
    line = result_line(row(mu_after=27.0, sigma_after=7.5), 3)
    assert f"rating {before:.1f} → {after:.1f} ({after - before:+.1f})" in line


def test_an_unrated_game_says_why() -> None:
    assert "not rated (too short)" in result_line(row(unrated_reason="too_short"), 2)


def test_a_rating_not_yet_projected_is_said_to_be_on_its_way() -> None:
    assert result_line(row(), 2).endswith("the rating change is on its way")


def test_the_result_mail_waits_a_minute_after_the_score() -> None:
    settings = NoticeSettings()
    [step] = [s for s in plan(settings, "game_scored", True, T0) if s.channel == "mail"]
    assert step.due == T0 + RESULT_WAIT
