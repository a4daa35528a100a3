"""The lobby in Chromium, against `ttr serve`, as it polls: every few seconds it asks
for my games and the games to watch again, and a list whose games have not changed is
left as it is. A list redrawn at each poll took the focus from the link a player was on
(a keyboard player lost their place every four seconds) and lost a tap whose press and
release came on either side of the redrawing: a test that clicked "Open the table"
once saw nothing happen.

The games are set up through the API (the tests' own calls); the players act only
through the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web_client_support import READY, Server, serve


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-lobby")) as running:
        yield running


@pytest.fixture(scope="module")
def game(server: Server) -> tuple[str, list[str]]:
    """A two-player public game in play, both tickets kept: (its id, the players' tokens
    by seat). Nobody moves but the last test, which passes a turn."""
    return server.game_in_play("usa", ("Ann", "Ben"))


def _lobby(chromium: Any, server: Server, token: str, shown: str) -> Any:
    """A page of a context of its own, signed in by `token`'s sign-in link, at the lobby
    with `shown` on it."""
    page = chromium.new_context(viewport={"width": 1366, "height": 900}).new_page()
    page.goto(f"{server.origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.wait_for_selector(shown)
    return page


def _focus_kept_over_two_polls(page: Any, link: str) -> bool:
    """Whether the link `link`, focused and marked, still has the focus once the lobby
    has polled twice (the first poll may have begun before the focus)."""
    page.focus(link)
    page.evaluate("(s) => { document.querySelector(s).dataset.focusedHere = 'yes'; }", link)
    polled = int(page.evaluate("document.body.dataset.lobbyVersion"))
    page.wait_for_function("(n) => Number(document.body.dataset.lobbyVersion) >= n + 2",
                           arg=polled, timeout=30_000)
    return bool(page.evaluate("document.activeElement.dataset.focusedHere === 'yes'"))


# (the list, whose lobby: a seat's or an onlooker's)
LINKS = {"my-games": ("#my-games a.open-game[href='/play/{game}']", 0),
         "games-to-watch": ("#games-to-watch a.watch-game[data-game='{game}']", None)}


@pytest.mark.parametrize("listed", sorted(LINKS))
def test_the_lobby_polling_keeps_the_focus_on_a_link_of_its_lists(
        chromium: Any, server: Server, game: tuple[str, list[str]], listed: str) -> None:
    game_id, tokens = game
    pattern, seat = LINKS[listed]
    link = pattern.format(game=game_id)
    token = tokens[seat] if seat is not None else server.user("Gus")
    page = _lobby(chromium, server, token, link)
    try:
        assert _focus_kept_over_two_polls(page, link)
    finally:
        page.context.close()


def test_a_game_whose_turn_passed_is_shown_so_at_a_poll(
        chromium: Any, server: Server, game: tuple[str, list[str]]) -> None:
    """The list kept while nothing changes is still drawn anew when something does: the
    first player's item says whether it is their turn."""
    game_id, tokens = game
    item = f"#my-games li[data-game='{game_id}']"
    page = _lobby(chromium, server, tokens[0], item)
    try:
        mine = f"document.querySelector(\"{item}\").classList.contains('your-turn')"
        before = page.evaluate(mine)
        seat = server.api("GET", f"/v1/games/{game_id}", token=tokens[0])["turn"]["seat"]
        assert before == (seat == 0)
        for _ in range(2):  # the player to act draws two cards: the turn passes
            server.api("POST", f"/v1/games/{game_id}/actions",
                       {"type": "draw_card", "source": "deck"}, tokens[seat])
        page.wait_for_function(f"(before) => {mine} !== before", arg=before, timeout=30_000)
    finally:
        page.context.close()
