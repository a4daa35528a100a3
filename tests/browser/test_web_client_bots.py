"""Playing against the built-in bots from the web client, in Chromium against `ttr serve`
(one server for the module, bots pausing 0.1 s before a move rather than a second): a
game against a hard bot chosen in the lobby's form starts at once with the bot marked,
and the bot answers my move over the stream; the creator of a waiting table seats bots
from the table's page; a player who resigns at a table with stand-ins sees a bot hold
their seat and takes it back.

Only the page's part is pressed on the page; the other players' moves, where a test
needs them, are the tests' own API calls. No game is played to its end here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web_client_support import READY, Server, serve

BOT_PAUSE = "0.1"
# the page is at my move (and not waiting for an answer)
MY_MOVE = "document.body.dataset.myTurn === 'true' && document.body.dataset.busy !== 'true'"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-bots"), TTR_BOT_PAUSE=BOT_PAUSE) as running:
        yield running


def _signed_in(chromium: Any, server: Server, token: str, path: str,
               width: int = 1200, height: int = 900) -> Any:
    """A page signed in with `token`'s sign-in link, showing `path`."""
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.goto(server.origin + path)
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    return page


def _close(page: Any) -> None:
    assert page.errors == []
    page.context.close()


def _seat_row(page: Any, seat: int) -> dict[str, Any]:
    """What the players' panel of `seat` shows: name, bot mark and level, stand-in note."""
    row: dict[str, Any] = page.evaluate(
        "(seat) => { const panel = document.querySelector("
        " `#players .player-panel[data-seat='${seat}']`);"
        " const tag = panel.querySelector('.bot-tag'), note = panel.querySelector('.stands-in');"
        " return { name: panel.querySelector('.profile-link').textContent,"
        " bot: tag ? tag.textContent : null, level: tag ? tag.dataset.level : null,"
        " standsIn: note ? note.textContent.trim() : null }; }", seat)
    return row


def test_a_game_against_a_hard_bot_starts_at_once_and_the_bot_answers_my_move(
        server: Server, chromium: Any) -> None:
    page = _signed_in(chromium, server, server.user("Ada"), "/", width=390, height=844)
    page.select_option("#new-map", "usa")
    page.select_option("#new-seats", "2")
    assert page.evaluate("document.getElementById('new-rated').checked")
    assert page.inner_text("label[for='new-seat-2']") == "Opponent 1"
    page.select_option("#new-seat-2", "hard")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the form fits a phone
    page.press("#create-game", "Enter")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert page.evaluate("location.pathname").startswith("/play/")
    assert page.locator("#waiting").is_hidden()  # no waiting for players: it started
    assert _seat_row(page, 1) == {"name": "Hard bot", "bot": "bot · hard", "level": "hard",
                                  "standsIn": None}
    assert _seat_row(page, 0)["bot"] is None
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # a phone's width
    assert "Hard bot (bot · hard) sat down at seat 2." in page.inner_text("#log")

    page.wait_for_function(f"() => {MY_MOVE}")  # my tickets to keep
    page.press("#keep-tickets", "Enter")
    page.wait_for_function(f"() => document.body.dataset.busy !== 'true' && ({MY_MOVE})"
                           " && !document.getElementById('keep-tickets')", timeout=15000)
    for _ in range(2):  # my turn: two cards from the deck
        page.wait_for_function(f"() => {MY_MOVE}")
        # (read before my draw: a quick bot's answer may be on the page when it ends)
        mine = int(page.evaluate("document.body.dataset.version"))
        page.press("#draw-deck", "Enter")
        page.wait_for_function("() => document.body.dataset.busy !== 'true'")
    # the bot's turn reaches my page over the stream, and then it is mine again
    page.wait_for_function("(v) => [...document.querySelectorAll('#log li.by-bot')]"
                           ".some((li) => +li.dataset.version > v)", arg=mine, timeout=15000)
    page.wait_for_function(f"() => {MY_MOVE}", timeout=15000)
    answered = page.evaluate(
        "(v) => [...document.querySelectorAll('#log li.by-bot')].filter(li =>"
        " +li.dataset.version > v).map(li => li.textContent)", mine)
    assert any(s.startswith("Hard bot (bot · hard) ") for s in answered), answered
    _close(page)


def test_the_creator_seats_bots_at_a_waiting_table_and_the_last_one_starts_it(
        server: Server, chromium: Any) -> None:
    token = server.user("Cleo")
    game = server.api("POST", "/v1/games", {"map": "usa", "seats": 3}, token)["id"]
    page = _signed_in(chromium, server, token, f"/play/{game}")
    assert page.locator("#waiting li.free-seat").count() == 2
    page.select_option("#bot-level", "easy")
    page.press("#add-bot-button", "Enter")
    page.wait_for_selector("#waiting li .bot-tag[data-level='easy']")
    assert page.locator("#waiting li.free-seat").count() == 1
    assert page.evaluate("document.body.dataset.status") == "open"
    page.select_option("#bot-level", "medium")
    page.press("#add-bot-button", "Enter")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert [_seat_row(page, s)["level"] for s in range(3)] == [None, "easy", "medium"]
    seen = server.api("GET", f"/v1/games/{game}", token=token)["players"]
    assert [(p["bot"], p["level"]) for p in seen] == [
        (False, None), (True, "easy"), (True, "medium")]
    _close(page)


def test_a_bot_holds_the_seat_of_a_player_who_resigns_until_they_take_it_back(
        server: Server, chromium: Any) -> None:
    ann, ben = server.user("Ann"), server.user("Ben")
    game = server.api("POST", "/v1/games", {"map": "usa", "seats": 2, "stand_in": True,
                                            "stand_in_level": "medium"}, ann)["id"]
    server.api("POST", f"/v1/games/{game}/players", {}, ben)  # Ben's tickets wait: he holds play
    page = _signed_in(chromium, server, ann, f"/play/{game}")
    page.press("#resign", "Enter")
    assert "A bot will play your seat" in page.inner_text(".resign [role=alert]")
    page.press("#resign-yes", "Enter")
    page.wait_for_selector("#take-seat-back")
    assert "A bot (medium) is playing your seat" in page.inner_text("#stand-in")
    assert _seat_row(page, 0) == {"name": "Medium bot", "bot": "bot · medium",
                                  "level": "medium", "standsIn": "stands in for Ann"}
    assert page.locator("#log li[data-type='stand_in_seated']").inner_text() == (
        "Ann resigned; Medium bot (bot · medium) plays their seat until they come back.")
    assert page.locator("#hand li[data-color]").count() == 0  # no hand of mine to see

    page.press("#take-seat-back", "Enter")
    page.wait_for_selector("#log li[data-type='player_returned']")
    page.wait_for_function("() => document.getElementById('stand-in').hidden")
    assert _seat_row(page, 0) == {"name": "Ann", "bot": None, "level": None, "standsIn": None}
    assert page.locator("#log li[data-type='player_returned']").inner_text() == (
        "Ann took their seat back from Medium bot (bot · medium).")
    page.wait_for_selector("#hand li[data-color]")  # my hand again
    you = server.api("GET", f"/v1/games/{game}", token=ann)["you"]
    assert you is not None and you["seat"] == 0
    _close(page)
