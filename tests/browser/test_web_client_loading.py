"""How the table loads in Chromium, against `ttr serve`: each request once, the page's
own first reads the same as the table makes itself, nothing painted before the table
(but a page that cannot draw itself still shows that it is loading), only the table's
own modules (not
the lobby's), every static file at its versioned address and,
on a second visit, from the browser's cache; its manifest read without error and
nothing against installing it; and a game played to its end on the page leaves no
request aborted.

Requests are recorded as Chromium makes them (`page.on("request")`, and the DevTools
protocol's `Network` events for where an answer came from).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser_support import CHROMIUM, CHROMIUM_ARGS
from tests.web_client_support import READY, Server, run_async, serve, take_turns

VERSIONED = re.compile(r"^/static/[0-9a-f]{16}/")
# a request the test makes from the page once the page is done: every request the page
# made before it has been reported by then
MARKER = "/healthz?marker"


@dataclass
class Load:
    """A table loaded in a fresh context: the requests it made, as (method, path)."""
    requests: list[tuple[str, str]]
    page: Any


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-loading"), TTR_BOT_PAUSE="0") as running:
        yield running


@pytest.fixture(scope="module")
def game(server: Server) -> tuple[str, str]:
    """A two-player game in play, both tickets kept, nobody moving: (game id, my token)."""
    game_id, tokens = server.game_in_play("europe", ("Me", "Other"))
    return game_id, tokens[0]


def _signed_in(chromium: Any, server: Server, token: str) -> Any:
    """A fresh context (nothing cached) signed in with `token`'s sign-in link."""
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{server.origin}/signin#token={token}")
    page.wait_for_function(READY)
    return page


def _settled(page: Any) -> None:
    """Wait until the table has drawn the stream's first answer (the snapshot of the game
    as the stream starts: a second render), then until a request of the test's own has
    been answered, so that every request the page made before is reported."""
    page.wait_for_function("() => performance.getEntriesByName('ttr-render').length >= 2")
    page.evaluate(f"fetch('{MARKER}').then((r) => r.text())")


def _load(page: Any, url: str) -> list[tuple[str, str]]:
    """The requests `page` makes from going to `url` until the table is settled."""
    seen: list[tuple[str, str]] = []

    def record(request: Any) -> None:
        parts = urlsplit(request.url)
        seen.append((request.method, parts.path + (f"?{parts.query}" if parts.query else "")))

    page.on("request", record)
    page.goto(url)
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    _settled(page)
    page.remove_listener("request", record)
    return [r for r in seen if r[1] != MARKER]


@pytest.fixture(scope="module")
def table_load(chromium: Any, server: Server, game: tuple[str, str]) -> Iterator[Load]:
    game_id, token = game
    page = _signed_in(chromium, server, token)
    yield Load(_load(page, f"{server.origin}/play/{game_id}"), page)
    page.context.close()


def test_loading_the_table_asks_for_nothing_twice(table_load: Load) -> None:
    twice = sorted({r for r in table_load.requests if table_load.requests.count(r) > 1})
    assert twice == []
    assert ("GET", next(p for _, p in table_load.requests if p.startswith("/play/"))) \
        in table_load.requests  # (the page itself was recorded)


def _game_reads(requests: list[tuple[str, str]], game_id: str) -> list[str]:
    """The page's reads of the game (its one first read, of the game, its log and my
    moves: not its stream), without a `min_version` (none is named on a first read)."""
    return sorted(re.sub(r"\?min_version=\d+$", "", path) for method, path in requests
                  if method == "GET" and path.startswith(f"/v1/games/{game_id}")
                  and "snapshots=" not in path)


def test_the_reads_a_table_begins_as_it_loads_are_those_it_makes_itself(
        chromium: Any, server: Server, game: tuple[str, str], table_load: Load) -> None:
    """The page's own first reads (app/early.js, written into the page) name the game's
    paths apart from the modules (api.js, table.js): the same reads, whichever makes
    them. Here the table is opened from the lobby's link, where the page began no read
    of the game, so the table makes its reads itself."""
    game_id, token = game
    page = _signed_in(chromium, server, token)
    try:
        link = page.locator(f"a.open-game[href='/play/{game_id}']")
        link.wait_for()
        seen: list[tuple[str, str]] = []

        def record(request: Any) -> None:
            parts = urlsplit(request.url)
            seen.append((request.method, parts.path + (f"?{parts.query}" if parts.query else "")))

        page.on("request", record)
        link.click()
        page.wait_for_selector("#table")
        page.wait_for_function("() => document.body.dataset.state === 'ready'")
        _settled(page)
        page.remove_listener("request", record)
    finally:
        page.context.close()
    itself = _game_reads(seen, game_id)
    assert itself == _game_reads(table_load.requests, game_id)
    assert itself == [f"/v1/games/{game_id}/table"]  # one read: the game, its log, my moves


def test_a_table_loaded_with_its_session_is_first_drawn_as_the_table(table_load: Load) -> None:
    """Nothing is painted before the table is ready: no frame of the empty page ("…")
    before it (the page's first contentful paint comes at or after the ready mark)."""
    painted, ready = table_load.page.evaluate(
        "[performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,"
        " performance.getEntriesByName('ttr-ready')[0].startTime]")
    assert painted is not None and painted >= ready


def test_a_page_that_cannot_draw_itself_shows_that_it_is_loading(
        chromium: Any, server: Server, game: tuple[str, str]) -> None:
    """With its modules lost on the way, the page still shows itself, loading, within
    moments: it is hidden only while it is expected to draw itself at once."""
    game_id, token = game
    page = _signed_in(chromium, server, token)
    try:
        page.route("**/bundle/app/main.js", lambda route: route.abort())
        page.goto(f"{server.origin}/play/{game_id}")
        page.wait_for_selector("p.loading", state="visible", timeout=5000)
    finally:
        page.context.close()


def test_the_table_reads_where_its_cities_go_with_its_board(table_load: Load) -> None:
    """The map's answer (`GET /v1/maps/{map}`) carries its layout: no file read apart."""
    assert ("GET", "/v1/maps/europe") in table_load.requests
    assert [path for _, path in table_load.requests if "/layouts/" in path] == []


def test_a_board_kept_from_before_it_had_its_layout_is_still_drawn(
        chromium: Any, server: Server, game: tuple[str, str]) -> None:
    """A browser may keep the map's answer for minutes: one kept from before the answer
    carried its layout has the table read the layout file apart."""
    game_id, token = game
    page = _signed_in(chromium, server, token)

    def without_layout(route: Any) -> None:
        answer = route.fetch()
        board = answer.json()
        del board["layout"]
        route.fulfill(response=answer, json=board)

    try:
        page.route("**/v1/maps/europe", without_layout)
        seen: list[str] = []
        page.on("request", lambda request: seen.append(urlsplit(request.url).path))
        page.goto(f"{server.origin}/play/{game_id}")
        page.wait_for_function("() => document.body.dataset.state === 'ready'")
        x, y = server.api("GET", "/v1/maps/europe")["layout"]["cities"]["Amsterdam"]
        dot = page.locator("#board .city[data-city='Amsterdam'] .city-dot")
        assert (dot.get_attribute("cx"), dot.get_attribute("cy")) == (str(x), str(y))
        assert [path for path in seen if path.endswith("/layouts/europe.json")]
    finally:
        page.context.close()


def test_the_table_loads_its_own_modules_and_not_the_lobbys(table_load: Load) -> None:
    modules = [path for _, path in table_load.requests if path.endswith(".js")]
    assert any(path.endswith("/bundle/app/table.js") for path in modules)
    assert [path for path in modules if path.endswith("/app/lobby.js")] == []


def test_the_table_asks_for_its_modules_in_a_few_bundles_not_one_by_one(
        table_load: Load) -> None:
    modules = [path for _, path in table_load.requests if path.endswith(".js")]
    # main.js's, the table's, and the turn signals' loaded after the first drawing
    assert modules  # (the page's own were recorded)
    assert [path for path in modules if "/bundle/" not in path] == []
    assert len(modules) <= 4


def test_the_table_asks_for_every_static_file_at_its_versioned_address(
        table_load: Load) -> None:
    static = [path for _, path in table_load.requests if path.startswith("/static/")]
    assert static  # the styles, modules and catalogue
    assert [path for path in static if not VERSIONED.match(path)] == []


def test_chromium_reads_the_manifest_and_finds_the_table_installable(table_load: Load) -> None:
    session = table_load.page.context.new_cdp_session(table_load.page)
    try:
        manifest = session.send("Page.getAppManifest")
        installable = session.send("Page.getInstallabilityErrors")
    finally:
        session.detach()
    assert urlsplit(manifest["url"]).path == "/manifest.webmanifest"
    assert manifest["errors"] == []
    # (a test's browser context is a private window, where nothing is installed)
    assert [e["errorId"] for e in installable["installabilityErrors"]
            if e["errorId"] != "in-incognito"] == []


def test_a_second_visit_takes_every_static_file_from_the_browsers_cache(
        chromium: Any, server: Server, game: tuple[str, str]) -> None:
    game_id, token = game
    page = _signed_in(chromium, server, token)
    try:
        _load(page, f"{server.origin}/play/{game_id}")  # the first visit fills the cache
        session = page.context.new_cdp_session(page)
        session.send("Network.enable")
        answers: dict[str, str] = {}  # path: where it came from
        cached: set[str] = set()
        session.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))

        def answered(event: dict[str, Any]) -> None:
            response = event["response"]
            path = urlsplit(response["url"]).path
            if path.startswith("/static/"):
                from_cache = response.get("fromDiskCache") or event["requestId"] in cached \
                    or response.get("fromPrefetchCache")
                answers[path] = "cache" if from_cache else f"network {response['status']}"

        session.on("Network.responseReceived", answered)
        page.goto("about:blank")
        _load(page, f"{server.origin}/play/{game_id}")
        session.detach()
    finally:
        page.context.close()
    assert answers  # the modules, styles, catalogue, layout and icon were asked for again
    assert {path: where for path, where in answers.items() if where != "cache"} == {}


async def _game_against_a_bot(server: Server, token: str, game_id: str) -> list[str]:
    """The table of `game_id` played by its page to the end screen: the requests that
    failed meanwhile (from the table's load to the end screen's last part)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = await browser.new_context(viewport={"width": 1200, "height": 900})
            page = await context.new_page()
            await page.goto(f"{server.origin}/signin#token={token}")
            await page.wait_for_function(READY)
            page.errors = []
            page.on("pageerror", lambda e: page.errors.append(str(e)))
            await page.goto(f"{server.origin}/play/{game_id}")
            await page.wait_for_function(READY)
            # (from the table on: going there ended the lobby's stream, as leaving a
            # page does)
            failed: list[str] = []
            page.on("requestfailed", lambda r: failed.append(
                f"{r.method} {urlsplit(r.url).path} {r.failure}"))
            await take_turns(page)
            # the end screen's parts: the score, the replay link, the charts, the ratings
            await page.wait_for_selector("#replay-link")
            await page.wait_for_function(
                "() => document.body.dataset.analysis === 'shown'"
                " && ['shown', 'unrated'].includes(document.body.dataset.ratings)")
            await page.evaluate(f"fetch('{MARKER}').then((r) => r.text())")
            assert page.errors == []
            await context.close()
            return failed
        finally:
            await browser.close()


def test_a_game_played_to_its_end_on_the_page_aborts_no_request(server: Server) -> None:
    token = server.user("Ada")
    game_id = server.api("POST", "/v1/games", {"map": "usa", "seats": 2, "bots": ["easy"]},
                         token)["id"]
    assert run_async(_game_against_a_bot(server, token, game_id)) == []
