"""Spectators in Chromium, against `ttr serve`: a player at their table, and someone
signed in without a seat who finds the game in the lobby's "Games to watch" and opens
it. The spectator's page says they are watching and shows no hand, no tickets and no
move; nothing private reaches it; the player's table counts its spectators, one fewer
as one leaves, and none once all have. A private game is never offered to watch. Each
test stands alone: the fixtures hold the pages a test reads, set up in any order.

The games are set up through the API (the tests' own calls); the spectator acts only
through the page.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.web_client_support import READY, Server, serve

ENGLISH = json.loads((Path(__file__).resolve().parents[2] / "service" / "static" / "app" / "i18n"
                      / "en.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-spectators")) as running:
        yield running


def _public_game(server: Server) -> tuple[str, list[str]]:
    """A two-player public game in play, both tickets chosen: (game id, tokens by seat)."""
    a, b = server.user("Ann"), server.user("Ben")
    game = server.api("POST", "/v1/games", {"map": "usa", "seats": 2}, a)["id"]
    server.api("POST", f"/v1/games/{game}/players", {}, b)
    for token in (a, b):
        keep = server.api("GET", f"/v1/games/{game}/moves", token=token)["moves"][0]
        server.api("POST", f"/v1/games/{game}/actions", keep, token)
    return game, [a, b]


def _private_game(server: Server) -> str:
    """A two-player private game in play (the second player came by its invite code)."""
    c, d = server.user("Cyd"), server.user("Dan")
    created = server.api("POST", "/v1/games", {"map": "europe", "seats": 2, "private": True}, c)
    server.api("POST", f"/v1/games/{created['id']}/players",
               {"invite_code": created["invite_code"]}, d)
    game: str = created["id"]
    return game


def _signed_in(chromium: Any, origin: str, token: str) -> Any:
    """A page of a browser context of its own, signed in by `token`'s sign-in link."""
    context = chromium.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{origin}/signin#token={token}")
    page.wait_for_function(READY)
    return page


@dataclass
class Games:
    game: str  # public, in play
    private: str
    tokens: list[str]  # the public game's players', by seat


@pytest.fixture(scope="module")
def games(server: Server) -> Games:
    game, tokens = _public_game(server)
    return Games(game, _private_game(server), tokens)


@pytest.fixture(scope="module")
def lobby(server: Server, chromium: Any, games: Games) -> Iterator[Any]:
    """Someone without a seat at the lobby, its games to watch listed."""
    page = _signed_in(chromium, server.origin, server.user("Gus"))
    page.wait_for_selector(f"#games-to-watch li[data-game='{games.game}']")
    yield page
    page.context.close()


@dataclass
class Watched:
    game: str
    tokens: list[str]
    player: Any
    spectator: Any
    # what the spectator's page was answered about the game (its JSON answers)
    seen: list[Any] = field(default_factory=list)


@pytest.fixture(scope="module")
def watched(server: Server, chromium: Any, games: Games) -> Iterator[Watched]:
    """A player at the public game's table, and a spectator who opened it from the
    lobby's games to watch."""
    game = games.game
    player = _signed_in(chromium, server.origin, games.tokens[0])
    player.goto(f"{server.origin}/play/{game}")
    player.wait_for_function("() => document.body.dataset.state === 'ready'")
    spectator = _signed_in(chromium, server.origin, server.user("Eve"))
    state = Watched(game, games.tokens, player, spectator)

    def keep(response: Any) -> None:
        if f"/v1/games/{game}" in response.url and "json" in response.headers.get(
                "content-type", ""):
            state.seen.append(response.json())

    spectator.on("response", keep)
    spectator.goto(f"{server.origin}/")
    spectator.click(f"#games-to-watch a.watch-game[data-game='{game}']")
    spectator.wait_for_selector("#table")
    spectator.wait_for_function("() => document.body.dataset.state === 'ready'")
    yield state
    for page in (player, spectator):
        page.context.close()


def test_the_lobby_lists_a_public_game_in_progress_to_watch(lobby: Any, games: Games) -> None:
    entry = lobby.locator(f"#games-to-watch li[data-game='{games.game}']")
    assert ENGLISH["map.usa"] in entry.inner_text()
    assert "Ann" in entry.inner_text() and "Ben" in entry.inner_text()


def test_the_lobby_never_lists_a_private_game_to_watch(lobby: Any, games: Games) -> None:
    listed = lobby.eval_on_selector_all(
        "#games-to-watch li[data-game]", "(items) => items.map((li) => li.dataset.game)")
    assert games.game in listed and games.private not in listed


def test_a_spectators_table_says_they_are_watching(watched: Watched) -> None:
    banner = watched.spectator.locator("#watching")
    banner.wait_for(state="visible")
    assert ENGLISH["you_are_watching"] in banner.inner_text()


def test_a_spectator_sees_no_hand_no_tickets_and_no_move(watched: Watched) -> None:
    page = watched.spectator
    for hidden in ("#hand", "#my-tickets", "#actions", "#hand-heading", "#tickets-heading"):
        assert not page.locator(hidden).is_visible(), hidden
    assert page.locator("#notify").count() == 0 or not page.locator("#notify").is_visible()
    assert page.locator("#claim").count() == 0 or not page.locator("#claim").is_visible()
    assert ENGLISH["no_cards"] not in page.inner_text("body")
    assert page.evaluate("document.body.dataset.myTurn") == "false"


def test_nothing_private_reaches_a_spectators_page(watched: Watched, server: Server) -> None:
    # the game as read by itself, or within the table's first read (`GET …/table`)
    games = [v.get("game", v) for v in watched.seen if isinstance(v, dict)]
    views = [v for v in games if isinstance(v, dict) and "players" in v]
    assert views, "the page read the game"
    assert all(v["moves"] is None for v in watched.seen if isinstance(v, dict) and "game" in v)
    for view in views:
        assert view["you"] is None
        assert all(not {"hand", "tickets", "pending_tickets"} & set(p) for p in view["players"])
    secret = set()
    for token in watched.tokens:
        you = server.api("GET", f"/v1/games/{watched.game}", token=token)["you"]
        secret |= {t["id"] for t in you["tickets"]}
    said = json.dumps(watched.seen)
    assert secret and not [t for t in secret if t in said]
    page = watched.spectator
    assert page.locator("#my-tickets [data-ticket], #hand [data-color]").count() == 0


def _spectators_shown(page: Any, n: int) -> None:
    page.wait_for_selector(f"#spectators[data-count='{n}']", state="attached", timeout=30_000)


def test_the_players_table_counts_one_spectator(watched: Watched) -> None:
    count = watched.player.locator("#spectators")
    watched.player.wait_for_selector("#spectators[data-count='1']:not([hidden])", timeout=30_000)
    assert count.inner_text() == ENGLISH["spectators_count"]["one"].replace("{n}", "1")
    assert not watched.player.locator("#watching").is_visible()


def test_the_count_drops_when_a_spectator_leaves(watched: Watched, server: Server,
                                                 chromium: Any) -> None:
    # a second spectator comes to the table (by its address) and goes
    other = _signed_in(chromium, server.origin, server.user("Fay"))
    other.goto(f"{server.origin}/play/{watched.game}")
    _spectators_shown(watched.player, 2)
    other.context.close()
    _spectators_shown(watched.player, 1)
    assert watched.player.locator("#spectators").is_visible()


def test_no_spectator_is_counted_once_all_have_left(server: Server, chromium: Any) -> None:
    game, tokens = _public_game(server)
    player = _signed_in(chromium, server.origin, tokens[0])
    player.goto(f"{server.origin}/play/{game}")
    player.wait_for_function("() => document.body.dataset.state === 'ready'")
    spectator = _signed_in(chromium, server.origin, server.user("Hal"))
    spectator.goto(f"{server.origin}/play/{game}")
    _spectators_shown(player, 1)
    spectator.context.close()
    _spectators_shown(player, 0)
    assert not player.locator("#spectators").is_visible()
    assert player.errors == []
    player.context.close()


def test_no_script_error_on_either_page(watched: Watched) -> None:
    assert watched.player.errors == [] and watched.spectator.errors == []
