"""Days away in the web client, in Chromium against `ttr serve`: on their own profile a
player sees the days left of the year's allowance, declares days away and ends them;
their opponent's table shows them on vacation, the deadline paused, and the pause in
the game's log."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web_client_support import READY, Server, serve

TWO_DAYS = 2 * 24 * 3600


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-vacation")) as running:
        yield running


def _page(chromium: Any, server: Server, token: str, path: str) -> Any:
    page = chromium.new_context().new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.goto(server.origin + path)
    return page


def _text_is(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([s, t]) => (document.querySelector(s) || {}).textContent === t", arg=[selector, text])


def test_a_player_declares_days_away_and_their_opponent_sees_the_deadline_paused(
        server: Server, chromium: Any) -> None:
    ada, bob = server.user("Ada"), server.user("Bob")
    game_id = server.api("POST", "/v1/games", {"map": "usa", "seats": 2,
                                               "turn_time_limit": TWO_DAYS}, token=ada)["id"]
    server.api("POST", f"/v1/games/{game_id}/players", {}, token=bob)
    bob_id = server.api("GET", "/v1/users/me", token=bob)["id"]
    profile = _page(chromium, server, bob, f"/players/{bob_id}")
    _text_is(profile, "#vacation-left", "Days away left this year: 14 of 14")
    profile.fill("#vacation-days", "3")
    profile.press("#vacation-declare", "Enter")
    profile.wait_for_function("() => document.getElementById('vacation-now') !== null")
    assert profile.locator("#vacation-list li").count() == 1

    table = _page(chromium, server, ada, f"/play/{game_id}")
    # the setup waits for both players' tickets: Bob's part of it is paused
    _text_is(table, "#countdown", "Deadline paused: Bob is on vacation")
    table.wait_for_selector("#log li[data-type='deadline_paused']")
    assert table.inner_text("#log li[data-type='deadline_paused']").startswith(
        "Bob is away until ")
    assert table.inner_text(".player-panel[data-seat='1'] .away") == "on vacation"

    profile.press("#vacation-end", "Enter")
    profile.wait_for_function("() => document.getElementById('vacation-now') === null")
    # a day begun is a day used
    _text_is(profile, "#vacation-left", "Days away left this year: 13 of 14")
    table.wait_for_selector("#log li[data-type='deadline_resumed']")
    assert profile.errors == [] and table.errors == []
    profile.context.close()
    table.context.close()
