"""A game keeps the rules version it was created under: a recorded game replays and scores
identically under today's code, and still does after a later rules version changes a
knob — while a game created under the new version plays by the new knob.

`fixtures/europe-3p-rules-v1.ndjson` is the export of a finished three-player game of
Europe recorded by this service under rules version 1 (kept as it was recorded).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from domain import rules as rules_module
from domain.commands import ClaimRoute
from domain.ending import score_game
from domain.events import RouteClaimed
from domain.maps import MAP_NAMES, map_entry, rules_for
from domain.table import replay_table
from events.catalogue import decode
from events.verify import verify_export
from tests.positions_rules import cards, play, position

RECORDED = Path(__file__).parents[1] / "fixtures" / "europe-3p-rules-v1.ndjson"


def records() -> list[dict[str, Any]]:
    return [json.loads(line) for line in RECORDED.read_text().splitlines()]


def final_score(recs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    events = [decode(r["type"], r["schema_version"], r["data"], None) for r in recs]
    table = replay_table(events)
    assert table.game is not None and table.game.rules_version == 1
    return json.loads(json.dumps([s.as_dict() for s in score_game(table.game)]))


def test_the_recorded_game_says_which_rules_it_was_played_under() -> None:
    created = records()[0]
    assert created["type"] == "game_created" and created["data"]["rules_version"] == 1


def test_a_game_recorded_under_rules_version_1_replays_and_scores_identically() -> None:
    recs = records()
    verdict = verify_export(json.dumps(r) for r in recs)
    assert verdict.ok and verdict.score_matches
    assert final_score(recs) == recs[-1]["data"]["players"]


@pytest.fixture
def rules_version_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """A later rules version in which Europe's 1-train routes score 5, not 1."""
    europe = rules_for("europe", 1)
    points = {**europe.route_points, 1: 5}
    for name in MAP_NAMES:  # each map's entry in the registry gets a version 2
        rules = map_entry(name).rules
        monkeypatch.setitem(rules, 2, replace(europe, route_points=points)
                            if name == "europe" else rules[1])
    monkeypatch.setattr(rules_module, "RULES_VERSION", 2)


@pytest.mark.usefixtures("rules_version_2")
def test_a_later_rules_version_does_not_change_a_recorded_game() -> None:
    recs = records()
    assert rules_for("europe", 2).route_points[1] == 5
    verdict = verify_export(json.dumps(r) for r in recs)
    assert verdict.ok and verdict.score_matches
    assert final_score(recs) == recs[-1]["data"]["players"]


@pytest.mark.usefixtures("rules_version_2")
def test_a_game_created_under_the_later_version_plays_by_its_knobs() -> None:
    hand = {0: {"black": 1}}
    for version, points in ((1, 1), (2, 5)):
        game = replace(position("europe", 2, hands=hand), rules_version=version)
        events, _ = play(game, 0, ClaimRoute("europe/amsterdam-bruxelles", cards(black=1)))
        claimed = next(e for e in events if isinstance(e, RouteClaimed))
        assert claimed.points == points
