"""The player's notices away from the table in the web client: their own profile page
shows what they are told and how, and saving a choice keeps it; an address's
verification link, opened in the browser, confirms the address (and leaves the address
bar at once)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from events.mail_addresses import VERIFY, MailLink
from service.auth import token_hash
from tests.api_support import UNLIMITED, Client
from tests.replay_fixtures import AppServer

LIMITS = {k.removeprefix("TTR_").lower(): float(v) for k, v in UNLIMITED.items()
          if k != "TTR_ACCOUNTS_PER_ADDRESS_PER_HOUR"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    with AppServer(tmp_path_factory.mktemp("notices"), [], **LIMITS) as served:
        yield served
    served.app.extensions["ttr"].close()


@pytest.fixture
def ada(server: AppServer) -> tuple[str, str]:
    client = Client(server.app, checking=False)
    token = client.new_user("Ada")
    me = client.get("/v1/users/me", token=token).json
    assert me is not None
    return token, me["id"]


@pytest.fixture
def page(chromium: Any, server: AppServer, ada: tuple[str, str]) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={ada[0]}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    yield page
    assert page.errors == []
    context.close()


def test_my_profile_keeps_what_i_choose_to_be_told(page: Any, server: AppServer,
                                                   ada: tuple[str, str]) -> None:
    page.goto(f"{server.origin}/players/{ada[1]}")
    page.wait_for_selector("#notice-form")
    assert page.input_value("#notice-your_turn") == "both"  # the default
    page.select_option("#notice-your_turn", "mail")
    page.check("#notice-quiet")
    page.fill("#notice-zone", "Europe/Paris")
    page.click("#notice-form button[type=submit]")
    page.wait_for_function(
        "() => document.querySelector('#notice-status').textContent.length > 0")
    got = Client(server.app, checking=False).get("/v1/users/me/notice-settings",
                                                 token=ada[0]).json
    assert got is not None
    assert got["channels"]["your_turn"] == "mail" and got["time_zone"] == "Europe/Paris"
    assert got["quiet_hours"] == {"start": "22:00", "end": "08:00"}


def test_a_verification_link_opened_in_the_browser_confirms_the_address(
        page: Any, server: AppServer, ada: tuple[str, str]) -> None:
    worker = server.app.extensions["ttr"].worker
    seal, now = worker.addresses, worker.clock()
    code = "ttrm_browser-test-code"
    worker.store.add_mail_link(MailLink(VERIFY, ada[1], seal.seal("ada@mail.example"),
                                        seal.lookup("ada@mail.example"), now,
                                        now + timedelta(minutes=30)), token_hash(code))
    page.goto(f"{server.origin}/mail/verify#code={code}")
    page.wait_for_selector("#mail-verified")
    assert "#code=" not in page.url
    kept = worker.store.mail_address_of(ada[1])
    assert kept is not None and seal.open(kept.sealed) == "ada@mail.example"
