"""Webhooks through the API (embedded app, in-process jobs, every response checked against
the contract): registering and removing one, refusing private addresses, every attempt
visible at /deliveries, a receiver that is down never slowing the game, and two bots
playing a whole game days apart on a simulated clock, each learning that it is their
turn from their webhook alone."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from flask import Flask

from events import MEMORY_URL, SqlStore, open_store
from tests.api_support import (
    Client,
    Table,
    choose,
    make_app,
    open_table,
    play_to_the_end,
    wait_for_score,
)
from tests.webhook_receiver import SECRET, Received, Receiver, always, failing_first
from tests.worker_support import FakeClock

FAST = (0.05, 0.1, 0.2)  # retry delays in these tests, instead of 10 s, 30 s, 2 min, …
WEBHOOK = "/v1/users/me/webhook"


@pytest.fixture
def make() -> Iterator[Callable[..., Client]]:
    apps: list[Flask] = []

    def build(allow_private: bool = True, clock: Any = None, **settings: Any) -> Client:
        settings.setdefault("webhook_retry_delays", FAST)
        settings.setdefault("webhook_timeout", 0.5)
        store = open_store(MEMORY_URL, clock=clock) if clock is not None else None
        app = make_app(MEMORY_URL, webhook_allow_private=allow_private, store=store, clock=clock,
                       **settings)
        apps.append(app)
        return Client(app)

    yield build
    for app in apps:
        app.extensions["ttr"].close()


@pytest.fixture
def client(make: Callable[..., Client]) -> Client:
    return make()


@pytest.fixture
def receivers() -> Iterator[Callable[..., Receiver]]:
    made: list[Receiver] = []

    def build(**options: Any) -> Receiver:
        made.append(Receiver(**options))
        return made[-1]

    yield build
    for r in made:
        r.close()


def register(client: Client, token: str, url: str, secret: str = SECRET) -> Any:
    return client.request("PUT", WEBHOOK, token=token, json={"url": url, "secret": secret})


def deliveries(client: Client, token: str, limit: int = 50) -> list[dict[str, Any]]:
    response = client.get(f"{WEBHOOK}/deliveries?limit={limit}", token=token)
    assert response.status_code == 200, response.json
    found: list[dict[str, Any]] = response.json["deliveries"]  # type: ignore[index]
    return found


def wait_delivery(client: Client, token: str, check: Callable[[dict[str, Any]], bool],
                  timeout: float = 10.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        found = [d for d in deliveries(client, token) if check(d)]
        if found:
            return found[0]
        assert time.monotonic() < end, deliveries(client, token)
        time.sleep(0.02)


# -- the registration ----------------------------------------------------------------------------

def test_a_webhook_is_registered_shown_without_its_secret_and_removed(
        client: Client, receivers: Callable[..., Receiver]) -> None:
    token = client.new_user("Bot")
    url = receivers().url
    missing = client.get(WEBHOOK, token=token)
    assert missing.status_code == 404 and missing.json["type"] == "/problems/not-found"  # type: ignore[index]
    created = register(client, token, url)
    assert created.status_code == 201 and created.json["url"] == url  # type: ignore[index]
    assert "secret" not in created.json  # type: ignore[operator]
    replaced = register(client, token, url, "another-secret-of-16+")
    assert replaced.status_code == 200
    shown = client.get(WEBHOOK, token=token).json
    assert shown is not None and shown["url"] == url and "secret" not in shown
    assert client.request("DELETE", WEBHOOK, token=token).status_code == 204
    assert client.get(WEBHOOK, token=token).status_code == 404
    assert client.request("DELETE", WEBHOOK, token=token).status_code == 204
    assert client.post(f"{WEBHOOK}/ping", token=token).status_code == 404
    assert client.get(WEBHOOK).status_code == 401


@pytest.mark.parametrize("body", [
    {"url": "ftp://example.com/hook", "secret": SECRET},
    {"url": "not a url", "secret": SECRET},
    {"url": "https://example.com/hook", "secret": "too-short"},
    {"url": "https://example.com/hook", "secret": "x" * 201},
    {"url": "https://example.com/hook"},
    {"url": "https://example.com/hook", "secret": SECRET, "events": ["all"]},
])
def test_a_malformed_registration_is_a_400(client: Client, body: dict[str, Any]) -> None:
    token = client.new_user("Bot")
    refused = client.request("PUT", WEBHOOK, token=token, json=body)
    assert refused.status_code == 400 and refused.json["type"] == "/problems/invalid-request"  # type: ignore[index]


def test_private_addresses_are_refused_unless_the_operator_allows_them(
        make: Callable[..., Client], receivers: Callable[..., Receiver]) -> None:
    strict = make(allow_private=False)
    token = strict.new_user("Bot")
    for url in (receivers().url, "http://localhost/hook", "http://10.0.0.7/hook",
                "http://169.254.169.254/latest/meta-data/", "http://[::1]:8080/",
                "http://[64:ff9b::a9fe:a9fe]/", "http://[2002:a00:1::1]/"):
        refused = register(strict, token, url)
        assert refused.status_code == 400, url
        assert refused.json["errors"]["url"], url  # type: ignore[index]
    # what an internal name resolves to is not told
    named = register(strict, token, "http://localhost/hook").json
    assert named is not None and "127.0.0.1" not in str(named) and "::1" not in str(named)
    assert strict.get(WEBHOOK, token=token).status_code == 404
    # a host that does not resolve (yet) is taken; its attempts say why they fail
    assert register(strict, token, "https://no-such-host.invalid/hook").status_code == 201
    strict.post(f"{WEBHOOK}/ping", token=token)
    tried = wait_delivery(strict, token, lambda d: len(d["attempts"]) > 0)
    assert "cannot resolve" in tried["attempts"][0]["error"]


# -- deliveries and their attempts -----------------------------------------------------------------

def test_every_attempt_is_visible_and_retries_carry_the_same_delivery(
        client: Client, receivers: Callable[..., Receiver]) -> None:
    receiver = receivers(script=failing_first("500", "hang"))
    token = client.new_user("Bot")
    register(client, token, receiver.url)
    pinged = client.post(f"{WEBHOOK}/ping", token=token)
    assert pinged.status_code == 202
    ping: dict[str, Any] = pinged.json  # type: ignore[assignment]
    assert ping["kind"] == "ping" and ping["status"] == "pending" and ping["game_id"] is None
    got = receiver.wait_for(lambda r: len(r) == 3)
    assert {r.delivery for r in got} == {ping["id"]}
    assert all(r.valid for r in got) and {r.body["id"] for r in got} == {ping["id"]}
    assert {r.headers["X-TTR-Event"] for r in got} == {"ping"}
    shown = wait_delivery(client, token, lambda d: d["status"] == "delivered")
    assert shown["id"] == ping["id"] and shown["next_attempt_at"] is None
    attempts = shown["attempts"]
    assert [(a["number"], a["status_code"]) for a in attempts] == [(1, 500), (2, None), (3, 200)]
    assert attempts[0]["error"] is None and "no answer" in attempts[1]["error"]
    assert attempts[1]["duration_ms"] >= 400  # it waited for the 0.5 s timeout
    assert attempts[0]["at"] < attempts[1]["at"] < attempts[2]["at"]


def test_a_pending_delivery_shows_its_next_attempt(
        make: Callable[..., Client], receivers: Callable[..., Receiver]) -> None:
    client = make(webhook_retry_delays=(3600,))
    receiver = receivers(script=always("500"))
    token = client.new_user("Bot")
    register(client, token, receiver.url)
    client.post(f"{WEBHOOK}/ping", token=token)
    shown = wait_delivery(client, token, lambda d: len(d["attempts"]) == 1)
    assert shown["status"] == "pending"
    tried = datetime.fromisoformat(shown["attempts"][0]["at"])
    assert datetime.fromisoformat(shown["next_attempt_at"]) - tried == timedelta(hours=1)


def test_failed_attempts_are_counted_in_the_metrics(
        client: Client, receivers: Callable[..., Receiver]) -> None:
    def failures() -> float:
        text = client.http.get("/metrics").get_data(True)
        found = re.search(r"^ttr_webhook_failures_total (\S+)$", text, re.M)
        return float(found.group(1)) if found else 0.0

    before = failures()
    token = client.new_user("Bot")
    register(client, token, receivers(script=always("500")).url)
    client.post(f"{WEBHOOK}/ping", token=token)
    shown = wait_delivery(client, token, lambda d: d["status"] == "failed")
    assert len(shown["attempts"]) == len(FAST) + 1
    assert failures() - before == len(FAST) + 1


def test_deliveries_are_listed_newest_first(client: Client,
                                            receivers: Callable[..., Receiver]) -> None:
    token = client.new_user("Bot")
    register(client, token, receivers().url)
    ids = [client.post(f"{WEBHOOK}/ping", token=token).json["id"]  # type: ignore[index]
           for _ in range(3)]
    assert [d["id"] for d in deliveries(client, token)] == ids[::-1]
    assert [d["id"] for d in deliveries(client, token, limit=2)] == ids[:0:-1]
    assert client.get(f"{WEBHOOK}/deliveries?limit=0", token=token).status_code == 400


# -- a receiver that is down ----------------------------------------------------------------------

def test_a_receiver_that_is_down_never_slows_the_game(
        make: Callable[..., Client], receivers: Callable[..., Receiver]) -> None:
    # the real 5 s timeout; one receiver never answers, the other's port is closed
    client = make(webhook_timeout=5.0)
    hanging = receivers(script=always("hang"), hang=60)
    table = open_table(client, "usa", 2)
    register(client, table.tokens[0], hanging.url)
    closed = Receiver()
    closed.close()  # nothing listens there any more
    register(client, table.tokens[1], closed.url)
    client.post(f"{WEBHOOK}/ping", token=table.tokens[1])
    refused = wait_delivery(client, table.tokens[1], lambda d: len(d["attempts"]) > 0)
    assert refused["attempts"][0]["status_code"] is None
    assert "Connection" in refused["attempts"][0]["error"]
    slowest = 0.0
    original = client.post

    def timed_post(path: str, **kwargs: Any) -> Any:
        nonlocal slowest
        started = time.perf_counter()
        response = original(path, **kwargs)
        if path.endswith("/actions"):
            slowest = max(slowest, time.perf_counter() - started)
        return response

    client.post = timed_post  # type: ignore[method-assign]
    started = time.monotonic()
    actions = play_to_the_end(client, table, seed=5)
    score = wait_for_score(client, table, timeout=10)  # scoring waits for no receiver
    assert actions > 20 and score["winners"]
    # an action that waited for the hanging receiver would take its whole 5 s timeout;
    # a busy machine may take seconds over an action, never that wait on top of it
    assert slowest < 5.0, f"an action took {slowest:.2f} s: it waited for the receiver"
    assert time.monotonic() - started < 30
    assert hanging.received  # the deliveries were tried all along


# -- a whole game, days apart, driven by webhooks alone ---------------------------------------


class WebhookBot:
    """A player that acts only when its receiver has been told `your_turn`."""

    def __init__(self, client: Client, token: str, receiver: Receiver) -> None:
        self.client = client
        self.token = token
        self.receiver = receiver
        self.handled: set[str] = set()  # delivery ids (retries repeat them)

    def accepted(self, kind: str) -> list[Received]:
        """The requests of `kind` the receiver accepted (answered 200), once each."""
        seen: dict[str, Received] = {}
        for r in self.receiver.of_kind(kind):
            assert r.valid, r.headers
            if r.answered == "200":
                seen.setdefault(r.delivery, r)
        return list(seen.values())

    def told(self) -> Received | None:
        fresh = [r for r in self.accepted("your_turn") if r.delivery not in self.handled]
        return min(fresh, key=lambda r: r.body["version"]) if fresh else None

    def play_turn(self, notice: Received, rng: Any) -> int:
        """Act until this turn (or this setup choice) is over; returns the actions."""
        self.handled.add(notice.delivery)
        data = notice.body["data"]
        game_url = data["game_url"]
        moves = self.client.get(data["moves_url"], token=self.token).json["moves"]  # type: ignore[index]
        actions = 0
        while True:
            response = self.client.post(data["actions_url"], token=self.token,
                                        json=choose(moves, rng))
            assert response.status_code == 200, response.json
            result: dict[str, Any] = response.json  # type: ignore[assignment]
            actions += 1
            if data["seat"] not in result["to_act"] or data["phase"] == "setup":
                return actions
            moves = result["moves"]  # the same turn goes on (the second card)
            assert game_url.endswith(result["game_id"])


def test_two_bots_play_a_whole_game_days_apart_told_only_by_webhooks(
        make: Callable[..., Client], receivers: Callable[..., Receiver]) -> None:
    clock = FakeClock()
    client = make(clock=clock)
    store: SqlStore = client.app.extensions["ttr"].store
    alice, bob = client.new_user("Alice"), client.new_user("Bob")
    # Bob's receiver turns away the first attempt of every third delivery: retries
    bob_failures = failing_first("500")
    bobs = receivers(secret="bobs-secret-0123456789",
                     script=lambda d, n: bob_failures(d, n) if int(d[-2:], 16) % 3 == 0
                     else "200")
    bots = [WebhookBot(client, alice, receivers()),
            WebhookBot(client, bob, bobs)]
    register(client, alice, bots[0].receiver.url)
    register(client, bob, bobs.url, "bobs-secret-0123456789")
    game = client.post("/v1/games", token=alice, json={
        "map": "usa", "seats": 2, "turn_time_limit": 3 * 24 * 3600}).json
    assert game is not None
    game_id = game["id"]
    client.post(f"/v1/games/{game_id}/players", token=bob, json={})
    rng = random.Random(11)
    turns = actions = 0
    told_at: list[str] = []
    while True:
        clock.advance(days=1)  # a day between turns
        end = time.monotonic() + 10
        while True:
            waiting = [(bot, notice) for bot in bots if (notice := bot.told()) is not None]
            over = all(bot.accepted("game_ended") for bot in bots)
            if waiting or over:
                break
            assert time.monotonic() < end, "no webhook told anyone to act"
            time.sleep(0.01)
        if not waiting:
            break
        bot, notice = min(waiting, key=lambda w: w[1].body["version"])
        assert notice.body["game_id"] == game_id
        told_at.append(notice.body["created_at"])
        actions += bot.play_turn(notice, rng)
        turns += 1
        assert turns < 1000
    view = client.get(f"/v1/games/{game_id}", token=alice).json
    assert view is not None and view["phase"] == "ended"
    assert actions > 40
    # the turns were days apart on the game's clock
    stamps = [datetime.fromisoformat(t) for t in told_at[2:]]
    assert all(b - a >= timedelta(days=1) for a, b in zip(stamps, stamps[1:], strict=False))
    # every your_turn was for a turn that really was theirs: every action above succeeded
    score = wait_for_score(client, Table(game_id, [alice]))
    for bot in bots:
        scored = bot.receiver.wait_for(
            lambda r: any(x.kind == "game_scored" and x.answered == "200" for x in r))
        [told] = [x for x in scored if x.kind == "game_scored" and x.answered == "200"]
        assert told.body["data"]["winners"] == score["winners"]
        [started] = bot.accepted("game_started")
        assert started.body["data"]["players"][0]["name"] == "Alice"
        [ended] = bot.accepted("game_ended")
        assert ended.body["data"]["reason"] in ("final_round", "deadlock")
    # Bob's receiver refused some first attempts: those were retried, same id and body
    retried = [r for r in bobs.received if r.answered == "500"]
    assert retried
    for r in retried:
        again = [x for x in bobs.received if x.delivery == r.delivery and x.answered == "200"]
        assert len(again) == 1 and again[0].raw == r.raw
    end = time.monotonic() + 10
    while any(d["status"] != "delivered" for d in deliveries(client, bob, limit=200)):
        assert time.monotonic() < end  # (the last retry's answer is being recorded)
        time.sleep(0.02)
    assert any(len(d["attempts"]) == 2 for d in deliveries(client, bob, limit=200))
    assert store.game_row(game_id) is not None
