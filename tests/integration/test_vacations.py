"""Correspondence players away from the table, on every adapter (both databases and
memory), through the API on a simulated clock: a vacation pauses the turn deadline as
events every player sees and gives it back moved by the time away; the yearly
allowance, overlaps and the past are refused naming the rule; acting ends a vacation
early; a turn is reminded once when a quarter of its time is left, and not once it
has been played."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from flask import Flask

from events import open_store
from events.vacations import Vacation
from referee import vacations
from tests.api_support import Client, Table, make_app, open_table
from tests.worker_support import FakeClock

DAY = 24 * 3600
FOUR_DAYS = 4 * DAY


@pytest.fixture(scope="module")
def clock(module_adapter_url: str) -> FakeClock:
    """One clock per adapter's app: from 23 November, its tests move it on by days."""
    return FakeClock()


@pytest.fixture(scope="module")
def app(module_adapter_url: str, clock: FakeClock) -> Iterator[Flask]:
    """One app per adapter for the module (each test has players and games of its own)."""
    store = open_store(module_adapter_url, clock=clock)
    store.migrate()
    app = make_app(module_adapter_url, store=store, clock=clock,  # type: ignore[arg-type]
                   webhook_allow_private=True)
    yield app
    app.extensions["ttr"].close()


@pytest.fixture
def client(app: Flask) -> Client:
    return Client(app)


@pytest.fixture
def own_clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def own_app(adapter_url: str, own_clock: FakeClock) -> Iterator[Flask]:
    """An app and store of the test's own: a reminder is a job due at a moment of the
    moved clock, and in the module's shared app every earlier test's games come due
    with it (their time-outs, one after another), which on a busy machine outlasted
    any wait."""
    store = open_store(adapter_url, clock=own_clock)
    store.migrate()
    app = make_app(adapter_url, store=store, clock=own_clock,  # type: ignore[arg-type]
                   webhook_allow_private=True)
    yield app
    app.extensions["ttr"].close()


def stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def view(client: Client, table: Table, seat: int) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/v1/games/{table.game_id}",
                                      token=table.tokens[seat]).json  # type: ignore[assignment]
    return body


def events_of(client: Client, table: Table, seat: int = 0) -> list[dict[str, Any]]:
    page = client.get(f"/v1/games/{table.game_id}/events?after=0&limit=5000",
                      token=table.tokens[seat]).json
    return page["events"]  # type: ignore[index,no-any-return]


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in events if e["type"] == kind]


def keep_all(client: Client, table: Table) -> None:
    for token in table.tokens:
        moves = client.get(f"/v1/games/{table.game_id}/moves",
                           token=token).json["moves"]  # type: ignore[index]
        keep = max((m for m in moves if m["type"] == "keep_tickets"),
                   key=lambda m: len(m["tickets"]))
        assert client.post(f"/v1/games/{table.game_id}/actions", token=token,
                           json=keep).status_code == 200


def playing(client: Client, minutes: int = FOUR_DAYS) -> Table:
    """A correspondence game of two, past the setup: seat `turn.seat` must act."""
    table = open_table(client, "usa", 2, turn_time_limit=minutes)
    keep_all(client, table)
    return table


def draw_two(client: Client, table: Table, seat: int) -> None:
    """Seat `seat` plays its turn: two blind cards."""
    for _ in range(2):
        assert client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                           json={"type": "draw_card", "source": "deck"}).status_code == 200


def declare(client: Client, token: str, days: int, starts_at: datetime | None = None) -> Any:
    body: dict[str, Any] = {"days": days}
    if starts_at is not None:
        body["starts_at"] = starts_at.isoformat()
    return client.post("/v1/users/me/vacation", token=token, json=body)


def settle(app: Flask, until: Callable[[], bool] | None = None, timeout: float = 60.0) -> None:
    """Let the in-process timer run the jobs due on the moved clock (it looks every
    second), and the jobs finish. (The wait is long: moving the clock by days also
    brings due every earlier test's deadlines, whose jobs come first on a busy machine.)"""
    jobs = app.extensions["ttr"].jobs
    if until is None:
        time.sleep(1.2)
    else:
        limit = time.monotonic() + timeout
        while not until():
            assert time.monotonic() < limit, "the job did not run"
            time.sleep(0.05)
    jobs.wait_idle()


# -- vacations -----------------------------------------------------------------------------

def test_a_vacation_pauses_the_deadline_and_gives_it_back_moved_by_the_time_away(
        app: Flask, client: Client, clock: FakeClock) -> None:
    table = playing(client)
    seat = view(client, table, 0)["turn"]["seat"]
    deadline = datetime.fromisoformat(view(client, table, seat)["deadline"])
    clock.advance(days=1)
    assert declare(client, table.tokens[seat], 3).status_code == 201
    paused = view(client, table, 1 - seat)
    assert paused["away"] == [seat] and paused["deadline"] is None
    # the other player sees the pause in the game's log, with the time the turn had left
    [pause] = of_type(events_of(client, table, 1 - seat), "deadline_paused")
    assert pause["seat"] == seat and pause["time_left"] == 3 * DAY
    clock.advance(days=3)  # the vacation is over: its end job runs
    settle(app, lambda: view(client, table, seat)["away"] == [])
    assert of_type(events_of(client, table), "deadline_resumed") == [{"seat": seat}]
    moved = datetime.fromisoformat(view(client, table, seat)["deadline"])
    assert moved - deadline == timedelta(days=3)  # exactly the time away


def test_a_turn_that_began_while_away_gets_its_whole_time(
        client: Client, clock: FakeClock) -> None:
    table = playing(client)
    seat = view(client, table, 0)["turn"]["seat"]
    other = 1 - seat
    assert declare(client, table.tokens[other], 2).status_code == 201
    assert view(client, table, seat)["deadline"] is not None  # not the one away: it runs
    draw_two(client, table, seat)
    assert view(client, table, other)["deadline"] is None  # their turn: paused
    clock.advance(hours=5)
    ended = client.request("DELETE", "/v1/users/me/vacation", token=table.tokens[other])
    assert ended.status_code == 200
    assert view(client, table, other)["deadline"] == stamp(clock.now + timedelta(days=4))


def test_acting_in_a_game_ends_the_vacation_early(app: Flask, client: Client,
                                                 clock: FakeClock) -> None:
    table = playing(client)
    seat = view(client, table, 0)["turn"]["seat"]
    assert declare(client, table.tokens[seat], 5).status_code == 201
    clock.advance(days=1, hours=2)
    draw_two(client, table, seat)  # back before the end: the vacation ends now
    settle(app, lambda: not client.get("/v1/users/me/vacation",
                                       token=table.tokens[seat]).json["away"])  # type: ignore[index]
    assert of_type(events_of(client, table), "deadline_resumed") == [{"seat": seat}]
    standing = client.get("/v1/users/me/vacation", token=table.tokens[seat]).json
    assert standing["days_left"] == 14 - 2  # type: ignore[index]  # a day begun is a day used


def test_a_live_game_is_not_paused(client: Client) -> None:
    table = playing(client, minutes=600)
    seat = view(client, table, 0)["turn"]["seat"]
    assert declare(client, table.tokens[seat], 1).status_code == 201
    assert view(client, table, seat)["deadline"] is not None
    assert of_type(events_of(client, table), "deadline_paused") == []


def test_days_beyond_the_years_allowance_are_refused(client: Client, clock: FakeClock) -> None:
    token = client.new_user("Traveller")
    assert declare(client, token, 10).status_code == 201
    refused = declare(client, token, 5, clock.now + timedelta(days=11))
    assert refused.status_code == 422
    assert refused.json["code"] == "vacation_allowance"  # type: ignore[index]
    standing = client.get("/v1/users/me/vacation", token=token).json
    assert standing["days_left"] == 4 and len(standing["vacations"]) == 1  # type: ignore[index]


def test_an_overlapping_vacation_is_refused(client: Client, clock: FakeClock) -> None:
    token = client.new_user("Traveller")
    assert declare(client, token, 3, clock.now + timedelta(days=2)).status_code == 201
    refused = declare(client, token, 2, clock.now + timedelta(days=4))
    assert refused.status_code == 422
    assert refused.json["code"] == "vacation_overlaps"  # type: ignore[index]


def test_a_vacation_in_the_past_is_refused(client: Client, clock: FakeClock) -> None:
    token = client.new_user("Traveller")
    refused = declare(client, token, 2, clock.now + timedelta(days=-1))
    assert refused.status_code == 422
    assert refused.json["code"] == "vacation_in_past"  # type: ignore[index]


def test_a_vacation_whose_job_was_lost_is_applied_by_the_sweep(
        app: Flask, client: Client, clock: FakeClock) -> None:
    table = playing(client)
    seat = view(client, table, 0)["turn"]["seat"]
    user_id = client.get("/v1/users/me", token=table.tokens[seat]).json["id"]  # type: ignore[index]
    services = app.extensions["ttr"]
    # stored without its jobs (as if they were lost with an in-process queue)
    services.store.add_vacation(Vacation("v_lost", user_id, clock.now - timedelta(hours=1),
                                         clock.now + timedelta(days=2), clock.now))
    assert vacations.ask_again(services.referee) >= 1
    settle(app, lambda: view(client, table, 1 - seat)["away"] == [seat])
    assert services.store.vacations_of(user_id)[0].applied == "away"


# -- reminders -----------------------------------------------------------------------------

def reminders_of(client: Client, token: str, game_id: str) -> list[dict[str, Any]]:
    listed = client.get("/v1/users/me/webhook/deliveries", token=token).json
    return [d for d in listed["deliveries"]  # type: ignore[index]
            if d["kind"] == "deadline_near" and d["game_id"] == game_id]


def hooked(client: Client, table: Table) -> None:
    for token in table.tokens:
        assert client.request("PUT", "/v1/users/me/webhook", token=token, json={
            "url": "http://127.0.0.1:9/hook", "secret": "s" * 32}).status_code in (200, 201)


def test_a_turn_is_reminded_once_when_a_quarter_of_its_time_is_left(
        own_app: Flask, own_clock: FakeClock) -> None:
    app, clock, client = own_app, own_clock, Client(own_app)
    table = playing(client)
    hooked(client, table)
    seat = view(client, table, 0)["turn"]["seat"]
    clock.advance(days=3, seconds=1)  # a quarter of the four days is left
    settle(app, lambda: bool(reminders_of(client, table.tokens[seat], table.game_id)))
    clock.advance(hours=12)
    settle(app)
    assert len(reminders_of(client, table.tokens[seat], table.game_id)) == 1
    assert reminders_of(client, table.tokens[1 - seat], table.game_id) == []


def test_a_turn_already_played_is_not_reminded(own_app: Flask,
                                              own_clock: FakeClock) -> None:
    app, clock, client = own_app, own_clock, Client(own_app)
    table = playing(client)
    hooked(client, table)
    seat = view(client, table, 0)["turn"]["seat"]
    clock.advance(days=1)
    draw_two(client, table, seat)  # played before its quarter
    clock.advance(days=2, seconds=1)  # its reminder's time: the turn has moved on
    settle(app)
    assert reminders_of(client, table.tokens[seat], table.game_id) == []
