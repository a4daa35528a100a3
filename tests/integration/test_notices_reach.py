"""A correspondence player away from the table is reached both ways, on every adapter:
the real Web Push sender hands one push per turn to the tests' own push service, which
decrypts it with the browser's keys (the title and the link to the table the service
worker shows), and after the player's wait one mail per turn reaches the local SMTP
server with the same link. The parts are held to their own contracts elsewhere
(`test_notice_outbox.py`, `test_push_delivery.py`); this is the whole way through."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from events.push_subscriptions import Subscription
from referee.outreach import PushSubscription
from tests.integration.test_notice_outbox import (
    PUBLIC,
    World,
    correspondence_game,
    with_address,
)
from tests.integration.test_notice_outbox import smtp as smtp  # noqa: F401 (a fixture)
from tests.integration.test_notice_outbox import world as world  # noqa: F401 (a fixture)
from tests.push_service import PushService
from worker.web_push import VapidKey, WebPushSender

KEY = VapidKey.generate()


@pytest.fixture(scope="module")
def push_service() -> Iterator[PushService]:
    service = PushService(KEY.public)
    yield service
    service.close()


def with_browser(world: World, service: PushService, user_id: str) -> PushSubscription:
    """`user_id` allowed pushes in a browser of the push service's; that browser."""
    browser = service.subscribe()
    world.ctx.store.add_push_subscription(Subscription(
        "ps_" + secrets.token_hex(6), user_id, browser.endpoint, browser.p256dh,
        browser.auth, datetime.now(UTC)))
    return browser


def test_the_player_away_gets_one_push_at_once_and_one_mail_after_the_wait_per_turn(
        world: World, push_service: PushService) -> None:
    world.ctx.push = WebPushSender(KEY, "mailto:ops@example.com", allow_loopback=True,
                                   timeout=5.0)
    address = with_address(world, "u1")
    browser = with_browser(world, push_service, "u1")
    correspondence_game(world, "g1")  # u1 must choose tickets: their turn
    world.run_due()
    [pushed] = push_service.to(browser)
    assert pushed.json["url"] == "/play/g1" and pushed.json["title"].startswith("Your turn")
    world.clock.advance(minutes=61)
    world.run_due()
    world.run_due()  # a send asked for again is not sent again
    [mail] = world.wait_for(address)
    assert f"{PUBLIC}/play/g1" in mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    turns = [p for p in push_service.to(browser) if p.json["title"].startswith("Your turn")]
    assert len(turns) == 1
