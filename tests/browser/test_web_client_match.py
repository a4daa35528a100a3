"""Quick match from the web client, in Chromium against `ttr serve`: "Play now" in the
lobby asks for a game with the choices of its form, says that it is looking, and opens
the game once another player's request has been paired with it; "Stop looking" cancels
the request; with the bot fallback chosen, a bot of the chosen level takes the empty
seat after the chosen wait, and the game is played on the page against it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web_client_support import OPENERS, PICK, READY, Server, serve

# the player may move (or the game is over); `arg`: the page's version before the move
MY_MOVE = """() => { const b = document.body.dataset;
  return b.scored === 'true' || (b.myTurn === 'true' && b.busy !== 'true'); }"""
MOVED = """(v) => document.body.dataset.busy !== 'true' && (document.body.dataset.version !== v
  || !document.getElementById('refusal').hidden)"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-match"), TTR_BOT_PAUSE="0") as running:
        yield running


def _lobby(chromium: Any, server: Server, token: str) -> Any:
    page = chromium.new_context().new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.goto(server.origin + "/")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    page.select_option("#match-map", "usa")
    page.select_option("#match-min", "2")
    page.select_option("#match-max", "2")
    return page


def test_play_now_waits_and_then_opens_the_game_it_was_seated_at(
        server: Server, chromium: Any) -> None:
    page = _lobby(chromium, server, server.user("Ada"))
    page.press("#play-now", "Enter")
    page.wait_for_function("() => !document.getElementById('match-status').hidden")
    assert page.inner_text("#match-status").startswith("Looking for opponents like you asked for…")
    assert page.evaluate("location.pathname") == "/"
    paired = server.api("POST", "/v1/matches", {"map": "usa"}, token=server.user("Bob"))
    assert paired["state"] == "matched"
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert page.evaluate("location.pathname") == f"/play/{paired['game_id']}"
    assert page.errors == []
    page.context.close()


def test_stop_looking_cancels_the_request(server: Server, chromium: Any) -> None:
    page = _lobby(chromium, server, server.user("Cy"))
    page.press("#play-now", "Enter")
    page.wait_for_function("() => !document.getElementById('match-status').hidden")
    page.press("#cancel-match", "Enter")
    page.wait_for_function("() => document.getElementById('match-status').hidden")
    alone = server.api("POST", "/v1/matches", {"map": "usa"}, token=server.user("Dee"))
    assert alone["state"] == "waiting"  # Cy's request no longer waits to be paired
    assert page.errors == []
    page.context.close()


def _moves_on_the_page(page: Any, moves: int) -> int:
    """Make `moves` moves by pressing what the page offers; how many were made before
    the game ended."""
    made = 0
    while made < moves:
        page.wait_for_function(MY_MOVE, timeout=30_000)
        if page.evaluate("() => document.body.dataset.scored") == "true":
            break
        version = page.evaluate("() => document.body.dataset.version")
        pick = page.evaluate(PICK)
        assert pick is not None, "my turn, and nothing on the page to press"
        page.press(pick, "Enter")
        if pick in OPENERS:
            continue
        page.wait_for_function(MOVED, arg=version, timeout=30_000)
        made += 1
    return made


def test_the_bot_fallback_seats_a_bot_after_the_wait_and_the_game_is_played_on_the_page(
        server: Server, chromium: Any) -> None:
    token = server.user("Eve")
    page = _lobby(chromium, server, token)
    page.uncheck("#match-rated")  # (unlike the requests the other tests leave waiting)
    page.check("#match-bots")
    page.select_option("#match-bot-level", "easy")
    page.select_option("#match-bots-after", "5")
    page.press("#play-now", "Enter")
    page.wait_for_function(
        "() => document.getElementById('match-status').textContent.includes('Bots take')")
    assert page.evaluate("location.pathname") == "/"  # waiting, for people first
    page.wait_for_function("() => document.body.dataset.status === 'playing'", timeout=30_000)
    game_id = page.evaluate("location.pathname").removeprefix("/play/")
    game = server.api("GET", f"/v1/games/{game_id}", token=token)
    assert [(p["name"], p.get("level")) for p in game["players"]][0] == ("Eve", None)
    assert [p.get("level") for p in game["players"] if p.get("bot")] == ["easy"]
    assert _moves_on_the_page(page, 3) == 3  # three of mine: the bot answered between
    assert page.errors == []
    page.context.close()
