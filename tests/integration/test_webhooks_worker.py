"""Webhooks in the worker: which messages a change calls for and to whom (in memory), the
hand-over that costs nothing when no player has a webhook, the fan-out that stores each
delivery once, and delivering — signed, retried, given up, refused for private
addresses, picked up again by the sweep — with the in-process jobs runner."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from domain.commands import DrawCard, KeepTickets, Resign, TimeOut
from domain.decide import decide_system
from domain.events import Event
from domain.moves import legal_moves
from domain.table import Table, score_table
from events import SqlStore, system_actor
from events.clock import iso
from events.outcome import Outcome
from events.webhooks import DELIVERED, FAILED, NewDelivery
from referee.effects import follow_up
from referee.notices import Notice, hand_over, notices
from tests.webhook_fakes import FakeSender
from tests.webhook_receiver import SECRET, Receiver, always, failing_first
from tests.worker_support import (
    RecordingJobs,
    finished_game,
    make_context,
    move,
    new_game,
    to_act,
)
from worker import reports, webhook_delivery
from worker.context import WorkerContext, use_context
from worker.inline_jobs import InlineJobs
from worker.jobs import sweep
from worker.webhook_config import RETRY_DELAYS, WebhookConfig
from worker.webhook_sender import HttpSender, check_url, post
from worker.webhooks import deliver_webhook, fan_out_webhooks


def kinds(found: list[Notice]) -> list[tuple[str, str]]:
    return sorted((n.kind, n.user_id) for n in found)


def keep_first(table: Table, seat: int) -> KeepTickets:
    assert table.game is not None
    keep = next(m for m in legal_moves(table.game, seat) if isinstance(m, KeepTickets))
    return keep


def setup_done(ctx: WorkerContext, game_id: str) -> Outcome:
    """Everyone keeps tickets; the outcome of the last keep (the first turn begins)."""
    table = ctx.log.load(game_id)
    outcome = None
    while table.game is not None and table.game.phase == "setup":
        seat, user = to_act(table)
        outcome = move(ctx.log, game_id, user, keep_first(table, seat))
        table = outcome.after
    assert outcome is not None
    return outcome


# -- who hears what ----------------------------------------------------------------------------

def test_the_start_tells_everyone_and_asks_each_for_their_tickets(store: SqlStore) -> None:
    ctx = make_context(store)
    outcome = new_game(ctx.log, "g1", players=3, turn_time_limit=3600)
    found = notices(outcome)
    assert kinds(found) == [("game_started", u) for u in ("u0", "u1", "u2")] + [
        ("your_turn", u) for u in ("u0", "u1", "u2")]
    started = next(n for n in found if n.kind == "game_started" and n.user_id == "u1")
    assert started.data["seat"] == 1 and started.data["map"] == "usa"
    assert [p["name"] for p in started.data["players"]] == ["u0", "u1", "u2"]
    turn = next(n for n in found if n.kind == "your_turn" and n.user_id == "u2")
    assert turn.version == outcome.last_version and turn.data["phase"] == "setup"
    assert turn.data["seat"] == 2 and turn.data["game_url"] == "/v1/games/g1"
    # the deadline as the games index holds it
    row = store.game_row("g1")
    assert row is not None and row.deadline is not None
    assert turn.data["deadline"] == row.deadline.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def test_your_turn_comes_when_a_turn_begins_not_in_the_middle_of_one(store: SqlStore) -> None:
    ctx = make_context(store)
    new_game(ctx.log, "g1")
    table = ctx.log.load("g1")
    seat, user = to_act(table)
    first_keep = move(ctx.log, "g1", user, keep_first(table, seat))
    assert notices(first_keep) == []  # the other player is still choosing
    last_keep = setup_done(ctx, "g1")
    game = last_keep.after.game
    assert game is not None
    current = last_keep.after.seats[game.current].user_id
    assert kinds(notices(last_keep)) == [("your_turn", current)]  # the first turn begins
    first_card = move(ctx.log, "g1", current, DrawCard("deck"))
    assert notices(first_card) == []  # the same turn goes on
    second_card = move(ctx.log, "g1", current, DrawCard("deck"))
    other = next(s.user_id for s in second_card.after.seats if s.user_id != current)
    [turn] = notices(second_card)
    assert (turn.kind, turn.user_id, turn.data["phase"]) == ("your_turn", other, "playing")
    assert turn.data["turn"] == 1 and turn.data["deadline"] is None


def test_opponents_hear_of_a_time_out_a_drop_and_a_resignation(store: SqlStore) -> None:
    ctx = make_context(store)
    new_game(ctx.log, "g1", players=3, turn_time_limit=3600)
    setup_done(ctx, "g1")
    table = ctx.log.load("g1")
    seat, user = to_act(table)

    def time_out(t: Table | None) -> list[Event]:
        assert t is not None and t.game is not None
        return decide_system(t.game, TimeOut(seats=(seat,), deadline="2026-01-01T00:00:00Z",
                                             drop_after=1))

    timed = ctx.log.execute("g1", time_out, system_actor("clock"))
    others = sorted(s.user_id for s in table.seats if s.user_id != user)
    found = notices(timed)
    assert [n.user_id for n in found if n.kind == "player_timed_out"] == others
    assert [n.user_id for n in found if n.kind == "player_left"] == others
    left = next(n for n in found if n.kind == "player_left")
    assert left.data["seat"] == seat and left.data["reason"] == "dropped"
    assert left.data["name"] == user
    # the next player's turn begins
    assert [n.kind for n in found if n.user_id == to_act(timed.after)[1]][-1] == "your_turn"
    nxt_seat, nxt_user = to_act(timed.after)
    resigned = move(ctx.log, "g1", nxt_user, Resign())
    by_kind = {(n.kind, n.user_id) for n in notices(resigned)}
    assert ("player_left", nxt_user) not in by_kind
    assert ("player_left", user) in by_kind  # a player who left still hears of the game
    assert {n.data["reason"] for n in notices(resigned) if n.kind == "player_left"} == {
        "resigned"}
    ended = {n.kind for n in notices(resigned)}
    assert "game_ended" in ended  # one player left: the game is over


def test_the_end_and_the_score_go_to_every_player(store: SqlStore) -> None:
    ctx = make_context(store)
    last = finished_game(ctx.log, "g1", random.Random(3))
    found = notices(last)
    assert kinds(found) == [("game_ended", "u0"), ("game_ended", "u1")]
    assert found[0].data["reason"] in ("final_round", "deadlock", "last_player")
    scored = ctx.log.execute("g1", lambda t: score_table(t) if t else [], system_actor("s"))
    found = notices(scored)
    assert kinds(found) == [("game_scored", "u0"), ("game_scored", "u1")]
    assert scored.after.score is not None
    assert found[0].data["winners"] == [p["seat"] for p in scored.after.score if p["winner"]]
    assert {s["seat"] for s in found[0].data["standings"]} == {0, 1}
    assert found[0].data["score_url"] == "/v1/games/g1/score"


# -- handing over -------------------------------------------------------------------------------

class FanOutJobs(RecordingJobs):
    """(what the fan-out tests are handed: a jobs port that records)"""


def test_without_a_webhook_at_the_table_a_change_costs_no_query(
        store: SqlStore, monkeypatch: pytest.MonkeyPatch) -> None:
    jobs = FanOutJobs()
    ctx = make_context(store, jobs=jobs)
    reads: list[int] = []
    real = store.webhook_users
    monkeypatch.setattr(store, "webhook_users", lambda: reads.append(1) or real())
    store.put_webhook("stranger", "https://a.example/", SECRET)
    new_game(ctx.log, "g1")
    for _ in range(20):
        table = ctx.log.load("g1")
        seat, user = to_act(table)
        follow_up(ctx, move(ctx.log, "g1", user, random.Random(0).choice(
            legal_moves(table.game, seat))))  # type: ignore[arg-type]
    assert jobs.fan_outs == [] and len(reads) == 1  # one read of the recipients, cached


def test_the_players_with_a_webhook_get_theirs_through_one_job(store: SqlStore) -> None:
    jobs = FanOutJobs()
    ctx = make_context(store, jobs=jobs)
    store.put_webhook("u1", "https://a.example/", SECRET)
    outcome = new_game(ctx.log, "g1")
    assert hand_over(ctx, outcome) == 2
    [(game_id, version, sent)] = jobs.fan_outs
    assert (game_id, version) == ("g1", outcome.last_version)
    assert sorted(n["kind"] for n in sent) == ["game_started", "your_turn"]
    assert {n["user_id"] for n in sent} == {"u1"}


def test_a_fan_out_run_twice_stores_and_sends_each_delivery_once(store: SqlStore) -> None:
    jobs = FanOutJobs()
    ctx = make_context(store, jobs=jobs)
    store.put_webhook("u0", "https://a.example/", SECRET)
    store.put_webhook("u1", "https://b.example/", SECRET)
    outcome = new_game(ctx.log, "g1")
    sent = [n.as_dict() for n in notices(outcome)]
    with use_context(ctx):
        assert fan_out_webhooks("g1", sent) == 4
        assert fan_out_webhooks("g1", sent) == 0
    assert len(jobs.webhooks) == 4
    stored = store.deliveries_of("u0")
    assert sorted(d.kind for d in stored) == ["game_started", "your_turn"]
    body = json.loads(stored[0].body)
    assert list(body) == ["id", "kind", "game_id", "version", "created_at", "data"]
    assert body["id"] == stored[0].delivery_id and body["game_id"] == "g1"


# -- delivering, in process, through a fake sender ------------------------------------------

@pytest.fixture
def sender() -> FakeSender:
    return FakeSender(script=failing_first("500", "hang"))


@pytest.fixture
def inline(store: SqlStore, sender: FakeSender) -> Iterator[WorkerContext]:
    holder: list[WorkerContext] = []
    jobs = InlineJobs(lambda: holder[0], retry_intervals=(0.05,), sweep_every=None,
                      poll=0.05)
    ctx = make_context(store, jobs=jobs)
    ctx.webhooks = WebhookConfig(allow_private=True, retry_delays=(0.05, 0.1),
                                 timeout=0.5, sender=sender)
    holder.append(ctx)
    yield ctx
    jobs.close()


def ping_delivery(ctx: WorkerContext, user: str = "u1") -> str:
    found = webhook_delivery.ping(ctx, user)
    assert found is not None
    return found.delivery_id


def test_a_failing_receiver_gets_the_same_delivery_again_until_it_answers(
        inline: WorkerContext, sender: FakeSender, monkeypatch: pytest.MonkeyPatch) -> None:
    failures: list[int] = []
    monkeypatch.setattr(reports, "_listeners",
                        reports.Listeners(webhook_failed=lambda: failures.append(1)))
    inline.store.put_webhook("u1", sender.url, SECRET)
    delivery_id = ping_delivery(inline)
    got = sender.wait_for(lambda r: len(r) == 3, what="three attempts")
    assert [r.answered for r in got] == ["500", "hang", "200"]
    assert {r.delivery for r in got} == {delivery_id} and all(r.valid for r in got)
    assert len({r.raw for r in got}) == 1  # the very same body every time
    # after the first wait (0.05 s), which counts from when the first attempt began, a
    # moment before the receiver saw it
    assert got[1].arrived - got[0].arrived >= 0.04
    found = wait_status(inline.store, delivery_id, DELIVERED)
    assert [(a.number, a.status_code) for a in found.attempt_log] == [
        (1, 500), (2, None), (3, 200)]
    assert "0.5 s" in (found.attempt_log[1].error or "")
    assert 400 <= found.attempt_log[1].duration_ms < 2000
    assert failures == [1, 1]


def test_after_the_last_attempt_the_delivery_fails(inline: WorkerContext,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    failures: list[int] = []
    monkeypatch.setattr(reports, "_listeners",
                        reports.Listeners(webhook_failed=lambda: failures.append(1)))
    down = FakeSender(script=always("500"))
    inline.webhooks.sender = down
    inline.store.put_webhook("u1", down.url, SECRET)
    delivery_id = ping_delivery(inline)
    found = wait_status(inline.store, delivery_id, FAILED)
    assert found.attempts == 3 and found.next_attempt_at is None  # 2 waits: 3 attempts
    assert len(down.received) == 3 and failures == [1, 1, 1]


def test_the_real_schedule_retries_for_more_than_a_day() -> None:
    assert RETRY_DELAYS[:3] == (10, 30, 120)
    assert sum(RETRY_DELAYS[:-1]) < 24 * 3600 <= sum(RETRY_DELAYS)
    config = WebhookConfig()
    assert config.retry_after(1) == 10 and config.retry_after(len(RETRY_DELAYS) + 1) is None


def test_private_addresses_are_refused_unless_allowed(inline: WorkerContext,
                                                      sender: FakeSender) -> None:
    for url in ("http://127.0.0.1/x", "http://localhost:8080/", "http://10.1.2.3/",
                "http://169.254.169.254/latest/meta-data", "http://[::1]/",
                "http://192.168.0.1/", "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/"):
        assert check_url(url, allow_private=False) is not None, url
        assert check_url(url, allow_private=True) is None, url
    assert check_url("ftp://example.com/", True) is not None
    assert check_url("http://user:pw@127.0.0.1/", True) is not None
    # a host that does not resolve (yet) is not refused: its attempts say why they fail
    assert check_url("http://no-such-host.invalid/", False) is None
    # checked again when sending: a registration that got in is still not called
    inline.webhooks.allow_private = False
    inline.store.put_webhook("u1", sender.url, SECRET)
    delivery_id = ping_delivery(inline)
    found = wait_until(inline.store, delivery_id, lambda d: d.attempts >= 1)
    assert "private" in (found.attempt_log[0].error or "") and sender.received == []


def test_the_sender_is_handed_the_addresses_that_were_checked(inline: WorkerContext) -> None:
    inline.webhooks.sender = ok = FakeSender()
    inline.store.put_webhook("u1", ok.url, SECRET)
    delivery_id = ping_delivery(inline)
    wait_status(inline.store, delivery_id, DELIVERED)
    assert [[sockaddr[:2] for _, sockaddr in a] for a in ok.addresses] == [[("127.0.0.1", 9)]]


def test_the_sweep_sends_what_was_due_when_its_job_was_lost(inline: WorkerContext) -> None:
    inline.webhooks.sender = ok = FakeSender()
    inline.store.put_webhook("u1", ok.url, SECRET)
    now = inline.webhooks.clock()
    body = webhook_delivery.body("d_lost", "ping", None, None, iso(now), {})
    inline.store.add_deliveries([NewDelivery("d_lost", "u1", "ping", None, None, body)],
                                now)  # stored, but no job was ever asked for (Redis lost it)
    with use_context(inline):
        assert sweep()["webhooks"] == 1
    wait_status(inline.store, "d_lost", DELIVERED)
    assert [r.delivery for r in ok.received] == ["d_lost"]


def test_a_removed_webhook_sends_nothing_more(inline: WorkerContext) -> None:
    inline.webhooks.sender = ok = FakeSender()
    inline.store.put_webhook("u1", ok.url, SECRET)
    inline.jobs.close()  # nothing runs by itself from here
    delivery_id = ping_delivery(inline)
    inline.store.delete_webhook("u1")
    with use_context(inline):
        assert deliver_webhook(delivery_id) == FAILED
    assert ok.received == []


# -- the real sender, end to end over a socket ---------------------------------------------------

def test_the_real_sender_posts_the_signed_body_to_a_receiver() -> None:
    receiver = Receiver(script=failing_first("500"))
    try:
        raw = b'{"id":"d_1","kind":"ping"}'
        sent = webhook_delivery.headers("d_1", "ping", SECRET, int(time.time()), raw)
        answers = [post(receiver.url, raw, sent, 2.0, True, HttpSender()) for _ in range(2)]
        assert answers == [(500, None), (200, None)]
        got = receiver.wait_for(lambda r: len(r) == 2)
        assert all(r.valid and r.raw == raw and r.delivery == "d_1" for r in got)
    finally:
        receiver.close()


def test_the_real_sender_gives_up_on_a_receiver_that_does_not_answer() -> None:
    receiver = Receiver(script=always("hang"))
    try:
        started = time.monotonic()
        status, error = post(receiver.url, b"{}", {}, 0.5, True, HttpSender())
        assert status is None and "no answer within 0.5 s" in (error or "")
        assert 0.4 <= time.monotonic() - started < 5.0  # (the receiver never answers)
    finally:
        receiver.close()


def wait_until(store: SqlStore, delivery_id: str, check: Any, timeout: float = 10.0) -> Any:
    end = time.monotonic() + timeout
    while True:
        found = next(d for d in store.deliveries_of("u1", 200) if d.delivery_id == delivery_id)
        if check(found):
            return found
        assert time.monotonic() < end, f"delivery {delivery_id}: {found}"
        time.sleep(0.02)


def wait_status(store: SqlStore, delivery_id: str, status: str) -> Any:
    found = wait_until(store, delivery_id, lambda d: d.status == status)
    assert store.delivery(delivery_id) is not None
    return found
