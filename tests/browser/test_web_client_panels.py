"""The players' panels at the table and the end screen's total, in Chromium against
`ttr serve` (issue 33: the old players' table cut off its last columns at 1366 px with
bots or three players, and on a phone; the phone's end screen hid the total).

Each player has a panel of their own (name, bot level, points, trains, cards, tickets,
stations where the map has them, whose turn it is), which cuts nothing off at any width
from 360 px up, checked from the boxes of the panel's parts; on a phone the panels are a
strip that stays in view while the page scrolls. The final score shows the total beside
the name on a phone. The games are set up through the API (the tests' own calls); the
page's part is pressed on the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.replay_fixtures import AppServer, finished_game
from tests.web_client_support import READY, Server, serve

LONG_NAME = "Maximiliana Wolkenstein-Oberhausen"
BOTS = ["easy", "medium", "easy", "medium"]
SIZES = [(360, 740), (390, 844), (768, 1024), (1366, 900)]

# Every panel's parts that lie outside their panel or the window, or a panel wider
# inside than it shows (a part cut off), at a window `width` px wide.
CLIPPED = """(width) => {
  const out = [];
  const inside = (b, box) => b.left >= box.left - 0.5 && b.right <= box.right + 0.5
    && b.top >= box.top - 0.5 && b.bottom <= box.bottom + 0.5;
  for (const panel of document.querySelectorAll('#player-panels .player-panel')) {
    const box = panel.getBoundingClientRect();
    const seat = panel.dataset.seat;
    if (box.left < 0 || box.right > width + 0.5) out.push(`panel ${seat} outside the window`);
    if (panel.scrollWidth > panel.clientWidth) out.push(`panel ${seat} scrolls sideways`);
    for (const part of panel.querySelectorAll('*')) {
      const b = part.getBoundingClientRect();
      if (b.width <= 1 && b.height <= 1) continue;  // nothing to see (a screen reader's text)
      if (!inside(b, box)) out.push(`${part.className.baseVal ?? part.className} of ${seat}`);
      if (b.left < 0 || b.right > width + 0.5) out.push(`${part.tagName} of ${seat} off screen`);
    }
  }
  return out;
}"""
# What each panel shows: its seat, whether it is marked as to play, and its figures.
SHOWN = """() => [...document.querySelectorAll('#player-panels .player-panel')].map((p) => ({
  seat: +p.dataset.seat, current: p.getAttribute('aria-current') === 'true',
  marked: Boolean(p.querySelector('.to-act')), you: Boolean(p.querySelector('.you')),
  name: p.querySelector('.profile-link, .player-label').textContent,
  level: (p.querySelector('.bot-tag') || { dataset: {} }).dataset.level || null,
  stats: Object.fromEntries([...p.querySelectorAll('.stat')].map((s) =>
    [s.dataset.stat, s.querySelector('dd').textContent])) }))"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    # the bots wait a little before each move: slow enough to watch, quick to my turn
    with serve(tmp_path_factory.mktemp("web-panels"), TTR_BOT_PAUSE="0.05") as running:
        yield running


def _page(chromium: Any, origin: str, token: str, path: str,
          width: int = 1366, height: int = 900) -> Any:
    """A page signed in with `token`'s sign-in link, showing `path`."""
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.goto(origin + path)
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    return page


def _at_my_turn(chromium: Any, server: Server, map_name: str, bots: list[str],
                **options: Any) -> tuple[Any, dict[str, Any]]:
    """Me against `bots` on `map_name` (`options`: more of the new game's fields): my
    tickets kept on the page, then the bots play until it is my turn (they wait for me
    there). The page, and the game as I see it."""
    token = server.user(LONG_NAME)
    game = server.api("POST", "/v1/games", {"map": map_name, "seats": len(bots) + 1,
                                            "bots": bots, **options}, token)["id"]
    page = _page(chromium, server.origin, token, f"/play/{game}")
    page.wait_for_selector("#keep-tickets")
    page.press("#keep-tickets", "Enter")
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'"
                           " && document.body.dataset.busy !== 'true'"
                           " && !document.getElementById('keep-tickets')", timeout=60000)
    seen = server.api("GET", f"/v1/games/{game}", token=token)
    version = seen["version"]
    page.wait_for_function(f"() => +document.body.dataset.version >= {version}")
    return page, seen


@pytest.fixture(scope="module")
def europe(server: Server, chromium: Any) -> Iterator[tuple[Any, dict[str, Any]]]:
    """A five-player Europe game, me and four bots, at my turn."""
    page, seen = _at_my_turn(chromium, server, "europe", BOTS)
    yield page, seen
    page.context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_no_panel_cuts_anything_off_with_five_players(
        europe: tuple[Any, dict[str, Any]], width: int, height: int) -> None:
    page, _ = europe
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("(w) => window.innerWidth === w", arg=width)
    assert page.locator("#player-panels .player-panel").count() == 5
    assert page.evaluate(CLIPPED, width) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.errors == []


def test_each_panel_shows_the_players_figures_and_bot_levels(
        europe: tuple[Any, dict[str, Any]]) -> None:
    page, seen = europe
    shown = page.evaluate(SHOWN)
    assert [p["name"] for p in shown] == [p["name"] for p in seen["players"]]
    assert shown[0]["name"] == LONG_NAME and shown[0]["you"] and shown[0]["level"] is None
    assert [p["level"] for p in shown[1:]] == BOTS
    assert not any(p["you"] for p in shown[1:])
    for panel, player in zip(shown, seen["players"], strict=True):
        assert panel["stats"] == {
            "points": str(player["route_points"]), "trains": str(player["trains"]),
            "cards": str(player["hand_size"]), "tickets": str(player["ticket_count"]),
            "stations": str(player["stations_left"])}  # Europe has stations


def test_the_player_to_play_is_marked(europe: tuple[Any, dict[str, Any]]) -> None:
    page, seen = europe
    shown = page.evaluate(SHOWN)
    assert seen["to_act"] == [seen["you"]["seat"]]
    assert [p["seat"] for p in shown if p["current"]] == seen["to_act"]
    assert [p["seat"] for p in shown if p["marked"]] == seen["to_act"]
    assert page.inner_text(".player-panel[aria-current='true'] .to-act").strip() == "▶ to play"


@pytest.mark.parametrize("width", [360, 390])
def test_on_a_phone_the_panels_stay_in_view_as_the_page_scrolls(
        europe: tuple[Any, dict[str, Any]], width: int) -> None:
    page, _ = europe
    page.set_viewport_size({"width": width, "height": 740})
    page.wait_for_function("(w) => window.innerWidth === w", arg=width)
    page.evaluate("window.scrollTo(0, 0)")
    strip = page.locator("#player-panels").bounding_box()
    heading = page.locator(".table-head h1").bounding_box()
    assert strip is not None and heading is not None
    assert strip["y"] == 0 and heading["y"] >= strip["height"]  # it covers nothing at the top
    assert strip["height"] < 740 / 3  # a strip, not the screen
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("() => window.scrollY > 0")
    for seat in range(5):
        box = page.locator(f".player-panel[data-seat='{seat}']").bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 740


def test_beside_the_board_the_panels_are_in_view_as_the_table_opens(
        europe: tuple[Any, dict[str, Any]]) -> None:
    page, _ = europe
    page.set_viewport_size({"width": 1366, "height": 900})
    page.wait_for_function("() => window.innerWidth === 1366")
    page.evaluate("window.scrollTo(0, 0)")
    board = page.locator("#board").bounding_box()
    assert board is not None
    for seat in range(5):
        box = page.locator(f".player-panel[data-seat='{seat}']").bounding_box()
        assert box is not None and box["x"] >= board["x"] + board["width"]  # beside the board
        assert 0 <= box["y"] and box["y"] + box["height"] <= 900


def test_a_stand_in_is_named_in_its_panel_without_cutting_it_off(
        server: Server, chromium: Any) -> None:
    page, _ = _at_my_turn(chromium, server, "europe", ["easy", "easy"],
                          stand_in=True, stand_in_level="medium")
    page.press("#resign", "Enter")
    page.press("#resign-yes", "Enter")
    page.wait_for_selector(".player-panel[data-seat='0'] .stands-in")
    assert page.inner_text(".player-panel[data-seat='0'] .stands-in") == (
        f"stands in for {LONG_NAME}")
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 740})
        page.wait_for_function("(w) => window.innerWidth === w", arg=width)
        assert page.evaluate(CLIPPED, width) == []
    assert page.errors == []
    page.context.close()


def test_north_america_has_no_stations_to_show(server: Server, chromium: Any) -> None:
    page, seen = _at_my_turn(chromium, server, "usa", ["easy", "medium"])
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => window.innerWidth === 390")
    shown = page.evaluate(SHOWN)
    assert [set(p["stats"]) for p in shown] == [{"points", "trains", "cards", "tickets"}] * 3
    assert page.evaluate(CLIPPED, 390) == []
    assert page.errors == []
    page.context.close()


def test_the_final_score_shows_the_total_on_a_phone(chromium: Any, tmp_path: Path) -> None:
    game = finished_game("europe", 5, 21)  # the widest score: stations and the globetrotter
    with AppServer(tmp_path, [game]) as app:
        signed_up = app.app.test_client().post("/v1/users", json={"name": "Watcher"})
        token = signed_up.get_json()["token"]
        page = _page(chromium, app.origin, token, f"/play/{game.game_id}", width=390, height=844)
        page.wait_for_function("() => document.body.dataset.scored === 'true'")
        totals = page.evaluate(
            "[...document.querySelectorAll('#final-scores tbody tr')].map((r) => {"
            " const box = r.querySelector('.total').getBoundingClientRect();"
            " const seen = r.closest('.scroll').getBoundingClientRect();"
            " return [+r.dataset.seat, +r.querySelector('.total').textContent,"
            " box.left >= seen.left && box.right <= Math.min(seen.right, innerWidth)]; })")
        head = page.evaluate("[...document.querySelectorAll('#final-scores thead th')]"
                             ".map((th) => th.textContent)")
        errors = page.errors
        page.context.close()
    expected = {p["seat"]: p["score"]["total"] for p in game.score["players"]}
    assert head[:3] == ["Rank", "Player", "Total"]
    assert {seat: total for seat, total, _ in totals} == expected
    assert all(visible for _, _, visible in totals), totals
    assert errors == []
