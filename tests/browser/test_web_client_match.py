"""Quick match from the web client, in Chromium against `ttr serve`: "Play now" in the
lobby asks for a game like the one the form describes, says that it is looking, and
opens the game once another player's request has been paired with it; "Stop looking"
cancels the request."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web_client_support import READY, Server, serve


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-match")) as running:
        yield running


def _lobby(chromium: Any, server: Server, token: str) -> Any:
    page = chromium.new_context().new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.goto(server.origin + "/")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    page.select_option("#new-map", "usa")
    page.select_option("#new-seats", "2")
    return page


def test_play_now_waits_and_then_opens_the_game_it_was_seated_at(
        server: Server, chromium: Any) -> None:
    page = _lobby(chromium, server, server.user("Ada"))
    page.press("#play-now", "Enter")
    page.wait_for_function("() => !document.getElementById('match-status').hidden")
    assert page.inner_text("#match-status") == "Looking for opponents like you asked for…"
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
