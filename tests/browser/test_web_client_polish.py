"""The table's finish, in Chromium against `ttr serve` (issue 33, item 7): the end screen
without the in-game controls, the waiting table's seats and its invite link copied, the
invite page saying who invites you to which map, and an outage shown as a banner that
holds the moves until the server is back. The invitation's answer (what a stranger with
or without the code may read) is checked through the API as well.

Games are set up through the API where only the page's part is under test; the page's
part is always pressed on the page.
"""

from __future__ import annotations

import json
import time
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.tcp_proxy import TcpProxy
from tests.web_client_support import READY, Server, serve

ENGLISH = json.loads((Path(__file__).resolve().parents[2] / "service" / "static" / "app" / "i18n"
                      / "en.json").read_text(encoding="utf-8"))
# the controls that only mean something while the game is played
IN_GAME = ("#draw-deck", "#market", "#actions", "#countdown", "#claim-at-once")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-polish")) as running:
        yield running


def _page(chromium: Any, origin: str, token: str | None, path: str, **context: Any) -> Any:
    """A page of its own context, signed in with `token` (none: a visitor), at `path`."""
    page = chromium.new_context(viewport={"width": 1200, "height": 900}, **context).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    if token is not None:
        page.goto(f"{origin}/signin#token={token}")
        page.wait_for_function(READY)
    page.goto(origin + path)
    page.wait_for_function(READY)
    return page


def _playing(server: Server) -> tuple[str, list[str]]:
    """Ann and Ben's game of North America, both tickets kept: (game id, tokens by seat)."""
    a, b = server.user("Ann"), server.user("Ben")
    game = server.api("POST", "/v1/games", {"map": "usa", "seats": 2}, a)["id"]
    server.api("POST", f"/v1/games/{game}/players", {}, b)
    for token in (a, b):
        keep = server.api("GET", f"/v1/games/{game}/moves", token=token)["moves"][0]
        server.api("POST", f"/v1/games/{game}/actions", keep, token)
    return game, [a, b]


def _on_turn(server: Server, game: str, tokens: list[str]) -> str:
    seat: int = server.api("GET", f"/v1/games/{game}", token=tokens[0])["turn"]["seat"]
    return tokens[seat]


def _scored(server: Server, game: str, token: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            server.api("GET", f"/v1/games/{game}/score", token=token)
            return
        except urllib.error.HTTPError as error:
            error.close()
            time.sleep(0.1)  # 202 or not yet there: the scoring job is on its way
    raise AssertionError("the game was not scored in time")


def _private_table(server: Server) -> tuple[str, str, str]:
    """Ann's private table of Europe for three, Ann seated: (game id, code, Ann's token)."""
    ann = server.user("Ann")
    made = server.api("POST", "/v1/games", {"map": "europe", "seats": 3, "private": True}, ann)
    return made["id"], made["invite_code"], ann


def test_the_end_screen_shows_no_in_game_controls(server: Server, chromium: Any) -> None:
    game, tokens = _playing(server)
    page = _page(chromium, server.origin, tokens[0], f"/play/{game}")
    for selector in ("#draw-deck", "#market", "#connection"):  # there while it is played
        expect(page.locator(selector)).to_be_visible()

    server.api("POST", f"/v1/games/{game}/actions", {"type": "resign"}, tokens[1])
    _scored(server, game, tokens[0])
    expect(page.locator("#final-scores")).to_be_visible(timeout=20000)
    for selector in (*IN_GAME, "#connection", "#notify", "#draw-tickets", "#final-round"):
        expect(page.locator(selector)).to_be_hidden()
    expect(page.locator("#my-tickets")).to_be_visible()  # what was played stays in view
    assert page.errors == []
    page.context.close()


def test_the_waiting_table_lists_who_sits_and_no_in_game_control(
        server: Server, chromium: Any) -> None:
    game, _, ann = _private_table(server)
    server.api("POST", f"/v1/games/{game}/bots", {"level": "easy"}, ann)
    page = _page(chromium, server.origin, ann, f"/play/{game}")

    seats = page.locator("#seats li")
    expect(seats).to_have_count(3)
    expect(seats.nth(0)).to_contain_text("Ann")
    expect(seats.nth(0)).to_contain_text(f"({ENGLISH['you']})")
    expect(seats.nth(1)).to_contain_text(ENGLISH["bot_level"].format(level=ENGLISH["level.easy"]))
    expect(seats.nth(2)).to_have_text(ENGLISH["free_seat"])
    expect(page.locator("#seats-taken")).to_have_text("2 of 3 seats taken")
    for selector in (*IN_GAME, "#hand", "#my-tickets"):
        expect(page.locator(selector)).to_be_hidden()
    expect(page.get_by_text("Draw from the deck")).to_be_hidden()
    assert page.errors == []
    page.context.close()


def test_the_copy_button_puts_the_invite_link_on_the_clipboard(
        server: Server, chromium: Any) -> None:
    ann = server.user("Ann")
    page = _page(chromium, server.origin, ann, "/",
                 permissions=["clipboard-read", "clipboard-write"])
    page.select_option("#new-map", "europe")
    page.select_option("#new-seats", "3")
    page.check("#new-private")
    page.press("#create-game", "Enter")
    link = page.locator("#invite-link")
    expect(link).to_be_visible()
    assert "#invite=" in link.input_value()

    page.press("#copy-invite", "Enter")
    expect(page.locator("#invite-copied")).to_have_text(ENGLISH["invite.copied"])
    assert page.evaluate("navigator.clipboard.readText()") == link.input_value()
    page.context.close()


def test_the_invite_page_names_the_inviter_the_map_and_the_seats(
        server: Server, chromium: Any) -> None:
    game, code, ann = _private_table(server)
    server.api("POST", f"/v1/games/{game}/bots", {"level": "easy"}, ann)
    said = ENGLISH["invitation.by"].format(who="Ann", map=ENGLISH["map.europe"])
    ben = server.user("Ben")
    for token in (ben, None):  # signed in, and a visitor who has yet to sign up
        page = _page(chromium, server.origin, token, f"/join/{game}#invite={code}")
        expect(page.locator("#invitation-text")).to_have_text(said)
        expect(page.locator("#invitation-seats")).to_have_text("2 of 3 seats taken")
        assert page.errors == []
        page.context.close()


def test_a_private_invitation_tells_nothing_without_its_code(server: Server) -> None:
    game, code, _ = _private_table(server)
    stranger = server.user("Eve")
    for headers in ({}, {"Invite-Code": code + "x"}):
        with pytest.raises(urllib.error.HTTPError) as refused:
            server.api("GET", f"/v1/games/{game}/invitation", token=stranger, headers=headers)
        refused.value.close()  # (its answer read: the socket closed, not left to the collector)
        assert refused.value.code == 404
    about = server.api("GET", f"/v1/games/{game}/invitation", headers={"Invite-Code": code})
    assert about == {"game_id": game, "map": "europe", "status": "open", "inviter": "Ann",
                     "seats": 3, "seats_taken": 1}


def test_an_outage_is_a_banner_that_holds_the_moves_until_the_server_is_back(
        server: Server, chromium: Any) -> None:
    game, tokens = _playing(server)
    proxy = TcpProxy("127.0.0.1", server.port)
    page = _page(chromium, f"http://127.0.0.1:{proxy.port}", _on_turn(server, game, tokens),
                 f"/play/{game}")
    banner = page.locator("#outage")
    deck = page.locator("#draw-deck")
    expect(page.locator("#connection")).to_have_attribute("data-status", "live")
    expect(banner).to_be_hidden()
    expect(deck).to_be_enabled()

    proxy.cut()  # the server is gone for the page
    expect(banner).to_be_visible()
    assert banner.get_attribute("role") == "alert"
    assert banner.inner_text().endswith(ENGLISH["outage.banner"])
    expect(deck).to_be_disabled()
    expect(page.locator("#draw-tickets")).to_be_disabled()
    page.press("#draw-deck", "Enter")  # nothing is sent meanwhile
    # an outage long enough for a growing back-off to have grown: five tries failed
    tries: list[str] = []
    page.on("requestfailed", lambda r: tries.append(r.url) if "/events" in r.url else None)
    while len(tries) < 5:
        page.wait_for_event("requestfailed", timeout=20000)
    proxy.restore()

    # back within 2 s of the server's return (the stream retries about once a second)
    expect(banner).to_be_hidden(timeout=2000)
    expect(deck).to_be_enabled()
    page.press("#draw-deck", "Enter")  # and the move goes through
    expect(page.locator("#caption")).to_have_text(ENGLISH["caption.you_second_card"])
    assert page.errors == []
    page.context.close()
    proxy.close()
