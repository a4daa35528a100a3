"""Quick reactions, by the rules alone: who may say what and when, that a reaction changes
nothing at the table, and that an export holding reactions anywhere (after the score
too) still verifies, while a forged one does not."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from domain.autoplay import game_seed, play_random_game
from domain.events import Event
from domain.reactions import REACTIONS, ReactionSent, react
from domain.table import (
    SeatTaken,
    Table,
    create_game,
    decide_table,
    replay_table,
    score_table,
)
from domain.table_events import TakeSeat
from domain.violations import RuleViolation
from events.catalogue import schema_version
from events.verify import verify_export


def open_table() -> Table:
    events = create_game(map_name="usa", seats=2, created_by="ann", seed=game_seed(2026, 7))
    events += decide_table(replay_table(events), "ann", TakeSeat("Ann"))
    return replay_table(events)


def test_a_seated_player_may_react_before_the_game_starts() -> None:
    assert react(open_table(), "ann", "good_luck") == [ReactionSent(seat=0, reaction="good_luck")]


def test_a_phrase_not_in_the_list_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        react(open_table(), "ann", "you_are_slow")
    assert refused.value.code == "unknown_reaction"


def test_someone_without_a_seat_may_not_react() -> None:
    with pytest.raises(RuleViolation) as refused:
        react(open_table(), "onlooker", "good_luck")
    assert refused.value.code == "not_seated"


def test_a_reaction_changes_nothing_at_the_table_but_its_version() -> None:
    table = open_table()
    after = replay_table(react(table, "ann", "oops"), table)
    assert dataclasses.replace(after, version=table.version) == table
    assert after.version == table.version + 1


def finished_log() -> list[Event]:
    """A whole game's events, from the table's creation to its score, with reactions at
    the open table, during play and after the score."""
    seed = game_seed(2026, 11)
    events = create_game(map_name="usa", seats=2, created_by="ann", seed=seed)
    events += [SeatTaken(seat=0, user_id="ann", name="Ann"),
               ReactionSent(seat=0, reaction="good_luck"),
               SeatTaken(seat=1, user_id="bob", name="Bob")]
    _, played = play_random_game("usa", 2, seed, random.Random(11))
    events += played[:5] + [ReactionSent(seat=1, reaction="thinking")] + played[5:]
    table = replay_table(events)
    assert table.status == "scoring"
    with pytest.raises(RuleViolation) as refused:
        react(table, "ann", "hurry")
    assert refused.value.code == "reaction_after_end"
    events += score_table(table)
    events += react(replay_table(events), "bob", "good_game")
    return events


def export_lines(events: list[Event]) -> list[str]:
    return [json.dumps({"game_id": "g", "version": i + 1, "type": e.TYPE,
                        "schema_version": schema_version(e.TYPE),
                        "data": {k: v for k, v in e.as_dict().items() if k != "type"},
                        "hidden": []})
            for i, e in enumerate(events)]


def test_after_the_end_only_farewells_are_said_and_the_export_still_verifies() -> None:
    verdict = verify_export(export_lines(finished_log()))
    assert verdict.ok, verdict
    assert verdict.score_matches and verdict.events == verdict.checked


def test_a_forged_reaction_fails_the_verification_where_it_stands() -> None:
    events = finished_log()
    forged = next(i for i, e in enumerate(events) if isinstance(e, ReactionSent))
    events[forged] = ReactionSent(seat=5, reaction=REACTIONS[0])
    verdict = verify_export(export_lines(events))
    assert not verdict.ok and verdict.version == forged + 1
