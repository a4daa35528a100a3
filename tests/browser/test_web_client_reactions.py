"""Quick reactions on the table's page, in Chromium against `ttr serve`: two players, each
in a browser context of their own, one reading in English and one in Polish. A phrase
one sends from the reactions bar reaches the other's page in the other's language, next
to the sender's name; with "Show reactions" off, the other sees nothing of it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web_client_support import READY, Server, serve

TOAST = ("(code) => { const t = document.querySelector("
         "`#reaction-toasts .reaction-toast[data-reaction=\"${code}\"]`);"
         " return t ? t.textContent : null; }")
POLISH_BAR = ("() => document.documentElement.lang === 'pl' && [...document.querySelectorAll("
              "'#reaction-bar .reaction')].some((b) => b.textContent === 'Powodzenia!')")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-reactions")) as running:
        yield running


def _seated(chromium: Any, server: Server, token: str, game_id: str) -> Any:
    page = chromium.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.goto(f"{server.origin}/play/{game_id}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    page.wait_for_selector("#reaction-bar .reaction")
    return page


@pytest.fixture
def players(chromium: Any, server: Server) -> Iterator[tuple[Any, Any]]:
    """Ada (English) and Bea (switched to Polish by the page's language menu), at a
    two-player table that has started."""
    ada, bea = server.user("Ada"), server.user("Bea")
    game_id = server.api("POST", "/v1/games", {"map": "usa", "seats": 2}, ada)["id"]
    server.api("POST", f"/v1/games/{game_id}/players", {}, bea)
    english = _seated(chromium, server, ada, game_id)
    polish = _seated(chromium, server, bea, game_id)
    polish.select_option("#language", "pl")
    polish.wait_for_function(POLISH_BAR)
    yield english, polish
    english.context.close()
    polish.context.close()


def test_a_reaction_reaches_the_other_player_in_their_own_language(
        players: tuple[Any, Any]) -> None:
    english, polish = players
    english.press("#reaction-bar .reaction[data-reaction='well_played']", "Enter")
    shown = polish.wait_for_function(TOAST, arg="well_played").json_value()
    assert shown == "Ada: „Dobrze zagrane!”"
    english.wait_for_function("() => document.getElementById('reaction-status').textContent"
                              " === 'Sent: Well played!'")
    assert english.locator("#reaction-toasts .reaction-toast").count() == 0  # not to myself
    assert english.errors == [] and polish.errors == []


def test_with_reactions_switched_off_the_other_player_sees_nothing(
        players: tuple[Any, Any]) -> None:
    english, polish = players
    polish.uncheck("#show-reactions")
    assert polish.locator("#reaction-bar").is_hidden()
    english.press("#reaction-bar .reaction[data-reaction='good_luck']", "Enter")
    # the reaction has reached the page (its line is in the log), and is shown nowhere
    polish.wait_for_selector("#log li[data-type='reaction_sent']", state="attached")
    assert polish.evaluate(TOAST, "good_luck") is None
    assert polish.locator("#log li[data-type='reaction_sent']").is_hidden()
    # the choice is remembered: the table opened again still hides them
    polish.reload()
    polish.wait_for_function("() => document.body.dataset.state === 'ready'")
    assert not polish.is_checked("#show-reactions")
    assert polish.locator("#reaction-bar").is_hidden()
    assert english.errors == [] and polish.errors == []
