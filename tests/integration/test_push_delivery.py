"""Pushing a message to a player (`worker.push_delivery.push_to_user`): the real Web
Push sender to the tests' own push service, which decrypts what it gets
with the browser-side keys; a subscription its push service calls gone is dropped, a
passing failure makes the job retry. On the in-memory store: what the store does with
subscriptions is held to one contract on every adapter
(`test_store_push_subscriptions.py`)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import cast

import pytest

from events import SqlStore
from events.memory import MemoryStore
from events.push_subscriptions import Subscription
from referee.outreach import PushMessage, PushSubscription, SendFailed
from tests.push_service import PushService
from tests.worker_support import make_context
from worker.context import WorkerContext
from worker.memory_outreach import PushInMemory
from worker.push_delivery import notice_message, push_to_user
from worker.web_push import VapidKey, WebPushSender

KEY = VapidKey.generate()
NOTICE = {"title": "Your turn", "body": "Europe, against Bea", "url": "/games/g_1"}
MESSAGE = PushMessage(json.dumps(NOTICE).encode(), key="notice:g_1:7:u_alice")


@pytest.fixture(scope="module")
def push_service() -> Iterator[PushService]:
    service = PushService(KEY.public)
    yield service
    service.close()


@pytest.fixture
def ctx() -> WorkerContext:
    made = make_context(cast(SqlStore, MemoryStore()))
    made.push = WebPushSender(KEY, "mailto:ops@example.com", allow_loopback=True,
                              timeout=5.0)
    return made


def allow(ctx: WorkerContext, user_id: str, browser: PushSubscription) -> Subscription:
    stored, _ = ctx.store.add_push_subscription(Subscription(
        "ps_" + secrets.token_hex(6), user_id, browser.endpoint, browser.p256dh,
        browser.auth, datetime.now(UTC)))
    return stored


def gone(service: PushService, browser: PushSubscription, status: int) -> None:
    service.answer[browser.endpoint.rsplit("/", 1)[-1]] = status


def test_a_push_reaches_each_browser_the_player_allowed_and_decrypts_to_the_notice(
        ctx: WorkerContext, push_service: PushService) -> None:
    phone, laptop, strangers = (push_service.subscribe() for _ in range(3))
    allow(ctx, "u_alice", phone)
    allow(ctx, "u_alice", laptop)
    allow(ctx, "u_bea", strangers)
    assert push_to_user(ctx, "u_alice", MESSAGE) == 2
    assert [p.json for p in push_service.to(phone)] == [NOTICE]
    assert [p.json for p in push_service.to(laptop)] == [NOTICE]
    assert push_service.to(strangers) == []


def test_a_player_without_a_subscription_is_pushed_nothing(ctx: WorkerContext) -> None:
    assert push_to_user(ctx, "u_nobody", MESSAGE) == 0


def test_a_subscription_answered_410_is_removed_and_the_others_still_served(
        ctx: WorkerContext, push_service: PushService) -> None:
    old, current = push_service.subscribe(), push_service.subscribe()
    allow(ctx, "u_alice", old)
    kept = allow(ctx, "u_alice", current)
    gone(push_service, old, 410)
    assert push_to_user(ctx, "u_alice", MESSAGE) == 1
    assert ctx.store.push_subscriptions_of("u_alice") == [kept]
    assert [p.json for p in push_service.to(current)] == [NOTICE]


def test_a_passing_failure_keeps_the_subscription_and_makes_the_job_retry(
        ctx: WorkerContext, push_service: PushService) -> None:
    busy, fine = push_service.subscribe(), push_service.subscribe()
    allow(ctx, "u_alice", busy)
    allow(ctx, "u_alice", fine)
    gone(push_service, busy, 503)
    with pytest.raises(SendFailed) as failed:
        push_to_user(ctx, "u_alice", MESSAGE)
    assert not failed.value.permanent
    assert len(ctx.store.push_subscriptions_of("u_alice")) == 2
    assert len(push_service.to(fine)) == 1  # the others were not held back


def test_it_goes_through_whichever_sender_the_context_holds(ctx: WorkerContext) -> None:
    ctx.push = memory = PushInMemory()
    allow(ctx, "u_alice", PushSubscription("https://push.example.com/1", "k", "a"))
    assert push_to_user(ctx, "u_alice", MESSAGE) == 1
    assert [m for _, m in memory.sent] == [MESSAGE]


def test_a_browser_subscribed_through_the_api_is_pushed_with_the_servers_own_key() -> None:
    from events import MEMORY_URL
    from tests.api_support import Client, make_app

    app = make_app(MEMORY_URL, push_allow_loopback=True)
    ctx = app.extensions["ttr"].worker
    service = PushService(app.extensions["ttr"].push_key)
    try:
        client = Client(app)
        token = client.new_user("Alice")
        user_id = client.get("/v1/users/me", token=token).json["id"]  # type: ignore[index]
        browser = service.subscribe()
        made = client.post("/v1/users/me/push-subscriptions", token=token, json={
            "endpoint": browser.endpoint, "expirationTime": None,
            "keys": {"p256dh": browser.p256dh, "auth": browser.auth}})
        assert made.status_code == 201
        assert push_to_user(ctx, user_id, MESSAGE) == 1
        assert [p.json for p in service.to(browser)] == [NOTICE]
        service.answer[browser.endpoint.rsplit("/", 1)[-1]] = 410
        assert push_to_user(ctx, user_id, MESSAGE) == 0
        assert client.get("/v1/users/me/push-subscriptions",
                          token=token).json == {"subscriptions": []}
    finally:
        service.close()
        app.extensions["ttr"].close()


def test_a_notice_reaches_the_browser_in_the_shape_its_service_worker_shows(
        ctx: WorkerContext, push_service: PushService) -> None:
    phone = push_service.subscribe()
    allow(ctx, "u_alice", phone)
    message = notice_message("À toi de jouer", "Europe, contre Bea", "/play/g_1",
                             "notice:g_1:7:u_alice")
    assert push_to_user(ctx, "u_alice", message) == 1
    assert [p.json for p in push_service.to(phone)] == [{
        "title": "À toi de jouer", "body": "Europe, contre Bea", "url": "/play/g_1",
        "tag": "notice:g_1:7:u_alice"}]
