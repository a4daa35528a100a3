"""The accessibility audit (issue 33): axe-core, vendored in tests/vendor/axe-core, run on
each page a player meets — the lobby, the table during a game, the end screen of a
finished game, a player's profile, the leaderboard and the replay viewer, each on a
desktop's and a phone's screen — finds no violation of impact "serious" or "critical".
A failure lists each rule broken, its impact, and its first few elements with axe's
reason (for a contrast: the two colours and the ratio).

The games are played through the API on the in-process app (as the ratings pages' tests
do: the table's own tests click); one signed-in browser then opens each page, waits until
it has drawn what it shows, injects axe and runs it. The audit's context bypasses the
pages' Content-Security-Policy: axe is injected as a script of the page's own, which
that policy (rightly) refuses to anything else.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.api_support import UNLIMITED, Client, Table, choose, play_to_the_end
from tests.replay_fixtures import AppServer

AXE = Path(__file__).resolve().parent.parent / "vendor" / "axe-core" / "axe.min.js"
LIMITS = {k.removeprefix("TTR_").lower(): float(v) for k, v in UNLIMITED.items()
          if k != "TTR_ACCOUNTS_PER_ADDRESS_PER_HOUR"}
BLOCKING = ("serious", "critical")
# each page is audited as a desktop and a phone show it (their layouts differ)
SCREENS = {"desktop": (1366, 900), "phone": (390, 844)}
# a few moves into the game on the table: tickets kept, cards drawn, a route or two claimed
MOVES_BEFORE_THE_TABLE = 14


@dataclass
class Games:
    server: AppServer
    ada: str  # the token of the player whose pages are audited
    ada_id: str
    finished: str  # a rated game of the USA, played to its end
    playing: str  # a game of Europe a few moves in, Ada to move


def _play_some(client: Client, table: Table, moves: int, seed: int) -> None:
    """`moves` actions of bots picking from `/moves`, then on until seat 0 is to act and
    may claim a route (so that the table shows its claim list and clickable routes)."""
    rng = random.Random(seed)
    for done in range(moves * 20):
        state = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
        assert state is not None and state["phase"] != "ended"
        seat = state["to_act"][0]
        listed = client.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[seat]).json
        assert listed is not None and listed["moves"], (state, listed)
        if done >= moves and state["to_act"] == [0] and any(
                m["type"] == "claim_route" for m in listed["moves"]):
            return
        answer = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                             json=choose(listed["moves"], rng))
        assert answer.status_code == 200, answer.json
    raise AssertionError(f"seat 0 found no route to claim in {moves * 20} actions")


def _rated(client: Client, game_id: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = client.get(f"/v1/games/{game_id}/ratings").json
        if body and body.get("projected"):
            return
        time.sleep(0.05)
    raise AssertionError(f"the ratings of {game_id} were not projected in time")


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Games]:
    with AppServer(tmp_path_factory.mktemp("accessibility"), [], leaderboard_min_games=1,
                   **LIMITS) as server:
        client = Client(server.app, checking=False)
        ada, bob = client.new_user("Ada"), client.new_user("Bob")
        tables = []
        for map_name in ("usa", "europe"):
            created = client.post("/v1/games", token=ada, json={"map": map_name, "seats": 2}).json
            assert created is not None
            client.post(f"/v1/games/{created['id']}/players", token=bob, json={})
            tables.append(Table(created["id"], [ada, bob]))
        finished, playing = tables
        play_to_the_end(client, finished, seed=3)
        _rated(client, finished.game_id)
        _play_some(client, playing, MOVES_BEFORE_THE_TABLE, seed=5)
        me = client.get("/v1/users/me", token=ada).json
        assert me is not None
        yield Games(server, ada, me["id"], finished.game_id, playing.game_id)
    server.app.extensions["ttr"].close()


@pytest.fixture(scope="module", params=list(SCREENS))
def page(request: pytest.FixtureRequest, chromium: Any, games: Games) -> Iterator[Any]:
    """Ada's browser (signed in through her sign-in link) on a desktop's and a phone's
    screen, its CSP bypassed for axe."""
    width, height = SCREENS[request.param]
    context = chromium.new_context(viewport={"width": width, "height": height},
                                   bypass_csp=True)
    page = context.new_page()
    page.goto(f"{games.server.origin}/signin#token={games.ada}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    yield page
    context.close()


def _open(page: Any, games: Games, path: str, drawn: str) -> None:
    """Open `path`, wait until it is ready and `drawn` (a selector) is on it."""
    page.goto(games.server.origin + path)
    page.wait_for_function("() => ['ready', 'error'].includes(document.body.dataset.state)")
    assert page.evaluate("document.body.dataset.state") == "ready", path
    page.wait_for_selector(drawn, state="attached")


def _blocking_violations(page: Any) -> list[dict[str, Any]]:
    """axe's violations of impact serious or critical on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    violations: list[dict[str, Any]] = page.evaluate(
        "() => axe.run(document, {resultTypes: ['violations']})"
        ".then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        " url: v.helpUrl, nodes: v.nodes.map((n) => ({target: n.target.join(' '),"
        " html: n.html, summary: n.failureSummary}))})))")
    return [v for v in violations if v["impact"] in BLOCKING]


def _report(where: str, violations: list[dict[str, Any]]) -> str:
    """What the failure says: each rule, its impact, its first few elements (with why)."""
    lines = [f"{where}: {len(violations)} serious or critical axe violation(s):"]
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}, {len(v['nodes'])} element(s)): "
                     f"{v['help']} — {v['url']}")
        for node in v["nodes"][:4]:
            why = " ".join((node["summary"] or "").split())[:300]
            lines.append(f"    {node['target']}  {node['html'][:120]}\n      {why}")
    return "\n".join(lines)


def _audit(page: Any, where: str) -> None:
    violations = _blocking_violations(page)
    width = page.viewport_size["width"]
    assert violations == [], _report(f"{where} ({width} px wide)", violations)


def test_the_lobby_has_no_serious_accessibility_violation(page: Any, games: Games) -> None:
    _open(page, games, "/", "#new-game")
    page.wait_for_selector("#my-games li")  # (the player's games, listed once fetched)
    _audit(page, "the lobby")


def test_the_lobby_a_visitor_sees_has_no_serious_accessibility_violation(
        chromium: Any, games: Games) -> None:
    context = chromium.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    visitor = context.new_page()
    try:
        _open(visitor, games, "/", "#signup-name")
        _audit(visitor, "the lobby's sign-up form")
    finally:
        context.close()


def test_the_table_during_a_game_has_no_serious_accessibility_violation(
        page: Any, games: Games) -> None:
    _open(page, games, f"/play/{games.playing}", "#table")
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    _audit(page, "the table")


def test_a_route_chosen_to_claim_has_no_serious_accessibility_violation(
        page: Any, games: Games) -> None:
    _open(page, games, f"/play/{games.playing}", "#table")
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    if not page.evaluate("document.querySelector('details.claims').open"):
        page.locator("details.claims summary").press("Enter")
    page.locator(".claim").first.press("Enter")  # chosen, not yet confirmed
    page.wait_for_selector("#claim:not([hidden]) #claim-confirm")
    _audit(page, "the table with a claim to confirm")


def test_the_end_screen_has_no_serious_accessibility_violation(
        page: Any, games: Games) -> None:
    _open(page, games, f"/play/{games.finished}", "#final-scores")
    page.wait_for_function("() => document.body.dataset.ratings === 'shown'"
                           " && document.body.dataset.analysis === 'shown'")
    _audit(page, "the end screen")


def test_a_players_profile_has_no_serious_accessibility_violation(
        page: Any, games: Games) -> None:
    _open(page, games, f"/players/{games.ada_id}", "#games-table")
    _audit(page, "the profile")


def test_the_leaderboard_has_no_serious_accessibility_violation(
        page: Any, games: Games) -> None:
    _open(page, games, "/leaderboards/usa", "#board-table")
    _audit(page, "the leaderboard")


def test_the_replay_viewer_has_no_serious_accessibility_violation(
        page: Any, games: Games) -> None:
    _open(page, games, f"/games/{games.finished}/replay", "svg")
    _audit(page, "the replay viewer")
