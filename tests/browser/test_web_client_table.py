"""The web client's table and lobby in Chromium, against `ttr serve`: a dropped stream
resumes where it stopped, an opponent's turn arrives whole over the stream, a refused
command is shown in words, the sign-in link, the
live lobby, leaving a table before the start, and a phone-sized screen.

Games are set up through the API (the tests' own calls) where only the page's part is
under test; the page's part is always pressed on the page.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.tcp_proxy import TcpProxy
from tests.web_client_support import READY, Server, serve

ENGLISH = json.loads((Path(__file__).resolve().parents[2] / "service" / "static" / "app" / "i18n"
                      / "en.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-table")) as running:
        yield running


def _game(server: Server, map_name: str = "usa") -> tuple[str, list[str]]:
    """A two-player game in play, both tickets chosen: (game id, tokens by seat)."""
    a, b = server.user("Ann"), server.user("Ben")
    game = server.api("POST", "/v1/games", {"map": map_name, "seats": 2}, a)["id"]
    server.api("POST", f"/v1/games/{game}/players", {}, b)
    for token in (a, b):
        keep = server.api("GET", f"/v1/games/{game}/moves", token=token)["moves"][0]
        server.api("POST", f"/v1/games/{game}/actions", keep, token)
    return game, [a, b]


def _on_turn(server: Server, game: str, tokens: list[str]) -> int:
    seat: int = server.api("GET", f"/v1/games/{game}", token=tokens[0])["turn"]["seat"]
    return seat


def _table(chromium: Any, origin: str, token: str, game: str,
           width: int = 1200, height: int = 900,
           routes: dict[str, Any] | None = None) -> Any:
    """A page signed in with `token`'s sign-in link, showing the table of `game`
    (`routes`: handlers of the page's requests, by URL pattern)."""
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    for pattern, handler in (routes or {}).items():
        page.route(pattern, handler)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.goto(f"{origin}/play/{game}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    return page


def _log_versions(page: Any) -> list[int]:
    return sorted(page.evaluate(
        "[...document.querySelectorAll('#log li')].map(li => +li.dataset.version)"))


def _draw_twice(server: Server, game: str, token: str) -> None:
    for _ in range(2):
        server.api("POST", f"/v1/games/{game}/actions", {"type": "draw_card", "source": "deck"},
                   token)


def test_a_dropped_stream_resumes_after_the_last_event_it_saw(server: Server,
                                                              chromium: Any) -> None:
    game, tokens = _game(server)
    proxy = TcpProxy("127.0.0.1", server.port)
    page = _table(chromium, f"http://127.0.0.1:{proxy.port}", tokens[0], game)
    resumed: list[str] = []
    page.on("request", lambda r: resumed.append(r.headers.get("last-event-id", ""))
            if "/events?" in r.url else None)
    page.wait_for_function("() => document.getElementById('connection').dataset.status === 'live'")
    before = int(page.evaluate("document.body.dataset.version"))

    proxy.cut()  # the stream's connection drops; the page cannot reach the server
    page.wait_for_function("() => document.getElementById('connection').dataset.status"
                           " === 'reconnecting'")
    for _ in range(2):  # two whole turns happen meanwhile
        _draw_twice(server, game, tokens[_on_turn(server, game, tokens)])
    latest = server.api("GET", f"/v1/games/{game}", token=tokens[0])["version"]
    assert latest > before
    proxy.restore()

    # the stream's snapshot (the game now) comes before the events it missed, so the
    # caption can be up to date a moment before the log is
    page.wait_for_function(f"() => +document.body.dataset.version === {latest}"
                           f" && document.querySelector('#log li[data-version=\"{latest}\"]')",
                           timeout=20000)
    assert _log_versions(page) == list(range(1, latest + 1))[-len(_log_versions(page)):]
    assert set(range(before + 1, latest + 1)) <= set(_log_versions(page))
    assert any(r and int(r) >= before for r in resumed), resumed  # resumed, not restarted
    assert page.errors == []
    page.context.close()
    proxy.close()


def test_turn_signals_that_could_not_load_load_once_the_stream_is_back(
        server: Server, chromium: Any) -> None:
    game, tokens = _game(server)
    proxy = TcpProxy("127.0.0.1", server.port)
    refused: list[str] = []
    down = [True]  # the signals cannot be fetched until the proxy is restored

    def drop_while_down(route: Any) -> None:
        if down[0]:
            refused.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    # (the page may ask again as its stream first goes live, if the first failure came
    # before that: it is refused too, as the network is still down for it)
    page = _table(chromium, f"http://127.0.0.1:{proxy.port}", tokens[0], game,
                  routes={"**/signals.js": drop_while_down})
    page.wait_for_function("() => document.getElementById('connection').dataset.status === 'live'")
    assert refused
    assert " · " not in page.title()  # no signals: the title is the page's own
    proxy.cut()
    page.wait_for_function("() => document.getElementById('connection').dataset.status"
                           " === 'reconnecting'")
    down[0] = False
    proxy.restore()
    page.wait_for_function("() => document.title.includes(' · ')", timeout=20000)
    assert page.errors == []
    page.context.close()
    proxy.close()


def test_an_opponents_turn_reaches_the_table_with_my_moves_and_no_read_of_its_own(
        server: Server, chromium: Any) -> None:
    game, tokens = _game(server)
    mover = _on_turn(server, game, tokens)
    me = 1 - mover
    page = _table(chromium, server.origin, tokens[me], game)
    page.wait_for_function("() => document.getElementById('connection').dataset.status === 'live'")
    assert page.evaluate("document.body.dataset.myTurn") == "false"
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/events" not in r.url else None)

    _draw_twice(server, game, tokens[mover])  # the opponent's whole turn: now mine
    latest = server.api("GET", f"/v1/games/{game}", token=tokens[me])["version"]
    page.wait_for_function(f"() => +document.body.dataset.version === {latest}"
                           " && document.body.dataset.myTurn === 'true'")

    # the stream brought the game and my moves with the events: the page asked for neither
    assert [url for url in asked if f"/v1/games/{game}" in url] == []
    assert page.locator("#actions button:not([disabled])").count() > 0
    assert page.errors == []
    page.context.close()


def test_a_refused_command_is_shown_in_words_and_changes_nothing(server: Server,
                                                                 chromium: Any) -> None:
    game, tokens = _game(server)
    seat = _on_turn(server, game, tokens)

    # the page does not hear the game (its stream answers, and says nothing: no outage
    # holds the moves); meanwhile the same player draws a card elsewhere
    def deaf(route: Any) -> None:
        if "text/event-stream" in route.request.headers.get("accept", ""):
            route.fulfill(status=200, content_type="text/event-stream", body=": deaf\n\n")
        else:
            route.continue_()

    page = _table(chromium, server.origin, tokens[seat], game,
                  routes={"**/events*": deaf})
    page.wait_for_function("() => document.getElementById('connection').dataset.status"
                           " === 'live'")
    server.api("POST", f"/v1/games/{game}/actions", {"type": "draw_card", "source": "deck"},
               tokens[seat])
    version = server.api("GET", f"/v1/games/{game}", token=tokens[seat])["version"]

    page.press("#draw-tickets", "Enter")  # legal a moment ago: not in the second card's step
    refusal = page.locator("#refusal")
    refusal.wait_for(state="visible")
    assert refusal.inner_text() == ENGLISH["rule.wrong_step"]
    assert refusal.get_attribute("data-code") == "wrong_step"
    assert server.api("GET", f"/v1/games/{game}", token=tokens[seat])["version"] == version
    # and the page has caught up: the second card is what it offers now
    page.wait_for_function(f"() => +document.body.dataset.version === {version}")
    assert page.inner_text("#caption") == ENGLISH["caption.you_second_card"]
    assert page.locator("#draw-tickets").count() == 0
    page.context.close()


def test_the_sign_in_link_opens_the_same_account_elsewhere(server: Server,
                                                           chromium: Any) -> None:
    first = chromium.new_context()
    page = first.new_page()
    page.goto(server.origin + "/")
    page.fill("#signup-name", "Dora")
    page.press("#signup-name", "Enter")
    page.wait_for_selector("#new-game")
    page.press("#show-signin-link", "Enter")
    page.wait_for_selector("#signin-link")
    link = page.input_value("#signin-link")
    assert link.startswith(server.origin + "/signin#code=")  # a one-time code, no token
    other = chromium.new_context().new_page()
    other.goto(link)
    other.wait_for_selector("#me")
    assert other.inner_text("#me") == ENGLISH["signed_in_as"].replace("{name}", "Dora")
    assert other.url == server.origin + "/"  # the code left the address bar
    other.press("#sign-out", "Enter")
    other.wait_for_selector("#signup-name")
    first.close()
    other.context.close()


def test_the_lobby_shows_a_new_open_game_without_reloading_and_a_player_leaves_it(
        server: Server, chromium: Any) -> None:
    page = chromium.new_context().new_page()
    page.goto(server.origin + "/")
    page.fill("#signup-name", "Eve")
    page.press("#signup-name", "Enter")
    page.wait_for_selector("#open-games")
    host = server.user("Fay")
    game = server.api("POST", "/v1/games", {"map": "nordic", "seats": 3}, host)["id"]
    joined = page.locator(f"#open-games [data-game='{game}'] .join")
    joined.wait_for(timeout=15000)  # polled: no reload
    joined.press("Enter")
    page.wait_for_selector("#waiting")
    assert page.locator("#waiting .seats li:not(.free-seat)").count() == 2
    assert page.locator("#waiting .seats li.free-seat").count() == 1
    page.press("#leave-table", "Enter")
    page.wait_for_selector("#new-game")
    players = server.api("GET", f"/v1/games/{game}", token=host)["players"]
    assert [p["name"] for p in players] == ["Fay"]
    page.context.close()


def test_a_phone_sized_screen_shows_the_whole_table_and_plays_by_keyboard(
        server: Server, chromium: Any) -> None:
    game, tokens = _game(server, "europe")
    seat = _on_turn(server, game, tokens)
    page = _table(chromium, server.origin, tokens[seat], game, width=390, height=844)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for selector in ("#caption", "#draw-deck", "#hand", "#player-panels", "#board"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, selector
    version = int(page.evaluate("document.body.dataset.version"))
    page.focus("#draw-deck")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => +document.body.dataset.version > {version}")
    assert page.inner_text("#caption") == ENGLISH["caption.you_second_card"]
    page.screenshot(path=str(Path("/tmp") / "ttr-phone-table.png"), full_page=True)
    assert page.errors == []
    page.context.close()
