"""What a player of the web client sees of ratings after a few games (issue 21): their
rating and rank in the lobby, their profile with the API's figures, the leaderboard with
their own entry, and a finished game's end screen with each player's rating change and
the score-over-time chart. The games are played through the API on the in-process app
(no clicking: the table's own tests click); the pages are then read in Chromium."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest

from tests.api_support import UNLIMITED, Client, Table, play_to_the_end
from tests.replay_fixtures import AppServer

GAMES = 3
LIMITS = {k.removeprefix("TTR_").lower(): float(v) for k, v in UNLIMITED.items()
          if k != "TTR_ACCOUNTS_PER_ADDRESS_PER_HOUR"}


@dataclass
class League:
    server: AppServer
    client: Client
    ada: str  # Ada's token: the player whose pages are read
    ada_id: str
    games: list[str]  # rated
    quick: str  # Bob resigned at once: unrated (docs/ratings.md)

    def api(self, path: str) -> Any:
        response = self.client.get(path, token=self.ada)
        assert response.status_code == 200, (path, response.json)
        return response.json


def _projected(client: Client, game_id: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = client.get(f"/v1/games/{game_id}/ratings").json
        if body and body.get("projected"):
            return
        time.sleep(0.05)
    raise AssertionError(f"the ratings of {game_id} were not projected in time")


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Iterator[League]:
    """Ada and Bob play three rated games of the USA to their end, scored and rated."""
    # the boards show a player from their first rated game (the minimum's own tests:
    # tests/integration/test_ratings_rules.py)
    with AppServer(tmp_path_factory.mktemp("league"), [], leaderboard_min_games=1,
                   **LIMITS) as server:
        client = Client(server.app, checking=False)
        ada, bob = client.new_user("Ada"), client.new_user("Bob")
        games = []
        for number in range(GAMES):
            created = client.post("/v1/games", token=ada, json={"map": "usa", "seats": 2}).json
            assert created is not None
            client.post(f"/v1/games/{created['id']}/players", token=bob, json={})
            play_to_the_end(client, Table(created["id"], [ada, bob]), seed=number)
            games.append(created["id"])
        quick = client.post("/v1/games", token=ada, json={"map": "usa", "seats": 2}).json
        assert quick is not None
        client.post(f"/v1/games/{quick['id']}/players", token=bob, json={})
        client.post(f"/v1/games/{quick['id']}/actions", token=bob, json={"type": "resign"})
        for game_id in [*games, quick["id"]]:
            _projected(client, game_id)
        me = client.get("/v1/users/me", token=ada).json
        assert me is not None
        yield League(server, client, ada, me["id"], games, quick["id"])
    server.app.extensions["ttr"].close()


@pytest.fixture(scope="module")
def page(chromium: Any, league: League) -> Iterator[Any]:
    """Ada's browser, signed in through her sign-in link."""
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{league.server.origin}/signin#token={league.ada}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    yield page
    assert page.errors == []
    context.close()


def _open(page: Any, league: League, path: str) -> None:
    page.goto(league.server.origin + path)
    page.wait_for_function("() => ['ready', 'error'].includes(document.body.dataset.state)")
    assert page.evaluate("document.body.dataset.state") == "ready"


def _rating(value: float) -> str:
    return f"{value:.1f}"


def test_the_lobby_shows_my_rating_and_rank_on_each_map_i_played(
        page: Any, league: League) -> None:
    _open(page, league, "/")
    page.wait_for_selector("#my-ratings-list li.rating")
    shown = page.evaluate(
        "[...document.querySelectorAll('#my-ratings-list li.rating')].map(li => ({"
        " map: li.dataset.map, rating: li.querySelector('.rating-value').textContent,"
        " rank: li.querySelector('.rating-rank').textContent,"
        " provisional: !!li.querySelector('.provisional') }))")
    ratings = league.api(f"/v1/users/{league.ada_id}")["ratings"]
    assert shown == [{"map": r["map"], "rating": _rating(r["rating"]),
                      "rank": f"rank {r['rank']}", "provisional": r["provisional"]}
                     for r in ratings]
    assert [r["map"] for r in ratings] == ["usa"]
    assert page.get_attribute("#my-profile-link", "href") == f"/players/{league.ada_id}"
    boards = page.evaluate("[...document.querySelectorAll('a.leaderboard-link')]"
                           ".map(a => a.getAttribute('href'))")
    maps = [m["map"] for m in league.api("/v1/maps")["maps"]]
    assert boards == [f"/leaderboards/{m}" for m in maps]


def test_my_profile_shows_the_figures_the_api_gives(page: Any, league: League) -> None:
    _open(page, league, f"/players/{league.ada_id}")
    profile = league.api(f"/v1/users/{league.ada_id}")
    figures = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#profile-record [data-figure]')]"
        ".map(d => [d.dataset.figure, d.querySelector('dd').textContent]))")
    rate = profile["ticket_completion_rate"]
    assert figures == {
        "games_played": str(GAMES + 1), "wins": str(profile["wins"]),  # the quick one too
        # as the page's toFixed rounds: the exact value, a half up (14.25 is "14.3")
        "mean_score": str(Decimal(profile["mean_score"]).quantize(Decimal("0.1"),
                                                                  ROUND_HALF_UP)),
        # as Math.round rounds (a half up; Python's round would go to the even number)
        "ticket_completion": "–" if rate is None else f"{math.floor(rate * 100 + 0.5)} %",
        "longest_path_bonuses": str(profile["longest_path_bonuses"]),
    }
    assert page.inner_text("#profile-name").startswith("Ada")
    ranks = page.evaluate("[...document.querySelectorAll('#profile-ratings tbody tr')]"
                          ".map(r => [r.dataset.map, r.querySelector('.rank').textContent])")
    assert ranks == [[r["map"], str(r["rank"])] for r in profile["ratings"]]
    routes = page.evaluate("[...document.querySelectorAll('#profile-routes li')]"
                           ".map(li => li.dataset.route)")
    assert routes == [r["route"] for r in profile["most_claimed_routes"]]


def test_my_profile_lists_my_finished_games_filtered_by_result(
        page: Any, league: League) -> None:
    _open(page, league, f"/players/{league.ada_id}")
    rows = "[...document.querySelectorAll('#games-table tbody tr')].map(r => r.dataset.game)"
    listed = league.api(f"/v1/users/{league.ada_id}/games")["games"]
    assert page.evaluate(rows) == [g["game_id"] for g in listed]
    assert sorted(g["game_id"] for g in listed) == sorted([*league.games, league.quick])
    won = [g["game_id"] for g in listed if g["winner"]]
    page.select_option("#games-result", "won")
    page.wait_for_function(f"() => document.querySelectorAll('#games-table tbody tr').length"
                           f" === {len(won)} && document.getElementById('player-games')"
                           f".dataset.state === 'ready'")
    assert page.evaluate(rows) == won
    links = page.evaluate("[...document.querySelectorAll('#games-table a.game-result')]"
                          ".map(a => a.getAttribute('href'))")
    assert links == [f"/play/{g}" for g in won]


def test_my_profile_shows_more_games_a_page_at_a_time(page: Any, league: League) -> None:
    _open(page, league, f"/players/{league.ada_id}")
    rows = "document.querySelectorAll('#games-table tbody tr')"
    more = "document.getElementById('more-games')"
    # four games (the quick one too): a page of three, then the last
    # (the page's own instance of the module: from the registry of its bundles)
    page.evaluate("async () => { (await ttrModules.load('app/profile.js')).paging.size = 3;"
                  " window.ttrApp.go(location.pathname); }")
    page.wait_for_function(f"() => {rows}.length === 3 && {more} && !{more}.hidden")
    page.press("#more-games", "Enter")
    page.wait_for_function(f"() => {rows}.length === 4 && {more}.hidden")
    listed = league.api(f"/v1/users/{league.ada_id}/games")["games"]
    assert page.evaluate(f"[...{rows}].map(r => r.dataset.game)") == [
        g["game_id"] for g in listed]


def test_the_leaderboard_highlights_my_entry_and_rank(page: Any, league: League) -> None:
    _open(page, league, "/leaderboards/usa")
    board = league.api("/v1/leaderboards/usa?me=true")
    shown = page.evaluate("[...document.querySelectorAll('#board-table tbody tr')]"
                          ".map(r => [+r.dataset.rank, r.dataset.user])")
    assert shown == [[e["rank"], e["user_id"]] for e in board["entries"]]
    mine = page.evaluate("[...document.querySelectorAll('#board-table tr.mine')]"
                         ".map(r => [+r.dataset.rank, r.getAttribute('aria-current')])")
    assert mine == [[board["me"]["rank"], "true"]]
    assert f"{board['me']['rank']}" in page.inner_text("#my-place")
    assert page.get_attribute("#board-people", "aria-current") == "page"


def test_a_finished_games_end_screen_shows_the_rating_changes_and_the_chart(
        page: Any, league: League) -> None:
    game_id = league.games[-1]
    _open(page, league, f"/play/{game_id}")
    page.wait_for_function("() => document.body.dataset.ratings === 'shown'"
                           " && document.body.dataset.analysis === 'shown'")
    ratings = league.api(f"/v1/games/{game_id}/ratings")
    rows = page.evaluate(
        "[...document.querySelectorAll('#rating-table tbody tr')].map(r => ({"
        " user: r.dataset.user, before: r.querySelector('.before').textContent,"
        " change: r.querySelector('.change').textContent,"
        " provisional: !!r.querySelector('.provisional') }))")

    def change(value: float) -> str:
        text = f"{abs(value):.1f}"
        return "±0.0" if text == "0.0" else ("+" if value > 0 else "−") + text

    expected = sorted(ratings["players"], key=lambda p: (p["rank"], p["seat"]))
    assert rows == [{"user": p["user_id"], "before": _rating(p["rating_before"]),
                     "change": change(p["change"]), "provisional": p["provisional"]}
                    for p in expected]
    analysis = league.api(f"/v1/games/{game_id}/analysis")
    lines = page.evaluate("[...document.querySelectorAll('#end-score-chart path.score-line')]"
                          ".map(e => +e.dataset.seat)")
    ends = page.evaluate("[...document.querySelectorAll('#end-score-chart text.score-end')]"
                         ".map(e => +e.textContent.split(' ').pop())")
    assert lines == [p["seat"] for p in analysis["players"]] == [0, 1]
    assert ends == [p["final"]["total"] for p in analysis["players"]]
    bars = page.evaluate("document.querySelectorAll('#end-ticket-timeline rect.ticket-bar')"
                         ".length")
    assert bars == sum(len(p["tickets"]) for p in analysis["players"])


def test_the_end_screen_of_a_game_resigned_at_once_says_why_it_is_unrated(
        page: Any, league: League) -> None:
    _open(page, league, f"/play/{league.quick}")
    page.wait_for_function("() => document.body.dataset.ratings === 'unrated'")
    status = page.inner_text("#ratings-status")
    assert "not rated" in status and "resigned before playing enough turns" in status


def test_the_new_pages_fit_a_phones_width(chromium: Any, league: League) -> None:
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    phone = context.new_page()
    phone.goto(f"{league.server.origin}/signin#token={league.ada}")
    phone.wait_for_function("() => document.body.dataset.state === 'ready'")
    widths = {}
    for path, ready in [(f"/players/{league.ada_id}", "#games-table"),
                        ("/leaderboards/usa", "#board-table"),
                        (f"/play/{league.games[0]}", "#rating-table")]:
        phone.goto(league.server.origin + path)
        phone.wait_for_selector(ready)
        widths[path] = phone.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert set(widths.values()) == {390}, widths
