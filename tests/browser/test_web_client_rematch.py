"""The rematch offer on the end screen, in Chromium against `ttr serve`: at a finished
game one player offers a rematch, the other sees "Accept rematch (1 of 2)" and accepts,
and both go to the new game, which has started with the same players."""

from __future__ import annotations

import time
import urllib.error
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web_client_support import READY, Server, serve


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-rematch")) as running:
        yield running


def _scored(server: Server, game_id: str, token: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            server.api("GET", f"/v1/games/{game_id}/score", token=token)
            return
        except urllib.error.HTTPError:
            time.sleep(0.1)  # 202 or not yet there: the scoring job is on its way
    raise AssertionError("the game was not scored in time")


def _finished_game(server: Server) -> tuple[str, str, str]:
    """Ada and Bob's game of the USA, which Bob resigned: over and scored."""
    ada, bob = server.user("Ada"), server.user("Bob")
    game_id = server.api("POST", "/v1/games", {"map": "usa", "seats": 2}, token=ada)["id"]
    server.api("POST", f"/v1/games/{game_id}/players", {}, token=bob)
    server.api("POST", f"/v1/games/{game_id}/actions", {"type": "resign"}, token=bob)
    _scored(server, game_id, ada)
    return game_id, ada, bob


def _end_screen(chromium: Any, server: Server, token: str, game_id: str) -> Any:
    page = chromium.new_context().new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.goto(f"{server.origin}/play/{game_id}")
    page.wait_for_function("() => document.getElementById('rematch-offer') !== null")
    return page


def test_both_players_accept_a_rematch_and_land_in_the_new_game(
        server: Server, chromium: Any) -> None:
    game_id, ada, bob = _finished_game(server)
    ada_page = _end_screen(chromium, server, ada, game_id)
    bob_page = _end_screen(chromium, server, bob, game_id)
    assert ada_page.inner_text("#rematch-offer") == "Offer a rematch"
    ada_page.press("#rematch-offer", "Enter")
    ada_page.wait_for_function("() => document.getElementById('rematch-status') !== null")
    bob_page.wait_for_function(
        "() => (document.getElementById('rematch-offer') || {}).textContent"
        " === 'Accept rematch (1 of 2)'")
    assert bob_page.inner_text("#rematch-lapses").startswith("The offer lapses at ")
    bob_page.press("#rematch-offer", "Enter")
    bob_page.wait_for_function("() => document.getElementById('rematch-game') !== null")
    new_id = server.api("GET", f"/v1/games/{game_id}/rematch", token=ada)["new_game_id"]
    assert new_id is not None
    for page in (bob_page, ada_page):
        page.wait_for_function("() => document.getElementById('rematch-game') !== null")
        assert page.inner_text("#rematch-game") == "Go to the new game"
        page.press("#rematch-game", "Enter")
        page.wait_for_function("() => document.body.dataset.status === 'playing'")
        assert page.evaluate("() => location.pathname") == f"/play/{new_id}"
        assert page.errors == []
        page.context.close()
