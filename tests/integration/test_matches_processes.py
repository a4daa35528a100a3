"""Quick match across processes and restarts, on both databases: requests sent at once
from several processes form only full, compatible tables, each request at one at
most, and none is lost; a waiting request outlives the server that took it."""

from __future__ import annotations

import multiprocessing
import random
from typing import Any

from domain.maps import rules_for
from events import SqlStore, open_store
from referee.quick_match import new_game_id, players_per_map
from tests.api_support import Client, make_app

PROCESSES = 4
REQUESTS = 40
SETTINGS: list[dict[str, Any]] = [
    {"map": "europe"}, {"map": "nordic", "max_players": 3}, {"map": None},
    {"map": None, "min_players": 3}, {"map": "usa", "rated": False},
    {"map": "nordic", "days_per_turn": 1}, {"map": None, "turn_time_limit": 120},
]


def _ask_in_process(url: str, asks: list[tuple[str, dict[str, Any]]],
                    start: Any, results: Any) -> None:
    """One server process: wait for the others, then send its requests."""
    app = make_app(url)
    client = Client(app, checking=False)
    answers = []
    start.wait()
    for token, body in asks:
        answer = client.post("/v1/matches", token=token, json=body)
        answers.append((answer.status_code, answer.json))
    results.put(answers)
    app.extensions["ttr"].close()


def _compatible(requests: list[Any], seats: int, map_name: str) -> bool:
    rules = rules_for(map_name)
    return (len({(r.rated, r.turn_time_limit) for r in requests}) == 1
            and all(r.map_name in (None, map_name) for r in requests)
            and all(r.min_players <= seats <= r.max_players for r in requests)
            and rules.min_players <= seats <= rules.max_players)


def test_requests_sent_at_once_from_several_processes_form_only_full_compatible_tables(
        store_url: str) -> None:
    app = make_app(store_url)
    client = Client(app, checking=False)
    rng = random.Random(32)
    asks = [(client.new_user(f"P{i}"), rng.choice(SETTINGS)) for i in range(REQUESTS)]
    ctx = multiprocessing.get_context("spawn")
    start, results = ctx.Barrier(PROCESSES), ctx.Queue()
    workers = [ctx.Process(target=_ask_in_process, args=(
        store_url, asks[i::PROCESSES], start, results)) for i in range(PROCESSES)]
    for worker in workers:
        worker.start()
    answers = [a for _ in workers for a in results.get(timeout=120)]
    for worker in workers:
        worker.join(30)
    assert sorted({status for status, _ in answers}) == [201]
    store: SqlStore = open_store(store_url)  # type: ignore[assignment]
    try:
        ids = {body["id"] for _, body in answers}
        requests = [store.match_request(i) for i in ids]
        games = {r.game_id for r in requests if r is not None and r.game_id}
        assert games, "some requests were paired"
        seated: list[str] = []
        for game_id in games:
            at_table = store.requests_of_game(game_id)
            row = store.game_row(game_id)
            assert row is not None and row.status == "playing"
            assert len(at_table) == row.seats
            assert _compatible(at_table, row.seats, row.map)
            seated += [r.request_id for r in at_table]
        assert len(seated) == len(set(seated))
        waiting = store.waiting_matches()
        assert len(waiting) + len(seated) == REQUESTS
        assert store.pair_matches(store.clock(), players_per_map(), new_game_id) == []
    finally:
        store.close()
        app.extensions["ttr"].close()


def test_a_waiting_request_outlives_a_restart_and_is_paired_after_it(store_url: str) -> None:
    first = make_app(store_url)
    client = Client(first)
    alice, bob = client.new_user("Alice"), client.new_user("Bob")
    asked = client.post("/v1/matches", token=alice, json={"map": "usa"}).json
    assert asked is not None
    first.extensions["ttr"].close()

    again = Client(make_app(store_url))
    try:
        kept = again.get(f"/v1/matches/{asked['id']}", token=alice).json
        assert kept is not None and kept["state"] == "waiting"
        paired = again.post("/v1/matches", token=bob, json={"map": "usa"}).json
        assert paired is not None and paired["state"] == "matched"
        seen = again.get(f"/v1/matches/{asked['id']}", token=alice).json
        assert seen is not None and seen["game_id"] == paired["game_id"]
    finally:
        again.app.extensions["ttr"].close()
