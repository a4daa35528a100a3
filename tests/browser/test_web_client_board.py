"""The table's board on every screen, in Chromium against `ttr serve`: it starts showing
the whole map; the wheel, a pinch, a drag, its buttons and its keys pan and zoom it (by
the SVG's viewBox); its city labels stay legible; on a phone the hand and the draws
stay in a bar at the bottom with the board above it; a ticket pointed at marks its two
cities and the player's routes toward them.

Games are set up through the API (the tests' own calls); the page is only pressed,
scrolled, pointed at and pinched, as a player would.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from domain.commands import ClaimRoute
from domain.moves import legal_moves
from domain.state import Game
from tests.claim_setups import bring_to
from tests.web_client_support import READY, Server, serve

ENGLISH = json.loads((Path(__file__).resolve().parents[2] / "service" / "static" / "app" / "i18n"
                      / "en.json").read_text(encoding="utf-8"))
WHOLE: dict[str, list[float]] = {"usa": [0, 0, 1200, 786], "europe": [0, 0, 1200, 870]}


@dataclass
class Site:
    server: Server
    database: Path  # the server's SQLite file (read for its deal: see claim_setups)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("web-board")
    with serve(folder) as running:
        yield Site(running, folder / "ttr.sqlite3")


def _game(server: Server, map_name: str) -> tuple[str, list[str]]:
    """A two-player game in play, both tickets chosen: (game id, tokens by seat)."""
    tokens = [server.user("Ann"), server.user("Ben")]
    game = server.api("POST", "/v1/games", {"map": map_name, "seats": 2}, tokens[0])["id"]
    server.api("POST", f"/v1/games/{game}/players", {}, tokens[1])
    for token in tokens:
        keep = server.api("GET", f"/v1/games/{game}/moves", token=token)["moves"][0]
        server.api("POST", f"/v1/games/{game}/actions", keep, token)
    return game, tokens


def _open(chromium: Any, server: Server, token: str, game: str, width: int = 1366,
          height: int = 900, touch: bool = False) -> Any:
    context = chromium.new_context(viewport={"width": width, "height": height}, has_touch=touch)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{server.origin}/signin#token={token}")
    page.wait_for_function(READY)
    page.goto(f"{server.origin}/play/{game}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    return page


def _table(site: Site, chromium: Any, map_name: str = "usa", **size: Any) -> Any:
    """The table of the player on turn in a new game."""
    game, tokens = _game(site.server, map_name)
    seat = site.server.api("GET", f"/v1/games/{game}", token=tokens[0])["turn"]["seat"]
    return _open(chromium, site.server, tokens[seat], game, **size)


def _view_box(page: Any) -> list[float]:
    return [float(v) for v in page.get_attribute("#board svg", "viewBox").split()]


def _middle_route(page: Any, which: str = ".route") -> str:
    """The route (of `which`) drawn nearest the middle of the board (it stays in view
    when zooming)."""
    route: str = page.evaluate("""(which) => {
      const svg = document.querySelector('#board svg').getBoundingClientRect();
      const [cx, cy] = [svg.x + svg.width / 2, svg.y + svg.height / 2];
      const far = (e) => { const b = e.getBoundingClientRect();
        return Math.hypot(b.x + b.width / 2 - cx, b.y + b.height / 2 - cy); };
      return [...document.querySelectorAll('#board svg ' + which)]
        .sort((a, b) => far(a) - far(b))[0].dataset.routeId; }""", which)
    return route


def _box(page: Any, route: str) -> dict[str, float]:
    shown = page.locator(f'#board svg .route[data-route-id="{route}"]')
    box: dict[str, float] = shown.bounding_box()
    return box


def _centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _changed_from(page: Any, view: list[float]) -> None:
    page.wait_for_function(
        "(v) => document.querySelector('#board svg').getAttribute('viewBox') !== v",
        arg=" ".join(f"{n:g}" for n in view))


def test_the_board_starts_as_the_whole_map(site: Site, chromium: Any) -> None:
    page = _table(site, chromium, width=390, height=844, map_name="europe")
    assert _view_box(page) == WHOLE["europe"]
    assert page.get_attribute("#board", "data-zoom") == "1.00"
    board = page.locator("#board").bounding_box()
    svg = page.locator("#board svg").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 390
    assert svg["width"] <= board["width"] + 1  # the map fits: nothing to scroll sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # at the whole map, zooming out and fitting have nothing to do
    assert page.is_disabled("#board-zoom-out") and page.is_disabled("#board-fit")
    assert page.errors == []
    page.context.close()


def test_the_wheel_zooms_in_about_the_pointer(site: Site, chromium: Any) -> None:
    page = _table(site, chromium)
    route = _middle_route(page)
    before = _box(page, route)
    x, y = _centre(before)
    page.mouse.move(x, y)
    page.mouse.wheel(0, -240)
    _changed_from(page, WHOLE["usa"])
    view = _view_box(page)
    assert view[2] < WHOLE["usa"][2] and view[3] < WHOLE["usa"][3]
    after = _box(page, route)
    assert after["width"] > 1.3 * before["width"]
    # the route under the pointer stays under it
    ax, ay = _centre(after)
    assert abs(ax - x) < 4 and abs(ay - y) < 4, (x, y, ax, ay)

    page.mouse.wheel(0, 2400)  # far out: no further than the whole map
    page.wait_for_function("() => document.getElementById('board').dataset.zoom === '1.00'")
    assert _view_box(page) == WHOLE["usa"]
    assert page.errors == []
    page.context.close()


def test_the_buttons_zoom_in_and_out_and_fit_shows_the_whole_map(site: Site,
                                                               chromium: Any) -> None:
    page = _table(site, chromium)
    for button, key in (("#board-zoom-in", "board.zoom_in"), ("#board-zoom-out", "board.zoom_out"),
                        ("#board-fit", "board.fit")):
        assert page.get_attribute(button, "aria-label") == ENGLISH[key]
    route = _middle_route(page)
    before = _box(page, route)
    page.click("#board-zoom-in")
    page.click("#board-zoom-in")
    assert page.get_attribute("#board", "data-zoom") == "2.25"
    assert _view_box(page)[2] == pytest.approx(1200 / 2.25, abs=0.02)
    assert _box(page, route)["width"] == pytest.approx(2.25 * before["width"], rel=0.05)
    page.click("#board-zoom-out")
    assert page.get_attribute("#board", "data-zoom") == "1.50"
    page.click("#board-fit")
    assert _view_box(page) == WHOLE["usa"]
    assert _box(page, route) == pytest.approx(before, abs=0.5)
    assert page.errors == []
    page.context.close()


def test_the_keys_zoom_and_pan_the_board_it_has_the_focus(site: Site, chromium: Any) -> None:
    page = _table(site, chromium)
    route = _middle_route(page)
    before = _box(page, route)
    page.focus("#board")
    page.keyboard.press("+")
    assert page.get_attribute("#board", "data-zoom") == "1.50"
    zoomed = _box(page, route)
    assert zoomed["width"] == pytest.approx(1.5 * before["width"], rel=0.05)
    x = _view_box(page)[0]
    page.keyboard.press("ArrowRight")  # the view moves right: the map goes left
    assert _view_box(page)[0] == pytest.approx(x + 0.15 * 800, abs=0.02)
    assert _box(page, route)["x"] < zoomed["x"] - 50
    page.keyboard.press("ArrowDown")
    assert _view_box(page)[1] > 0
    page.keyboard.press("-")
    assert page.get_attribute("#board", "data-zoom") == "1.00"
    page.keyboard.press("+")
    page.keyboard.press("+")
    page.keyboard.press("0")
    assert _view_box(page) == WHOLE["usa"]
    assert _box(page, route) == pytest.approx(before, abs=0.5)
    assert page.errors == []
    page.context.close()


def test_a_drag_pans_a_zoomed_board_and_claims_nothing(site: Site, chromium: Any) -> None:
    page = _table(site, chromium)
    page.click("#board-zoom-in")
    page.click("#board-zoom-in")
    # start on a route that may be claimed now: a drag is not a click on it
    start = _box(page, _middle_route(page, ".route.clickable"))
    x, y = _centre(start)
    view = _view_box(page)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 60, y - 30, steps=6)
    page.mouse.move(x - 120, y - 60, steps=6)
    page.mouse.up()
    moved = _view_box(page)
    per_pixel = view[2] / page.locator("#board svg").bounding_box()["width"]
    assert moved[0] == pytest.approx(view[0] + 120 * per_pixel, abs=2)
    assert moved[1] == pytest.approx(view[1] + 60 * per_pixel, abs=2)
    assert moved[2:] == view[2:]
    assert page.is_hidden("#claim")
    assert page.errors == []
    page.context.close()


def test_two_fingers_pinch_the_board_in(site: Site, chromium: Any) -> None:
    page = _table(site, chromium, width=390, height=844, touch=True, map_name="europe")
    box = page.locator("#board svg").bounding_box()
    cx, cy = _centre(box)
    touch = page.context.new_cdp_session(page)

    def fingers(kind: str, spread: float) -> None:
        points = [] if kind == "touchEnd" else [
            {"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    fingers("touchStart", 30)
    for spread in range(40, 100, 10):
        fingers("touchMove", spread)
    fingers("touchEnd", 0)
    page.wait_for_function("() => +document.getElementById('board').dataset.zoom > 2.5")
    view = _view_box(page)
    # the map point between the fingers stays between them
    middle = (view[0] + view[2] / 2, view[1] + view[3] / 2)
    assert middle == pytest.approx((600, 435), abs=15)
    assert page.errors == []
    page.context.close()


LABEL_SIZES = """() => [...document.querySelectorAll('#board svg .city-label')]
  .filter((e) => getComputedStyle(e).visibility === 'visible')
  .map((e) => 12 * e.getBoundingClientRect().height / e.getBBox().height)"""


def test_the_city_labels_shown_are_at_least_11_pixels_at_every_zoom(site: Site,
                                                                   chromium: Any) -> None:
    page = _table(site, chromium)
    for _ in range(6):
        sizes = page.evaluate(LABEL_SIZES)
        assert len(sizes) == 36 and min(sizes) >= 11, sizes
        page.click("#board-zoom-in")
    page.context.close()

    phone = _table(site, chromium, width=390, height=844, map_name="europe")
    # the whole map on a phone: too small to read the names, so they wait for a zoom
    assert phone.get_attribute("#board svg", "data-labels") == "hidden"
    assert phone.evaluate(LABEL_SIZES) == []
    phone.click("#board-zoom-in")
    phone.click("#board-zoom-in")
    assert phone.get_attribute("#board svg", "data-labels") == "shown"
    sizes = phone.evaluate(LABEL_SIZES)
    assert len(sizes) == 47 and min(sizes) >= 11, sizes
    assert phone.errors == []
    phone.context.close()


# the city labels shown past an edge of the board's drawing (its whole map shown)
LABELS_CUT_OFF = """() => {
  const board = document.querySelector('#board svg').getBoundingClientRect();
  return [...document.querySelectorAll('#board svg .city-label')].filter((e) => {
    if (getComputedStyle(e).visibility !== 'visible') return false;
    const b = e.getBoundingClientRect();
    return b.left < board.left || b.right > board.right || b.top < board.top
      || b.bottom > board.bottom; }).map((e) => e.dataset.city).sort(); }"""


@pytest.mark.parametrize("map_name", ["usa", "europe", "nordic"])
def test_no_city_name_is_cut_off_at_the_edge_of_the_whole_map(
        site: Site, chromium: Any, map_name: str) -> None:
    # (a narrower board draws its names larger in the map's units: they are kept at a
    # legible size on the screen)
    for width in (768, 1366):
        page = _table(site, chromium, map_name=map_name, width=width)
        assert page.evaluate(LABELS_CUT_OFF) == [], width
        page.context.close()


def test_on_a_phone_the_hand_and_the_draws_stay_in_view_below_the_board(
        site: Site, chromium: Any) -> None:
    page = _table(site, chromium, width=390, height=844, map_name="europe")
    bar = page.locator("#hand-bar").bounding_box()
    board = page.locator("#board").bounding_box()
    assert 0 <= board["y"] and board["y"] + board["height"] <= bar["y"] + 1, (board, bar)
    assert bar["y"] + bar["height"] <= 844 + 1 and bar["x"] >= 0 and bar["x"] + bar["width"] <= 390
    for inside in ("#hand", "#draw-deck", ".face-up"):
        box = page.locator(inside).first.bounding_box()
        assert bar["y"] <= box["y"] and box["y"] + box["height"] <= 844 + 1, inside
    # further down the page (the tickets, the players, the log) the bar stays at the bottom
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    bar = page.locator("#hand-bar").bounding_box()
    assert bar["y"] + bar["height"] == pytest.approx(844, abs=1)
    page.screenshot(path=str(Path("/tmp") / "ttr-phone-board.png"))
    assert page.errors == []
    page.context.close()


def test_on_a_narrow_phone_the_deck_and_all_five_face_up_cards_are_in_view(
        site: Site, chromium: Any) -> None:
    page = _table(site, chromium, width=360, height=740, map_name="europe")
    boxes = page.evaluate("""() => [...document.querySelectorAll('#draw-deck, #market .face-up')]
      .map((e) => { const b = e.getBoundingClientRect(); return [b.left, b.right]; })""")
    assert len(boxes) == 6
    assert all(0 <= left and right <= 360 for left, right in boxes), boxes
    # a card shown by its picture alone is still named to a screen reader
    label = page.get_attribute("#market .face-up", "aria-label")
    assert label and label.strip()
    assert page.errors == []
    page.context.close()


def _ticket_marks(page: Any) -> dict[str, list[Any]]:
    return dict(page.evaluate("""() => ({
      cities: [...document.querySelectorAll('#board svg .city.ticket-city')]
        .map((e) => [e.dataset.city, e.dataset.ticket]).sort(),
      labels: [...document.querySelectorAll('#board svg .city-label.ticket-city')]
        .map((e) => e.dataset.city).sort(),
      routes: [...document.querySelectorAll('#board svg .route.ticket-route')]
        .map((e) => e.dataset.routeId).sort()})"""))


def test_a_ticket_pointed_at_marks_its_two_cities(site: Site, chromium: Any) -> None:
    game, tokens = _game(site.server, "usa")
    page = _open(chromium, site.server, tokens[0], game)
    ticket = site.server.api("GET", f"/v1/games/{game}", token=tokens[0])["you"]["tickets"][0]
    cities = sorted([[ticket["from"], ticket["id"]], [ticket["to"], ticket["id"]]])
    item = page.locator(f'#my-tickets li[data-ticket="{ticket["id"]}"]')
    none: dict[str, list[Any]] = {"cities": [], "labels": [], "routes": []}
    assert _ticket_marks(page) == none

    item.hover()
    assert _ticket_marks(page)["cities"] == cities
    assert _ticket_marks(page)["labels"] == sorted([ticket["from"], ticket["to"]])
    page.hover("#caption")
    assert _ticket_marks(page) == none

    item.click()  # a tap keeps the mark
    page.hover("#caption")
    assert _ticket_marks(page)["cities"] == cities
    assert item.get_attribute("aria-current") == "true"
    item.click()
    page.hover("#caption")
    assert _ticket_marks(page) == none

    page.focus("#board")
    assert _ticket_marks(page) == none
    item.focus()  # the keyboard's focus shows it too, and Enter keeps it
    assert _ticket_marks(page)["cities"] == cities
    page.keyboard.press("Enter")
    page.focus("#board")
    assert _ticket_marks(page)["cities"] == cities
    assert page.errors == []
    page.context.close()


def test_a_ticket_keeps_the_keyboards_focus_when_someone_moves(site: Site, chromium: Any) -> None:
    game, tokens = _game(site.server, "usa")
    page = _open(chromium, site.server, tokens[0], game)
    ticket = site.server.api("GET", f"/v1/games/{game}", token=tokens[0])["you"]["tickets"][0]
    page.focus(f'#my-tickets li[data-ticket="{ticket["id"]}"]')
    version = int(page.evaluate("document.body.dataset.version"))
    seat = site.server.api("GET", f"/v1/games/{game}", token=tokens[0])["turn"]["seat"]
    site.server.api("POST", f"/v1/games/{game}/actions", {"type": "draw_card", "source": "deck"},
                    tokens[seat])
    page.wait_for_function(f"() => +document.body.dataset.version > {version}")
    assert page.evaluate("document.activeElement.dataset.ticket") == ticket["id"]
    assert _ticket_marks(page)["cities"] == sorted([[ticket["from"], ticket["id"]],
                                                    [ticket["to"], ticket["id"]]])
    assert page.errors == []
    page.context.close()


def _in_view(page: Any, city: str) -> bool:
    x, y, w, h = _view_box(page)
    dot = page.locator(f'#board svg .city[data-city="{city}"] .city-dot')
    cx, cy = float(dot.get_attribute("cx")), float(dot.get_attribute("cy"))
    return x <= cx <= x + w and y <= cy <= y + h


def test_a_ticket_tapped_on_a_zoomed_board_brings_its_cities_into_view(site: Site,
                                                                       chromium: Any) -> None:
    game, tokens = _game(site.server, "usa")
    page = _open(chromium, site.server, tokens[0], game)
    tickets = site.server.api("GET", f"/v1/games/{game}", token=tokens[0])["you"]["tickets"]
    page.focus("#board")
    for _ in range(5):
        page.keyboard.press("+")
    # (a ticket with a city out of the zoomed view)
    ticket = next(x for x in tickets if not (_in_view(page, x["from"]) and _in_view(page, x["to"])))
    page.click(f'#my-tickets li[data-ticket="{ticket["id"]}"]')
    assert _in_view(page, ticket["from"]) and _in_view(page, ticket["to"])
    assert page.errors == []
    page.context.close()


def _toward_a_ticket(game: Game, seat: int) -> ClaimRoute | None:
    """A claim of a plain route with one end at a city of the seat's tickets."""
    tickets = [game.board.ticket_by_id[x] for x in game.players[seat].tickets]
    cities = {c for x in tickets for c in (x.a, x.b)}
    for move in legal_moves(game, seat):
        if not isinstance(move, ClaimRoute):
            continue
        route = game.board.route_by_id[move.route]
        if not route.tunnel and {route.a, route.b} & cities:
            return move
    return None


def test_a_ticket_marks_the_players_routes_toward_its_cities(site: Site, chromium: Any) -> None:
    game, tokens = _game(site.server, "europe")
    target = bring_to(site.server, site.database, game, tokens, _toward_a_ticket)
    site.server.api("POST", f"/v1/games/{game}/actions", target.claim.as_dict(),
                    tokens[target.seat])
    page = _open(chromium, site.server, tokens[target.seat], game)
    mine = site.server.api("GET", f"/v1/games/{game}", token=tokens[target.seat])["you"]["tickets"]
    route = next(r for r in site.server.api("GET", "/v1/maps/europe")["routes"]
                 if r["id"] == target.claim.route)
    near = [x for x in mine if {x["from"], x["to"]} & {route["a"], route["b"]}]
    far = [x for x in mine if not {x["from"], x["to"]} & {route["a"], route["b"]}]
    page.locator(f'#my-tickets li[data-ticket="{near[0]["id"]}"]').hover()
    assert _ticket_marks(page)["routes"] == [str(target.claim.route)]
    if far:  # a ticket my one route reaches neither city of marks no route
        page.locator(f'#my-tickets li[data-ticket="{far[0]["id"]}"]').hover()
        assert _ticket_marks(page)["routes"] == []
    assert page.errors == []
    page.context.close()


# the cities whose dot or shown name lies under the zoom buttons
UNDER_THE_ZOOM_BUTTONS = """() => {
  const bar = document.querySelector('.zoom-buttons').getBoundingClientRect();
  const marks = [...document.querySelectorAll('#board svg .city-label, #board svg .city-dot')]
    .filter((e) => getComputedStyle(e).visibility === 'visible');
  return [...new Set(marks.filter((e) => { const b = e.getBoundingClientRect();
    return b.right > bar.left && b.left < bar.right && b.bottom > bar.top && b.top < bar.bottom; })
    .map((e) => e.closest('[data-city]').dataset.city))].sort(); }"""


@pytest.mark.parametrize("map_name", ["usa", "europe", "nordic"])
def test_the_zoom_buttons_hide_no_city_of_the_whole_map(
        site: Site, chromium: Any, map_name: str) -> None:
    for width, height in ((390, 844), (768, 1024), (1366, 900)):
        page = _table(site, chromium, map_name=map_name, width=width, height=height)
        assert page.evaluate(UNDER_THE_ZOOM_BUTTONS) == [], (width, map_name)
        page.context.close()
