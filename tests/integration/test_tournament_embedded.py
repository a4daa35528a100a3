"""A tournament plays to its end on the embedded server (`ttr serve`: SQLite, jobs in
its process, the bots' pause off), through the API alone: 12 bots, 4 rounds at tables
of 4. The standings rebuilt from its log's pairings and the games' own scores equal
the ones it serves, and no pair meets more than twice (docs/tournaments.md)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from domain.standings import TableResult, standings
from domain.swiss import meetings
from tests.bot_tables import EmbeddedServer

WAIT = 600  # seconds at most for the 12 games (the machine is shared)
START_AFTER = 30  # seconds: time enough to add the bots before the start, on a busy machine


@pytest.fixture(scope="module")
def finished() -> Iterator[tuple[EmbeddedServer, str, dict[str, Any]]]:
    """The tournament played to its end: the server, the organiser's token, the
    tournament as served."""
    with EmbeddedServer() as server:
        host = server.new_user("Host")
        starts = datetime.now(UTC) + timedelta(seconds=START_AFTER)
        status, cup = server.request("POST", "/v1/tournaments", host, {
            "name": "Bot cup", "map": "usa", "players_per_table": 4, "rounds": 4,
            "starts_at": starts.isoformat()})
        assert status == 201, cup
        for _ in range(12):
            status, body = server.request("POST", f"/v1/tournaments/{cup['id']}/entrants",
                                          host, {"bot_level": "easy"})
            assert status == 201, body
        end = time.monotonic() + WAIT
        seen: dict[str, Any] = cup
        while time.monotonic() < end:
            status, seen = server.request("GET", f"/v1/tournaments/{cup['id']}", host)
            assert status == 200, seen
            if seen["status"] == "finished":
                break
            time.sleep(0.5)
        yield server, host, seen


def test_the_tournament_plays_its_four_rounds_to_the_end(
        finished: tuple[EmbeddedServer, str, dict[str, Any]]) -> None:
    _, _, cup = finished
    assert cup["status"] == "finished"
    assert [len(r["tables"]) for r in cup["played_rounds"]] == [3, 3, 3, 3]


def test_standings_rebuilt_from_the_log_and_the_game_scores_equal_the_served_ones(
        finished: tuple[EmbeddedServer, str, dict[str, Any]]) -> None:
    server, host, cup = finished
    status, log = server.request("GET", f"/v1/tournaments/{cup['id']}/log", host)
    assert status == 200, log
    entrants = [e["entrant"] for e in log["events"] if e["type"] == "entrant_joined"]
    results = []
    for paired in (e for e in log["events"] if e["type"] == "round_paired"):
        for table, game_id in zip(paired["tables"], paired["games"], strict=True):
            status, score = server.request("GET", f"/v1/games/{game_id}/score", host)
            assert status == 200, score
            totals = [p["score"]["total"] for p in score["players"]]
            results.append(TableResult(dict(zip(table, totals, strict=True))))
    rebuilt = [(s.entrant, s.points) for s in standings(entrants, results)]
    assert rebuilt == [(s["entrant"], s["points"]) for s in cup["standings"]]


def test_no_pair_meets_more_than_twice(
        finished: tuple[EmbeddedServer, str, dict[str, Any]]) -> None:
    _, _, cup = finished
    rounds = [[t["entrants"] for t in r["tables"]] for r in cup["played_rounds"]]
    assert max(meetings(rounds).values()) <= 2
