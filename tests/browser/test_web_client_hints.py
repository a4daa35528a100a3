"""Hints on the table's page, in Chromium against `ttr serve`: in an unrated game the Hint
button names the strong bot's move for my seat and plays it when asked, and the log says
I asked; a rated game shows no Hint button."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web_client_support import READY, Server, serve

MY_MOVE = "() => document.body.dataset.myTurn === 'true' && document.body.dataset.busy !== 'true'"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-hints"), TTR_BOT_PAUSE="0.1") as running:
        yield running


def _table(chromium: Any, server: Server, rated: bool) -> Any:
    token = server.user("Ada")
    game = server.api("POST", "/v1/games", {"map": "usa", "seats": 2, "bots": ["easy"],
                                            "rated": rated}, token)["id"]
    page = chromium.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.goto(f"{server.origin}/play/{game}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    page.wait_for_function(MY_MOVE)  # my tickets to keep
    # the bot's tickets kept first: a hint holds only until the game's version moves on
    # (table_hint.js), and the bot keeping its tickets just after mine was given took
    # it off the page before it could be read
    page.wait_for_selector("#log li[data-type='tickets_kept']")
    return page


def test_the_hint_button_names_the_strong_bots_move_and_plays_it(
        server: Server, chromium: Any) -> None:
    page = _table(chromium, server, rated=False)
    page.press("#ask-hint", "Enter")
    page.wait_for_selector("#hint-text")
    assert page.get_attribute("#hint-text", "data-type") == "keep_tickets"
    assert page.inner_text("#hint-text").startswith("Hint: keep ")
    page.wait_for_selector("#log li[data-type='hint_given']")
    assert page.locator("#log li[data-type='hint_given']").inner_text() == (
        "Ada asked for a hint.")
    page.press("#follow-hint", "Enter")
    page.wait_for_function("() => !document.getElementById('keep-tickets')")
    assert page.locator("#hint-text").count() == 0  # the position it was for is gone
    assert page.errors == []
    page.context.close()


def test_a_rated_game_has_no_hint_button(server: Server, chromium: Any) -> None:
    page = _table(chromium, server, rated=True)
    assert page.locator("#ask-hint").count() == 0
    assert page.locator("#hint").is_hidden()
    assert page.errors == []
    page.context.close()
