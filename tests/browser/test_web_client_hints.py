"""Hints on the table's page, in Chromium against `ttr serve`: in an unrated game the Hint
button names the hard level's bot's move for my seat and plays it when asked, and the log says
I asked; it holds while the others only talk or keep their own tickets; a rated game
shows no Hint button."""

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
    return _at_my_move(chromium, server, token, game)


def _at_my_move(chromium: Any, server: Server, token: str, game: str) -> Any:
    """`token`'s player signed in on a page of their own, at the table of `game`, with a
    decision to make (the page's errors kept in `page.errors`)."""
    page = chromium.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.goto(f"{server.origin}/play/{game}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    page.wait_for_function(MY_MOVE)  # my tickets to keep
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


def test_a_hint_holds_while_the_other_player_only_reacts(server: Server, chromium: Any) -> None:
    ada, bob = server.user("Ada"), server.user("Bob")
    game = server.api("POST", "/v1/games", {"map": "usa", "seats": 2, "rated": False}, ada)["id"]
    server.api("POST", f"/v1/games/{game}/players", {}, bob)
    keep = server.api("GET", f"/v1/games/{game}/moves", token=bob)["moves"][0]
    server.api("POST", f"/v1/games/{game}/actions", keep, bob)
    page = _at_my_move(chromium, server, ada, game)
    page.press("#ask-hint", "Enter")
    page.wait_for_selector("#hint-text")
    said = server.api("POST", f"/v1/games/{game}/reactions", {"reaction": "good_luck"}, bob)
    page.wait_for_selector("#log li[data-type='reaction_sent']")
    assert int(page.evaluate("document.body.dataset.version")) >= said["version"]
    assert page.get_attribute("#hint-text", "data-type") == "keep_tickets"
    page.context.close()


def test_a_hint_is_asked_again_when_the_game_moved_on_while_it_was_thought_out(
        server: Server, chromium: Any) -> None:
    page = _table(chromium, server, rated=False)
    refused: list[str] = []

    def first_refused(route: Any) -> None:
        # what the server answers when another seat moved while the hint was thought
        # out (the bot keeping its tickets): the API says to ask again
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        route.fulfill(status=412, content_type="application/problem+json",
                      body='{"type": "about:blank", "title": "Precondition Failed", '
                           '"status": 412, "detail": "The game moved on."}')

    page.route("**/hints", first_refused)
    page.press("#ask-hint", "Enter")
    page.wait_for_selector("#hint-text")
    assert len(refused) == 1
    assert page.locator("#refusal").is_hidden()  # nothing to tell the player
    page.context.close()
