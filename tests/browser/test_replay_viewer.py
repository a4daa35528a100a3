"""The replay viewer (`service/static/replay/`) and its map layouts (`service/static/layouts/`).

The page runs in Debian's headless Chromium, driven by Playwright
(`tests/browser_support.py`), against a finished random game of each map served by a
stand-in for the API (`tests/replay_fixtures.py`). Without Chromium the browser tests
fail, naming it.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.maps import MAP_NAMES, load_board, rules_for
from tests.browser_support import ViewerPage, count_colors
from tests.replay_fixtures import (
    LABEL_PLACES,
    LAYOUTS,
    STATIC,
    AppServer,
    FinishedGame,
    ReplayServer,
    build_layout,
    finished_game,
    label_box,
    layout_problems,
    project,
)

# (players, choice seed) of the game played on each map: all five colours on Europe
GAMES = {"usa": (4, 11), "europe": (5, 12), "nordic": (3, 13)}
TOKEN = "s3cret-token"


# -- layouts ---------------------------------------------------------------------------

def _layout(map_name: str) -> dict[str, Any]:
    return json.loads((LAYOUTS / f"{map_name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_layout_places_every_city_inside_the_canvas_and_apart(map_name: str) -> None:
    layout, board = _layout(map_name), load_board(map_name)
    assert layout["map"] == map_name
    assert set(layout["cities"]) == set(board.cities)
    width, height = layout["width"], layout["height"]
    for city, (x, y) in layout["cities"].items():
        assert 20 <= x <= width - 20 and 20 <= y <= height - 20, city
    closest = min(itertools.combinations(board.cities, 2),
                  key=lambda p: math.dist(layout["cities"][p[0]], layout["cities"][p[1]]))
    assert math.dist(layout["cities"][closest[0]], layout["cities"][closest[1]]) >= 40, closest
    # and every route has room for its cars, passing no other city too closely
    assert layout_problems(layout, board) == []


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_layout_labels_stay_inside_and_cities_stay_near_their_geography(map_name: str) -> None:
    layout = _layout(map_name)
    assert set(layout["labels"]) == set(layout["cities"])
    for city, place in layout["labels"].items():
        assert place in LABEL_PLACES
        x0, y0, x1, y1 = label_box(*layout["cities"][city], city, place)
        assert x0 >= 0 and y0 >= 0 and x1 <= layout["width"] and y1 <= layout["height"], city
    _, _, geography = project(map_name)
    for city, position in layout["cities"].items():
        assert math.dist(position, geography[city]) <= 30, f"{city} moved far from its place"


def test_layouts_are_the_ones_generated_from_the_geography() -> None:
    for map_name in MAP_NAMES:
        assert _layout(map_name) == build_layout(map_name), (
            f"{map_name}: run python -m tests.replay_fixtures layouts")


def test_the_page_loads_nothing_from_elsewhere() -> None:
    for path in [*(STATIC / "replay").iterdir(), *(STATIC / "board").iterdir(),
                 *LAYOUTS.iterdir()]:
        text = path.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text), path
        assert "@import" not in text and "@font-face" not in text, path


# -- the page in Chromium --------------------------------------------------------------

def test_the_stand_in_exports_are_ones_the_server_would_accept() -> None:
    from events.verify import verify_export

    for map_name, (players, seed) in GAMES.items():
        game = finished_game(map_name, players, seed)
        verdict = verify_export([json.dumps(r) for r in game.records])
        assert verdict.ok and verdict.score_matches, (map_name, verdict.as_dict())
        if players >= 3:  # someone sat down and left: the players after them moved up
            assert [r["type"] for r in game.records[1:4]] == [
                "seat_taken", "seat_taken", "seat_left"]

@pytest.fixture(scope="module")
def games() -> dict[str, FinishedGame]:
    return {m: finished_game(m, players, seed, unknown_event=(m == "usa"))
            for m, (players, seed) in GAMES.items()}


@pytest.fixture(scope="module")
def server(games: dict[str, FinishedGame]) -> Iterator[ReplayServer]:
    private = finished_game("nordic", 2, 14, game_id="private-game")
    private.token = TOKEN
    served = {g.game_id: g for g in (*games.values(), private)}
    with ReplayServer(served) as running:
        yield running


def _step(browser: ViewerPage) -> tuple[int, int]:
    step, total, text = browser.evaluate(
        "(() => { const s = document.getElementById('step');"
        " return [+s.dataset.step, +s.dataset.total, s.textContent]; })()")
    assert text == f"Event {step} of {total}"
    return step, total


def _owners(browser: ViewerPage) -> dict[str, int]:
    return dict(browser.evaluate(
        "[...document.querySelectorAll('#map svg .route[data-owner]')]"
        ".map(e => [e.dataset.routeId, +e.dataset.owner])"))


def _description(browser: ViewerPage) -> str:
    return str(browser.evaluate("document.getElementById('event-description').textContent"))


def _open(browser: ViewerPage, url: str) -> None:
    state = browser.open(url)
    error = browser.evaluate("document.getElementById('error').textContent")
    assert state == "ready", f"the page shows an error: {error}"
    assert not [c for c in browser.console if c.startswith("exception")], browser.console


def _player_colors(browser: ViewerPage, seats: int) -> dict[int, str]:
    colors = browser.evaluate("window.replayViewer.playerColors")
    return dict(enumerate(colors[:seats]))


def _save(png: bytes, name: str, tmp_path: Path) -> None:
    (tmp_path / name).write_bytes(png)
    keep = os.environ.get("REPLAY_SCREENSHOTS")  # a folder to keep the screenshots in
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / name).write_bytes(png)


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_replay_of_a_finished_game(map_name: str, games: dict[str, FinishedGame],
                                   server: ReplayServer, browser: ViewerPage,
                                   tmp_path: Path) -> None:
    game, board, rules = games[map_name], load_board(map_name), rules_for(map_name)
    total = len(game.records)
    names = game.seat_names()
    _open(browser, f"{server.origin}/games/{game.game_id}/replay")

    # the board: every route (tunnels and ferries marked) and every city's label
    routes = browser.evaluate(
        "[...document.querySelectorAll('#map svg .route')].map(e =>"
        " [e.dataset.routeId, e.dataset.tunnel === 'true', +(e.dataset.ferry || 0),"
        "  e.querySelectorAll('.car').length])")
    assert len(routes) == len(board.routes)
    assert sorted(routes) == sorted([r.id, r.tunnel, r.locomotives, r.length]
                                    for r in board.routes)
    labels = browser.evaluate(
        "[...document.querySelectorAll('#map svg .city-label')].map(e => e.textContent)")
    assert sorted(labels) == sorted(board.cities)
    assert _step(browser) == (1, total)

    # End: every claimed route in its owner's hands, the final score
    browser.press("End")
    assert _step(browser) == (total, total)
    claimed = game.owners_after(total)
    assert claimed and _owners(browser) == claimed
    assert _description(browser).startswith("Final score: ")
    players = browser.evaluate(
        "[...document.querySelectorAll('#players tbody tr')].map(r => [+r.dataset.seat,"
        " r.querySelector('th').textContent, +r.querySelector('.route-points').textContent,"
        " +r.querySelector('.trains').textContent])")
    for seat, name, points, trains in players:
        claims = [r["data"] for r in game.of_type("route_claimed") if r["data"]["seat"] == seat]
        assert name.startswith(f"Seat {seat + 1} ({names[seat]})")
        assert points == sum(c["points"] for c in claims)
        assert trains == rules.trains - sum(board.route_by_id[c["route"]].length for c in claims)
    _check_final_score(browser, game, names)

    shot = browser.screenshot("#map svg")
    _save(shot, f"replay-{map_name}-end.png", tmp_path)
    colors = _player_colors(browser, game.players)
    counts = count_colors(shot, {str(s): c for s, c in colors.items()})
    for seat in set(claimed.values()):
        cars = sum(board.route_by_id[r].length for r, s in claimed.items() if s == seat)
        assert counts[str(seat)] >= 15 * cars, (seat, colors[seat], counts, cars)

    # Home: nothing claimed yet, and no player colour anywhere on the map
    browser.press("Home")
    assert _step(browser) == (1, total)
    assert _owners(browser) == {}
    assert browser.evaluate("document.getElementById('final').hidden") is True
    shot = browser.screenshot("#map svg")
    _save(shot, f"replay-{map_name}-start.png", tmp_path)
    counts = count_colors(shot, {str(s): c for s, c in colors.items()})
    assert all(n < 10 for n in counts.values()), counts

    # a few steps forward, then on to the first claimed route, and one back
    for step in range(2, 6):
        browser.press("ArrowRight")
        assert _step(browser) == (step, total)
        assert _description(browser)
    first = next(i + 1 for i, r in enumerate(game.records) if r["type"] == "route_claimed")
    for _ in range(first - 5):
        browser.press("ArrowRight")
    assert _step(browser) == (first, total)
    claim = game.records[first - 1]["data"]
    route = board.route_by_id[claim["route"]]
    assert _owners(browser) == {claim["route"]: claim["seat"]}
    assert (f"Seat {claim['seat'] + 1} ({names[claim['seat']]}) claimed "
            f"{route.a}–{route.b} for {claim['points']} point") in _description(browser)
    browser.press("ArrowLeft")
    assert _step(browser) == (first - 1, total)
    assert _owners(browser) == {}

    # with the slider focused, an arrow is still one step, not two
    browser.evaluate("document.getElementById('slider').focus()")
    browser.press("ArrowRight")
    assert _step(browser) == (first, total)
    assert _owners(browser) == {claim["route"]: claim["seat"]}


def _check_final_score(browser: ViewerPage, game: FinishedGame, names: list[str]) -> None:
    assert browser.evaluate("document.getElementById('final').hidden") is False
    # a part the map does not score has no column (a cell not there reads null)
    rows = browser.evaluate(
        "[...document.querySelectorAll('#scores tbody tr')].map(r => { const c = n =>"
        " r.querySelector('.' + n) && r.querySelector('.' + n).textContent;"
        " const v = n => c(n) === null ? null : +c(n); return {seat: +r.dataset.seat,"
        " player: c('player'), rank: +c('rank'), routes: v('routes'), tickets: v('tickets'),"
        " stations: v('stations'), globetrotter: v('globetrotter'), total: v('total'),"
        " winner: r.classList.contains('winner')}; })")
    rules = rules_for(game.map)
    scored = {"routes": True, "tickets": True, "stations": rules.stations > 0,
              "globetrotter": rules.globetrotter_bonus > 0, "total": True}
    score = game.score
    assert len(rows) == game.players
    by_seat = {p["seat"]: p for p in score["players"]}
    for row in rows:
        expected = by_seat[row["seat"]]
        assert names[row["seat"]] in row["player"]
        assert row["rank"] == expected["rank"]
        assert row["winner"] == expected["winner"] == (row["seat"] in score["winners"])
        for key, shown in scored.items():
            assert row[key] == (expected["score"][key] if shown else None), (row, key)
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)

    # each player's tickets, completed or failed
    tickets = browser.evaluate(
        "[...document.querySelectorAll('#tickets .ticket')].map(t =>"
        " [+t.closest('.player-tickets').dataset.seat, t.dataset.ticketId,"
        "  t.classList.contains('completed')])")
    assert sorted(tickets) == sorted([p["seat"], t["id"], t["completed"]]
                                     for p in score["players"] for t in p["tickets"])

    # the longest path: the longest one first, then any player chosen; its routes glow
    # (a halo under each: only theirs)
    def highlighted() -> list[str]:
        routes, halos = browser.evaluate(
            "['#map svg .route.longest', '#map svg .halo.longest'].map(q =>"
            " [...document.querySelectorAll(q)].map(e => e.dataset.routeId).sort())")
        assert halos == routes
        return sorted(routes)

    longest = max(score["players"], key=lambda p: (p["longest_path_length"], -p["seat"]))
    assert browser.evaluate("document.getElementById('longest-player').value") == str(
        longest["seat"])
    assert highlighted() == sorted(longest["longest_path_routes"])
    other = next(p for p in score["players"] if p["seat"] != longest["seat"])
    browser.evaluate(f"(() => {{ const s = document.getElementById('longest-player');"
                     f" s.value = '{other['seat']}'; s.dispatchEvent(new Event('change')); }})()")
    assert highlighted() == sorted(other["longest_path_routes"])
    browser.evaluate(f"(() => {{ const s = document.getElementById('longest-player');"
                     f" s.value = '{longest['seat']}'; s.dispatchEvent(new Event('change')); }})()")


def test_events_of_unknown_types_are_described_generically(
        games: dict[str, FinishedGame], server: ReplayServer, browser: ViewerPage) -> None:
    game = games["usa"]
    position = next(i + 1 for i, r in enumerate(game.records) if r["type"] == "confetti_thrown")
    _open(browser, f"{server.origin}/games/{game.game_id}/replay")
    browser.press("End")
    for _ in range(len(game.records) - position):
        browser.press("ArrowLeft")
    assert _step(browser) == (position, len(game.records))
    text = _description(browser)
    assert text.startswith("Event “confetti_thrown” by the system (party)"), text
    assert '"amount":3' in text
    assert _owners(browser) == game.owners_after(position)


def test_errors_are_shown_on_the_page(server: ReplayServer, browser: ViewerPage) -> None:
    def error_text() -> str:
        return str(browser.evaluate("document.getElementById('error').textContent"))

    assert browser.open(f"{server.origin}/games/no-such-game/replay") == "error"
    assert "Could not find the events of game no-such-game (404" in error_text()
    assert browser.evaluate("document.getElementById('viewer').hidden") is True

    assert browser.open(f"{server.origin}/games/private-game/replay") == "error"
    assert "(401" in error_text() and "#token=" not in error_text()


def test_a_token_in_the_fragment_is_sent_as_a_bearer_token(server: ReplayServer,
                                                           browser: ViewerPage) -> None:
    server.requests.clear()
    _open(browser, f"{server.origin}/static/replay/index.html?game=private-game#token={TOKEN}")
    assert browser.evaluate("document.getElementById('title').textContent") == (
        "Replay of game private-game")
    exports = [auth for path, auth in server.requests if path.endswith("/export")]
    assert exports == [f"Bearer {TOKEN}"]
    assert TOKEN not in browser.evaluate("location.href")  # read, then taken out
    browser.evaluate("sessionStorage.clear()")  # (kept for this tab's reloads)
    assert all(path.startswith(("/static/", "/v1/")) for path, _ in server.requests)


def test_the_real_app_serves_the_viewer(games: dict[str, FinishedGame], browser: ViewerPage,
                                        tmp_path: Path) -> None:
    game = games["europe"]
    total = len(game.records)
    with AppServer(tmp_path, [game]) as app:
        _open(browser, f"{app.origin}/games/{game.game_id}/replay")
        assert _step(browser) == (1, total)
        browser.press("End")
        assert _step(browser) == (total, total)
        assert _owners(browser) == game.owners_after(total)
        stations = browser.evaluate(
            "[...document.querySelectorAll('#map svg .station')]"
            ".map(e => [e.dataset.city, +e.dataset.owner])")
        assert sorted(stations) == sorted([r["data"]["city"], r["data"]["seat"]]
                                          for r in game.of_type("station_built"))
        _check_final_score(browser, game, game.seat_names())


def _view_box(browser: ViewerPage) -> str:
    return str(browser.evaluate("document.querySelector('#map svg').getAttribute('viewBox')"))


def _language(browser: ViewerPage, code: str) -> None:
    browser.evaluate(f"(() => {{ const s = document.getElementById('language'); s.value = '{code}';"
                     " s.dispatchEvent(new Event('change')); })()")
    browser.page.wait_for_function(f"() => document.documentElement.lang === '{code}'")


def test_the_focused_map_zooms_and_pans_and_its_arrows_do_not_step(
        games: dict[str, FinishedGame], server: ReplayServer, browser: ViewerPage) -> None:
    game = games["usa"]
    _open(browser, f"{server.origin}/games/{game.game_id}/replay")
    whole = _view_box(browser)
    assert whole == "0 0 1200 786"
    browser.evaluate("document.getElementById('map').focus()")
    browser.press("+")
    assert browser.evaluate("document.getElementById('map').dataset.zoom") == "1.50"
    browser.press("ArrowRight")  # the map moves; the replay stays at its step
    assert _step(browser) == (1, len(game.records))
    zoomed = _view_box(browser)
    assert zoomed.split()[2:] == ["800", "524"] and float(zoomed.split()[0]) > 200

    # told again in Danish: the view is kept, the buttons named in Danish
    _language(browser, "da")
    browser.page.wait_for_function(
        "(name) => document.getElementById('map-zoom-in').getAttribute('aria-label') === name",
        arg=_messages("da")["board.zoom_in"])
    assert _view_box(browser) == zoomed
    browser.evaluate("document.getElementById('map-fit').click()")
    assert _view_box(browser) == whole
    _language(browser, "en")
    browser.evaluate("localStorage.removeItem('ttr.language')")


# -- languages -------------------------------------------------------------------------

CATALOGUE = STATIC / "app" / "i18n"


def _messages(language: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads((CATALOGUE / f"{language}.json").read_text(
        encoding="utf-8"))
    return messages


def _fill(message: str, **values: Any) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), message)


def test_the_switch_tells_the_replay_in_another_language_and_keeps_the_choice(
        games: dict[str, FinishedGame], server: ReplayServer, browser: ViewerPage) -> None:
    game, polish = games["nordic"], _messages("pl")
    total, names = len(game.records), game.seat_names()
    _open(browser, f"{server.origin}/games/{game.game_id}/replay")
    browser.evaluate("(() => { const s = document.getElementById('language'); s.value = 'pl';"
                     " s.dispatchEvent(new Event('change')); })()")
    browser.page.wait_for_function("() => document.documentElement.lang === 'pl'")
    step = _fill(polish["replay.step"], k=1, n=total)
    browser.page.wait_for_function(
        f"() => document.getElementById('step').textContent === {json.dumps(step)}")
    position = next(i + 1 for i, r in enumerate(game.records) if r["type"] == "card_taken")
    taken = game.records[position - 1]["data"]
    browser.evaluate(f"window.replayViewer.goTo({position})")
    who = _fill(polish["replay.seat_named"], seat=taken["seat"] + 1, name=names[taken["seat"]])
    assert _description(browser) == _fill(polish["ev.card_taken"], who=who,
                                          card=polish[f"card.{taken['card']}"])
    assert browser.evaluate("document.getElementById('play').textContent") == (
        f"▶ {polish['replay.play']}")
    assert browser.evaluate("document.getElementById('players-heading').textContent") == (
        polish["players"])

    # the choice is the web client's too, and outlives the page
    assert browser.evaluate("localStorage.getItem('ttr.language')") == "pl"
    _open(browser, f"{server.origin}/games/{game.game_id}/replay")
    assert browser.evaluate("document.getElementById('step').textContent") == step


def test_the_replay_speaks_the_browsers_language(games: dict[str, FinishedGame],
                                                 server: ReplayServer, chromium: Any) -> None:
    game, finnish = games["usa"], _messages("fi")
    context = chromium.new_context(locale="fi-FI")
    try:
        page = context.new_page()
        page.goto(f"{server.origin}/games/{game.game_id}/replay")
        page.wait_for_function("() => document.body.dataset.state === 'ready'")
        assert page.evaluate("document.getElementById('event-description').textContent") == (
            _fill(finnish["ev.game_created"]["other"], n=game.players, map=finnish["map.usa"]))
        assert page.evaluate("document.getElementById('title').textContent") == (
            _fill(finnish["replay.title"], id=game.game_id))
    finally:
        context.close()


def test_every_message_the_replay_asks_for_is_in_every_language() -> None:
    replay = STATIC / "replay"
    asked = {"color.cyan", "color.magenta", "color.lime", "color.brown", "color.navy"}
    for source in replay.glob("*.js"):
        asked |= set(re.findall(r"\bt\(\"([a-z_.0-9]+)\"", source.read_text(encoding="utf-8")))
    asked |= set(re.findall(r"data-t(?:-title|-label)?=\"([a-z_.0-9]+)\"",
                            (replay / "index.html").read_text(encoding="utf-8")))
    assert "replay.step" in asked and "ev.card_taken" not in asked
    for language in sorted(p.stem for p in CATALOGUE.glob("*.json")):
        missing = asked - set(_messages(language))
        assert not missing, (language, missing)
