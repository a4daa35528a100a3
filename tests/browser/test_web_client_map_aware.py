"""The table knows its map and speaks the reader's language, in Chromium through the page:
the caption offers a station only on a map that has stations, the score tables (the end
screen's and the replay's last screen) show only the parts the map scores, the log names
the map by its name in the page's language, and a bot is called in that language too.

Live games are played on `ttr serve` (the other players' moves are the tests' own API
calls); finished games are random games of each map imported into the real app
(`tests.replay_fixtures`). Which part each map scores is read from its rules
(`domain.maps.rules_for`), as the page reads them from GET /v1/maps/{map}.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.maps import MAP_NAMES, rules_for
from tests.replay_fixtures import AppServer, FinishedGame, finished_game
from tests.web_client_support import READY, Server, serve

CATALOGUE = Path(__file__).resolve().parents[2] / "service" / "static" / "app" / "i18n"
SHIPPED = ("usa", "europe", "nordic")
# the optional parts of a score, each with the knob of the rules that gives it points
OPTIONAL_PARTS = {"stations": "stations", "longest_path": "longest_path_bonus",
                  "globetrotter": "globetrotter_bonus"}


def _messages(language: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads(
        (CATALOGUE / f"{language}.json").read_text(encoding="utf-8"))
    return messages


def _fill(message: str, **values: Any) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), message)


def _parts(map_name: str) -> list[str]:
    """The score's parts the map has, in the score's order."""
    rules = rules_for(map_name)
    return [part for part in ("routes", "tickets", "stations", "longest_path",
                              "globetrotter", "total")
            if part not in OPTIONAL_PARTS or getattr(rules, OPTIONAL_PARTS[part]) > 0]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("map-aware"), TTR_BOT_PAUSE="0.1") as running:
        yield running


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory,
             chromium: Any) -> Iterator[tuple[AppServer, dict[str, FinishedGame]]]:
    games = {name: finished_game(name, 2, 40 + i) for i, name in enumerate(SHIPPED)}
    with AppServer(tmp_path_factory.mktemp("map-aware-finished"), list(games.values())) as app:
        yield app, games


def _page(chromium: Any, origin: str, path: str, token: str | None = None,
          locale: str = "en-GB") -> Any:
    """A page of its own browser context (in `locale`), signed in with `token` if given."""
    context = chromium.new_context(viewport={"width": 1300, "height": 900}, locale=locale)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    if token:
        page.goto(f"{origin}/signin#token={token}")
        page.wait_for_function(READY)
    page.goto(origin + path)
    page.wait_for_function("() => ['ready', 'error'].includes(document.body.dataset.state)")
    return page


def _close(page: Any) -> None:
    errors = page.errors
    page.context.close()
    assert errors == []


def _my_turn_at(server: Server, map_name: str) -> tuple[str, str]:
    """A two-player game of `map_name` past its tickets: its id and the token of the
    player whose turn it is."""
    tokens = [server.user("Ann"), server.user("Ben")]
    game = server.api("POST", "/v1/games", {"map": map_name, "seats": 2}, tokens[0])["id"]
    server.api("POST", f"/v1/games/{game}/players", {}, tokens[1])
    for token in tokens:
        keep = server.api("GET", f"/v1/games/{game}/moves", token=token)["moves"][0]
        server.api("POST", f"/v1/games/{game}/actions", keep, token)
    seat = server.api("GET", f"/v1/games/{game}", token=tokens[0])["turn"]["seat"]
    return game, tokens[seat]


# -- the caption -----------------------------------------------------------------------

@pytest.mark.parametrize("map_name", SHIPPED)
def test_the_caption_offers_a_station_only_on_a_map_with_stations(
        server: Server, chromium: Any, map_name: str) -> None:
    english = _messages("en")
    game, token = _my_turn_at(server, map_name)
    page = _page(chromium, server.origin, f"/play/{game}", token)
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    said = page.inner_text("#caption")
    has_stations = rules_for(map_name).stations > 0
    assert said == english["caption.you" if has_stations else "caption.you_no_stations"]
    assert ("station" in said) == has_stations
    _close(page)


# -- the map's name and a bot's name, in the page's language ---------------------------

def test_the_first_line_of_the_log_names_the_map_in_the_pages_language(
        server: Server, chromium: Any) -> None:
    hungarian = _messages("hu")
    game, token = _my_turn_at(server, "nordic")
    page = _page(chromium, server.origin, f"/play/{game}", token, locale="hu-HU")
    first = page.inner_text("#log li[data-type='game_created']")
    assert first == _fill(hungarian["ev.game_created"]["other"], n=2,
                          map=hungarian["map.nordic"])
    assert "nordic" not in first
    _close(page)


def test_a_bot_is_called_in_the_pages_language(server: Server, chromium: Any) -> None:
    czech = _messages("cs")
    token = server.user("Ada")
    game = server.api("POST", "/v1/games", {"map": "usa", "seats": 2, "bots": ["hard"]},
                      token)["id"]
    stored = server.api("GET", f"/v1/games/{game}", token=token)["players"][1]["name"]
    page = _page(chromium, server.origin, f"/play/{game}", token, locale="cs-CZ")
    name = page.inner_text(".player-panel[data-seat='1'] .profile-link")
    assert name == czech["bot_name.hard"] != stored  # the API keeps its own name
    sat = page.evaluate("[...document.querySelectorAll(\"#log li[data-type='seat_taken']\")]"
                        ".map((li) => li.textContent)")
    assert _fill(czech["ev.seat_taken_bot"], name=czech["bot_name.hard"], seat=2,
                        level=czech["level.hard"]) in sat
    _close(page)


def test_the_second_bot_of_a_level_is_numbered_in_the_pages_language(
        server: Server, chromium: Any) -> None:
    finnish = _messages("fi")
    token = server.user("Ada")
    game = server.api("POST", "/v1/games", {"map": "europe", "seats": 3,
                                            "bots": ["easy", "easy"]}, token)["id"]
    page = _page(chromium, server.origin, f"/play/{game}", token, locale="fi-FI")
    names = [page.inner_text(f".player-panel[data-seat='{seat}'] .profile-link")
             for seat in (1, 2)]
    assert names == [finnish["bot_name.easy"], _fill(finnish["bot_name.easy_n"], n=2)]
    _close(page)


# -- the score's parts -----------------------------------------------------------------

def _headings(page: Any, selector: str) -> list[str]:
    """The visible column headings of the table `selector`."""
    headings: list[str] = page.evaluate(
        "(s) => [...document.querySelectorAll(`${s} thead th`)]"
        ".filter((th) => th.getClientRects().length).map((th) => th.textContent.trim())",
        selector)
    return headings


@pytest.mark.parametrize("map_name", SHIPPED)
def test_the_end_screen_shows_only_the_parts_the_map_scores(
        finished: tuple[AppServer, dict[str, FinishedGame]], chromium: Any,
        map_name: str) -> None:
    app, games = finished
    english = _messages("en")
    page = _page(chromium, app.origin, f"/play/{games[map_name].game_id}")
    page.wait_for_selector("#final-scores tbody tr")
    # (the total leads, right after the name: a phone shows it without scrolling)
    parts = ["total", *(p for p in _parts(map_name) if p != "total")]
    assert _headings(page, "#final-scores") == [
        english["rank"], english["player"], *(english[f"score.{p}"] for p in parts)]
    cells = page.evaluate("[...document.querySelectorAll('#final-scores tbody tr:first-child td')]"
                          ".map((td) => td.className)")
    assert cells == ["rank", *parts]
    _close(page)


@pytest.mark.parametrize("map_name", SHIPPED)
def test_the_replays_last_screen_shows_only_the_parts_the_map_scores(
        finished: tuple[AppServer, dict[str, FinishedGame]], chromium: Any,
        map_name: str) -> None:
    app, games = finished
    english = _messages("en")
    game = games[map_name]
    page = _page(chromium, app.origin, f"/games/{game.game_id}/replay")
    page.evaluate(f"window.replayViewer.goTo({len(game.records)})")
    page.wait_for_selector("#final:not([hidden]) #scores tbody tr")
    parts = _parts(map_name)
    assert _headings(page, "#scores") == [
        english["rank"], english["player"], *(english[f"score.{p}"] for p in parts),
        english["replay.winner"]]
    cells = page.evaluate("[...document.querySelectorAll('#scores tbody tr:first-child td')]"
                          ".map((td) => td.className)")
    assert cells == ["rank", *(p.replace("_", "-") for p in parts), "winner-mark"]
    _close(page)


def test_every_shipped_map_is_one_of_these() -> None:
    assert set(SHIPPED) == set(MAP_NAMES)
    assert _parts("europe") == ["routes", "tickets", "stations", "longest_path", "total"]
    assert _parts("nordic") == ["routes", "tickets", "globetrotter", "total"]
    assert _parts("usa") == ["routes", "tickets", "longest_path", "total"]


def test_a_bot_keeps_a_name_its_organiser_gave_it_and_a_person_keeps_theirs(
        finished: tuple[AppServer, dict[str, FinishedGame]], chromium: Any) -> None:
    polish = _messages("pl")
    app, _ = finished
    # a page of the origin that runs nothing of its own: the module alone, in Polish
    page = chromium.new_context().new_page()
    page.goto(app.origin + "/problems/not-found")
    names = page.evaluate(
        "async (cases) => { const i18n = await import('/static/app/i18n.js');"
        " await i18n.setLanguage('pl'); const dom = await import('/static/app/dom.js');"
        " return cases.map(([id, name]) => dom.shownName(id, name)); }",
        [["bot-hard-1", "Hard bot"], ["bot-medium-3", "Medium bot 3"],
         ["tb_easy_2", "Easy bot 2"], ["tb_easy_2", "Robo"], ["u_1", "Hard bot"]])
    assert names == [polish["bot_name.hard"], _fill(polish["bot_name.medium_n"], n=3),
                     _fill(polish["bot_name.easy_n"], n=2), "Robo", "Hard bot"]
    page.context.close()


def test_the_replay_speaks_the_language_chosen_in_the_web_client(
        finished: tuple[AppServer, dict[str, FinishedGame]], chromium: Any) -> None:
    swedish = _messages("sv")
    app, games = finished
    game = games["europe"]
    page = _page(chromium, app.origin, f"/play/{game.game_id}")
    page.select_option("#language", "sv")
    page.wait_for_function("() => document.documentElement.lang === 'sv'")
    page.goto(f"{app.origin}/games/{game.game_id}/replay")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    # the client's choice, its narration and its names of the maps
    assert page.evaluate("document.getElementById('language').value") == "sv"
    assert page.inner_text("#event-description") == _fill(
        swedish["ev.game_created"]["other"], n=2, map=swedish["map.europe"])
    assert swedish["map.europe"] in page.inner_text("#subtitle")
    assert page.inner_text("#players-heading") == swedish["players"]
    _close(page)


def test_a_key_moments_claim_is_named_by_its_cities(
        finished: tuple[AppServer, dict[str, FinishedGame]], chromium: Any) -> None:
    app, _ = finished
    page = chromium.new_context().new_page()
    page.goto(app.origin + "/problems/not-found")
    named = page.evaluate(
        "async () => { const w = await import('/static/app/words.js');"
        " const claim = {type: 'claim_route', route: 'usa/denver-omaha-1'};"
        " return [w.winWords((id) => id === claim.route ? 'Denver–Omaha' : '?').move(claim),"
        " w.winWords().move(claim)]; }")
    assert named == ["Denver–Omaha", "denver-omaha-1"]
    page.context.close()
