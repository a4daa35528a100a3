"""Export, verification and import: a finished game verifies with no database, and every
kind of tampering is caught at the first event it touches."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from events import MEMORY_URL
from events.verify import verify_export
from messaging.notify import LocalNotifier
from service.api import audit
from tests.api_support import Client, Table, make_app, open_table, play_to_the_end, wait_for_score
from tests.worker_support import RecordingJobs

ADMIN = "admin-secret-token"


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL, admin_token=ADMIN)
    yield app
    app.extensions["ttr"].close()


@pytest.fixture(scope="module")
def client(app: Flask) -> Client:
    return Client(app)


@pytest.fixture(scope="module")
def finished(client: Client) -> tuple[Table, list[dict[str, Any]]]:
    table = open_table(client, "europe", 3)
    play_to_the_end(client, table, seed=11)
    wait_for_score(client, table)
    export = client.get(f"/v1/games/{table.game_id}/export", token=table.tokens[0])
    assert export.status_code == 200 and export.mimetype == "application/x-ndjson"
    return table, [json.loads(line) for line in export.get_data(True).splitlines()]


def lines(records: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(r) for r in records]


def test_a_finished_games_export_is_complete_and_verifies(
        finished: tuple[Table, list[dict[str, Any]]]) -> None:
    _, records = finished
    assert all(r["hidden"] == [] for r in records)
    assert records[-1]["type"] == "game_scored"
    verdict = verify_export(lines(records))
    assert verdict.ok, verdict
    assert verdict.seed_matches_commitment and verdict.score_matches
    assert verdict.checked == len(records)


def test_the_server_verifies_an_export_too(client: Client,
                                          finished: tuple[Table, list[dict[str, Any]]]) -> None:
    _, records = finished
    response = client.post("/v1/verify", data="\n".join(lines(records)),
                           headers={"Content-Type": "application/x-ndjson"})
    assert response.status_code == 200 and response.json["ok"]  # type: ignore[index]


def test_no_more_exports_are_verified_at_once_than_the_limit(
        client: Client, finished: tuple[Table, list[dict[str, Any]]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, records = finished
    body = "\n".join(lines(records))
    at_once, most = [0], [0]
    changed = threading.Condition()
    original = audit.verify_export

    def slow_verify(export_lines: Any) -> Any:
        with changed:
            at_once[0] += 1
            most[0] = max(most[0], at_once[0])
            changed.notify_all()
            # the first ones wait (a few seconds at most) until as many run as may: on a
            # busy machine a fixed pause let one finish before the last had come in
            changed.wait_for(lambda: most[0] >= audit.EXPORTS_AT_ONCE, timeout=5)
        time.sleep(0.05)
        with changed:
            at_once[0] -= 1
        return original(export_lines)

    monkeypatch.setattr(audit, "verify_export", slow_verify)
    statuses: list[int] = []

    def verify() -> None:
        statuses.append(client.fork().post(
            "/v1/verify", data=body, headers={"Content-Type": "application/x-ndjson"}
        ).status_code)

    threads = [threading.Thread(target=verify) for _ in range(audit.EXPORTS_AT_ONCE + 3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [200] * len(threads)
    assert most[0] == audit.EXPORTS_AT_ONCE


def test_ttr_verify_checks_a_file_with_no_database(
        tmp_path: Path, finished: tuple[Table, list[dict[str, Any]]]) -> None:
    _, records = finished
    good = tmp_path / "good.ndjson"
    good.write_text("\n".join(lines(records)))
    run = subprocess.run([sys.executable, "-m", "bootstrap.cli", "verify", str(good)],
                         capture_output=True, text=True, env={"PATH": "/usr/bin"})
    assert run.returncode == 0 and json.loads(run.stdout)["ok"]
    bad = tmp_path / "bad.ndjson"
    bad.write_text("\n".join(lines(records[:-5] + records[-4:])))
    run = subprocess.run([sys.executable, "-m", "bootstrap.cli", "verify", str(bad)],
                         capture_output=True, text=True, env={"PATH": "/usr/bin"})
    assert run.returncode == 1 and not json.loads(run.stdout)["ok"]


def _first(records: list[dict[str, Any]], type_name: str,
           where: Callable[[dict[str, Any]], bool] = lambda r: True) -> int:
    return next(i for i, r in enumerate(records) if r["type"] == type_name and where(r))


def _other_card(card: str) -> str:
    return "red" if card != "red" else "blue"


def tamper_blind_card(records: list[dict[str, Any]]) -> int:
    i = _first(records, "card_drawn_blind")
    records[i]["data"]["card"] = _other_card(records[i]["data"]["card"])
    return i


def tamper_market_refill(records: list[dict[str, Any]]) -> int:
    i = _first(records, "market_refilled", lambda r: r["version"] > 20)
    records[i]["data"]["cards"][0] = _other_card(records[i]["data"]["cards"][0])
    return i


def tamper_claim_cards(records: list[dict[str, Any]]) -> int:
    i = _first(records, "route_claimed")
    cards = records[i]["data"]["cards"]
    kind = next(iter(cards))
    cards[kind] += 1
    return i


def tamper_remove_event(records: list[dict[str, Any]]) -> int:
    i = _first(records, "turn_ended", lambda r: r["version"] > 30)
    del records[i]
    return i


def tamper_duplicate_event(records: list[dict[str, Any]]) -> int:
    i = _first(records, "card_taken")
    records.insert(i + 1, json.loads(json.dumps(records[i])))
    return i + 1


def tamper_swap_events(records: list[dict[str, Any]]) -> int:
    i = _first(records, "card_drawn_blind", lambda r: r["version"] > 40)
    records[i], records[i + 1] = records[i + 1], records[i]
    return i


def tamper_score(records: list[dict[str, Any]]) -> int:
    i = _first(records, "game_scored")
    records[i]["data"]["players"][0]["score"]["total"] += 10
    return i


def tamper_winner(records: list[dict[str, Any]]) -> int:
    i = _first(records, "game_scored")
    losers = [p["seat"] for p in records[i]["data"]["players"] if not p["winner"]]
    records[i]["data"]["winners"] = losers[:1]
    return i


def tamper_revealed_seed(records: list[dict[str, Any]]) -> int:
    i = _first(records, "seed_revealed")
    records[i]["data"]["seed"] = "00" * 32
    return i


def tamper_table_seed(records: list[dict[str, Any]]) -> int:
    records[0]["data"]["seed"] = "11" * 32
    return 0


def tamper_deal(records: list[dict[str, Any]]) -> int:
    i = _first(records, "game_started")
    deck = records[i]["data"]["deck"]
    deck[0], deck[-1] = deck[-1], deck[0]
    if deck[0] == deck[-1]:
        deck[0] = _other_card(deck[0])
    return i


def tamper_ticket_kept(records: list[dict[str, Any]]) -> int:
    i = _first(records, "tickets_kept")
    offered = set(records[i]["data"]["kept"]) | set(records[i]["data"]["returned"])
    # (five regular tickets: more than a player is offered, so one was not)
    records[i]["data"]["kept"][0] = next(t for t in (
        "europe/amsterdam-pamplona", "europe/zurich-budapest", "europe/amsterdam-wilno",
        "europe/angora-kharkov", "europe/paris-zagrab") if t not in offered)
    return i


TAMPERINGS = [tamper_blind_card, tamper_market_refill, tamper_claim_cards, tamper_remove_event,
              tamper_duplicate_event, tamper_swap_events, tamper_score, tamper_winner,
              tamper_revealed_seed, tamper_table_seed, tamper_deal, tamper_ticket_kept]


@pytest.mark.parametrize("tamper", TAMPERINGS, ids=lambda f: f.__name__)
def test_every_tampering_is_caught_at_the_event_it_touches(
        tamper: Callable[[list[dict[str, Any]]], int],
        finished: tuple[Table, list[dict[str, Any]]]) -> None:
    records = json.loads(json.dumps(finished[1]))
    index = tamper(records)
    verdict = verify_export(lines(records))
    assert not verdict.ok
    assert verdict.reason
    assert verdict.checked <= index + 1, (verdict, index)


def test_a_forged_choice_the_rules_allow_is_caught_by_the_recorded_score(
        finished: tuple[Table, list[dict[str, Any]]]) -> None:
    # Keeping other tickets than the player kept is a legal choice: the rules alone
    # cannot tell it from the real one, but the score recorded at the end can.
    records = json.loads(json.dumps(finished[1]))
    i = _first(records, "tickets_kept", lambda r: len(r["data"]["returned"]) >= 2
               and len(r["data"]["kept"]) == len(r["data"]["returned"]))
    data = records[i]["data"]
    data["kept"], data["returned"] = data["returned"], data["kept"]
    verdict = verify_export(lines(records))
    assert not verdict.ok and verdict.type == "game_scored"


def test_an_export_during_play_is_redacted_and_cannot_be_verified(client: Client) -> None:
    table = open_table(client, "usa", 2)
    export = client.get(f"/v1/games/{table.game_id}/export", token=table.tokens[0])
    records = [json.loads(line) for line in export.get_data(True).splitlines()]
    started = next(r for r in records if r["type"] == "game_started")
    assert "seed" not in started["data"] and "deck" not in started["data"]
    assert started["data"]["hands"][1] is None and started["data"]["hands"][0] is not None
    verdict = verify_export(lines(records))
    assert not verdict.ok and "hidden" in (verdict.reason or "")


def test_an_administrator_imports_a_verified_game_elsewhere(
        finished: tuple[Table, list[dict[str, Any]]]) -> None:
    table, records = finished
    other = make_app(MEMORY_URL, admin_token=ADMIN)
    try:
        client = Client(other)
        body = "\n".join(lines(records))
        headers = {"Content-Type": "application/x-ndjson"}
        refused = client.post("/v1/games/import", data=body, headers=headers,
                              token=client.new_user())
        assert refused.status_code == 403
        imported = client.post("/v1/games/import", data=body, headers=headers, token=ADMIN)
        assert imported.status_code == 201, imported.json
        assert imported.json["status"] == "finished"  # type: ignore[index]
        score = client.get(f"/v1/games/{table.game_id}/score").json
        assert score is not None and score["winners"] == records[-1]["data"]["winners"]
        again = client.get(f"/v1/games/{table.game_id}/export").get_data(True)
        assert [json.loads(x)["data"] for x in again.splitlines()] == [r["data"] for r in records]
        assert [json.loads(x)["recorded_at"] for x in again.splitlines()] == [
            r["recorded_at"] for r in records]
        twice = client.post("/v1/games/import", data=body, headers=headers, token=ADMIN)
        assert twice.status_code == 409
    finally:
        other.extensions["ttr"].close()


def test_a_tampered_export_is_not_imported(
        finished: tuple[Table, list[dict[str, Any]]]) -> None:
    records = json.loads(json.dumps(finished[1]))
    tamper_score(records)
    other = make_app(MEMORY_URL, admin_token=ADMIN)
    try:
        response = Client(other).post("/v1/games/import", data="\n".join(lines(records)),
                                      headers={"Content-Type": "application/x-ndjson"},
                                      token=ADMIN)
        assert response.status_code == 422
        assert response.json["code"] == "export_invalid"  # type: ignore[index]
    finally:
        other.extensions["ttr"].close()


class _Heard(LocalNotifier):
    """A notifier that also writes down what it was asked to publish."""

    def __init__(self) -> None:
        super().__init__()
        self.published: list[tuple[str, int, list[str]]] = []

    def publish(self, game_id: str, version: int, users: Iterable[str] = ()) -> None:
        self.published.append((game_id, version, sorted(users)))
        super().publish(game_id, version, users)


def test_an_imported_game_is_announced_but_sends_its_players_no_webhooks(
        finished: tuple[Table, list[dict[str, Any]]]) -> None:
    table, records = finished
    heard, jobs = _Heard(), RecordingJobs()
    other = make_app(MEMORY_URL, admin_token=ADMIN, notifier=heard, jobs=jobs)
    try:
        players = sorted({r["data"]["user_id"] for r in records if r["type"] == "seat_taken"})
        for user_id in players:  # every player listens: an announcement would reach them
            other.extensions["ttr"].store.put_webhook(user_id, "https://a.example/", "s" * 32)
        imported = Client(other).post("/v1/games/import", data="\n".join(lines(records)),
                                      headers={"Content-Type": "application/x-ndjson"},
                                      token=ADMIN)
        assert imported.status_code == 201, imported.json
        assert heard.published == [(table.game_id, len(records), players)]
        assert jobs.scored == [] and jobs.deadlines == []  # finished and scored already
        assert jobs.fan_outs == []  # old news: its players heard it where they played
    finally:
        other.extensions["ttr"].close()
