"""The computer analysis of a finished game (`domain.win_chances`): win chances from
playouts of the strong agent, and the turns whose choice lost the most."""

from __future__ import annotations

import pytest

from bots.analysis_policy import proposed_moves, strong_policy
from domain.commands import DrawCard
from domain.table import replay_table
from domain.win_chances import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    SECONDS_PER_DECISION,
    NotScored,
    estimate_win_chances,
    label_of,
)
from tests.ratings_support import scored_stream
from tests.win_chance_games import thrown_last_turn

BUDGET = 0.3  # seconds: a few hundred decisions, enough for the last turns
def test_a_last_turn_where_one_claim_wins_makes_drawing_cards_a_blunder() -> None:
    events, winning = thrown_last_turn()
    result = estimate_win_chances(events, strong_policy, proposed_moves, BUDGET)
    last_turn = result.turns[-1]["turn"]
    moment = next(m for m in result.key_moments if m.turn == last_turn)
    assert moment.label == "blunder"
    assert moment.chosen == DrawCard("deck").as_dict()
    assert moment.best == winning.as_dict()
    assert (moment.chosen_chance, moment.best_chance, moment.loss) == (0.0, 1.0, 1.0)


def test_after_the_last_turn_the_chances_are_the_result() -> None:
    events, _ = thrown_last_turn()
    table = replay_table(events)
    assert table.score is not None
    winner = next(int(s["seat"]) for s in table.score if s["winner"])
    final = estimate_win_chances(events, strong_policy, proposed_moves, BUDGET).turns[-1]
    assert final["chances"] == [1.0 if s == winner else 0.0 for s in range(2)]


def test_the_chances_of_a_position_add_up_to_one() -> None:
    events, _ = thrown_last_turn()
    rows = estimate_win_chances(events, strong_policy, proposed_moves, BUDGET).turns
    analysed = [r["chances"] for r in rows if r["chances"] is not None]
    assert len(analysed) >= 2
    assert all(sum(c) == pytest.approx(1.0, abs=1e-3) for c in analysed)


def test_the_same_game_budget_and_seed_give_the_same_analysis() -> None:
    events = scored_stream("europe", 3, 1)
    first = estimate_win_chances(events, strong_policy, proposed_moves, BUDGET, b"s")
    again = estimate_win_chances(events, strong_policy, proposed_moves, BUDGET, b"s")
    assert first.as_dict() == again.as_dict()


def test_the_budget_bounds_the_decisions_made() -> None:
    events = scored_stream("usa", 2, 2)
    small = estimate_win_chances(events, strong_policy, proposed_moves, BUDGET)
    large = estimate_win_chances(events, strong_policy, proposed_moves, 4 * BUDGET)
    assert small.decisions < large.decisions
    # the allowance, overrun at most by the one position under way when it ran out
    assert small.decisions <= BUDGET / SECONDS_PER_DECISION + 2_000


def test_a_small_budget_analyses_every_kth_turn_counted_back_from_the_last() -> None:
    events = scored_stream("usa", 2, 3)
    result = estimate_win_chances(events, strong_policy, proposed_moves, BUDGET)
    assert result.every > 1
    rows = result.turns
    assert rows[-2]["chances"] is not None  # (the position before the last turn)
    assert any(r["chances"] is None for r in rows)


def test_a_game_not_scored_has_no_win_chances() -> None:
    events = scored_stream("usa", 2, 4)[:-1]
    with pytest.raises(NotScored):
        estimate_win_chances(events, strong_policy, proposed_moves, BUDGET)


@pytest.mark.parametrize(("loss", "label"), [
    (BLUNDER, "blunder"), (MISTAKE, "mistake"), (INACCURACY, "inaccuracy"),
    (INACCURACY / 2, None)])
def test_a_loss_is_named_by_the_thresholds(loss: float, label: str | None) -> None:
    assert label_of(loss) == label
