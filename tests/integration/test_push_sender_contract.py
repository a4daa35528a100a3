"""The push sender's contract (`referee.outreach.PushSender`), written once and run on
every adapter: `PushInMemory` (the reference) and `WebPushSender`, the real one, which
encrypts and signs for a push service of the tests' own on loopback
(`tests.push_service`: it decrypts with the browser-side keys and checks the VAPID
signature, so what "reached" means there is what a browser would read).

Then what only the real sender can get wrong: the endpoint checks, the headers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

import pytest

from referee.outreach import PushMessage, PushSender, PushSubscription, SendFailed
from tests.ports import free_port
from tests.push_service import PushService
from worker.memory_outreach import PushInMemory
from worker.web_push import MAX_PAYLOAD, VapidKey, WebPushSender, topic

ADAPTERS = ["memory", "web-push"]
KEY = VapidKey.generate()
SUBJECT = "mailto:operator@example.com"


class Rig(Protocol):
    sender: PushSender

    def subscription(self) -> PushSubscription: ...

    def delivered(self, subscription: PushSubscription) -> list[bytes]: ...

    def gone(self, subscription: PushSubscription, status: int) -> None: ...


@dataclass
class MemoryRig:
    sender: PushInMemory
    made: int = 0

    def subscription(self) -> PushSubscription:
        self.made += 1
        return PushSubscription(f"https://push.example.com/s/{self.made}", "p256dh", "auth")

    def delivered(self, subscription: PushSubscription) -> list[bytes]:
        return [m.payload for s, m in self.sender.sent if s == subscription]

    def gone(self, subscription: PushSubscription, status: int) -> None:
        self.sender.gone.add(subscription.endpoint)


@dataclass
class WebPushRig:
    sender: WebPushSender
    service: PushService

    def subscription(self) -> PushSubscription:
        return self.service.subscribe()

    def delivered(self, subscription: PushSubscription) -> list[bytes]:
        return [p.payload for p in self.service.to(subscription)]

    def gone(self, subscription: PushSubscription, status: int) -> None:
        self.service.answer[subscription.endpoint.rsplit("/", 1)[-1]] = status


@pytest.fixture(scope="module")
def push_service() -> Iterator[PushService]:
    service = PushService(KEY.public)
    yield service
    service.close()


def web_push(**options: object) -> WebPushSender:
    return WebPushSender(KEY, SUBJECT, timeout=5.0, **options)  # type: ignore[arg-type]


@pytest.fixture(params=ADAPTERS)
def rig(request: pytest.FixtureRequest, push_service: PushService) -> Rig:
    if request.param == "memory":
        return MemoryRig(PushInMemory())
    return WebPushRig(web_push(allow_loopback=True), push_service)


def message(text: str, key: str = "notice-1") -> PushMessage:
    return PushMessage(json.dumps({"title": text}).encode(), key=key)


def test_a_message_reaches_its_subscription_and_no_other(rig: Rig) -> None:
    mine, other = rig.subscription(), rig.subscription()
    rig.sender.send(mine, message("Your turn"))
    assert rig.delivered(mine) == [b'{"title": "Your turn"}']
    assert rig.delivered(other) == []


def test_each_message_handed_over_arrives_once_in_order(rig: Rig) -> None:
    mine = rig.subscription()
    rig.sender.send(mine, message("one", "k1"))
    rig.sender.send(mine, message("two", "k2"))
    assert [json.loads(p)["title"] for p in rig.delivered(mine)] == ["one", "two"]


@pytest.mark.parametrize("status", [404, 410], ids=["404", "410"])
def test_a_subscription_the_push_service_says_is_gone_fails_for_good(rig: Rig,
                                                                   status: int) -> None:
    mine = rig.subscription()
    rig.gone(mine, status)
    with pytest.raises(SendFailed) as failed:
        rig.sender.send(mine, message("Your turn"))
    assert failed.value.permanent
    assert rig.delivered(mine) == []


# -- what only the real sender does ------------------------------------------------------

def test_a_push_service_in_trouble_is_a_failure_worth_retrying(
        push_service: PushService) -> None:
    mine = push_service.subscribe()
    push_service.answer[mine.endpoint.rsplit("/", 1)[-1]] = 503
    with pytest.raises(SendFailed) as failed:
        web_push(allow_loopback=True).send(mine, message("Your turn"))
    assert not failed.value.permanent


def test_a_push_service_that_does_not_answer_is_a_failure_worth_retrying(
        push_service: PushService) -> None:
    keys = push_service.subscribe()  # (a port nothing listens on: the connection is refused)
    lost = PushSubscription(f"http://127.0.0.1:{free_port()}/push/x", keys.p256dh, keys.auth)
    with pytest.raises(SendFailed) as failed:
        web_push(allow_loopback=True).send(lost, message("Your turn"))
    assert not failed.value.permanent


@pytest.mark.parametrize("subject", [SUBJECT, "https://ttr.example.com/contact"],
                         ids=["mailto", "https-with-path"])
def test_the_token_is_for_the_push_services_origin_and_names_the_operator(
        push_service: PushService, subject: str) -> None:
    mine = push_service.subscribe()
    WebPushSender(KEY, subject, allow_loopback=True).send(mine, message("Your turn"))
    (pushed,) = push_service.to(mine)
    assert pushed.claims["aud"] == push_service.origin
    assert pushed.claims["sub"] == subject


def test_a_repeat_of_a_message_carries_the_same_topic_so_the_service_replaces_it(
        push_service: PushService) -> None:
    mine = push_service.subscribe()
    sender = web_push(allow_loopback=True)
    sender.send(mine, message("Your turn", "notice-7"))
    sender.send(mine, message("Your turn", "notice-7"))
    sender.send(mine, message("Game over", "notice-8"))
    topics = [p.headers["Topic"] for p in push_service.to(mine)]
    assert topics[0] == topics[1] == topic("notice-7") != topics[2]
    assert len(topics[0]) <= 32


def test_without_the_test_setting_an_http_or_loopback_endpoint_is_refused_for_good(
        push_service: PushService) -> None:
    mine = push_service.subscribe()
    with pytest.raises(SendFailed) as failed:
        web_push().send(mine, message("Your turn"))
    assert failed.value.permanent
    assert push_service.to(mine) == []
    https_loopback = PushSubscription("https://127.0.0.1:9/push/x", mine.p256dh, mine.auth)
    with pytest.raises(SendFailed) as refused:
        web_push().send(https_loopback, message("Your turn"))
    assert refused.value.permanent and "not allowed" in refused.value.reason


def test_even_the_test_setting_lets_no_private_address_through(
        push_service: PushService) -> None:
    mine = push_service.subscribe()
    private = PushSubscription("http://10.0.0.1/push/x", mine.p256dh, mine.auth)
    with pytest.raises(SendFailed) as failed:
        web_push(allow_loopback=True).send(private, message("Your turn"))
    assert failed.value.permanent and "not allowed" in failed.value.reason


def test_a_payload_too_large_for_one_push_is_a_mistake_of_ours_not_a_failure(
        push_service: PushService) -> None:
    with pytest.raises(ValueError):
        web_push(allow_loopback=True).send(push_service.subscribe(),
                                           PushMessage(b"x" * (MAX_PAYLOAD + 1), key="k"))
