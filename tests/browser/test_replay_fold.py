"""The replay viewer's fold (`service/static/replay/fold.js`) agrees with the server's:
at every version of a finished game, what the viewer draws (each player's points,
trains, cards, stations and tickets, the routes and stations owned, whose turn) is what
`GET /v1/games/{id}/states/{version}` of the real app says; and who holds a seat is
folded as the web client's log folds it (a stand-in bot included), in Chromium."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.replay_fixtures import AppServer, FinishedGame, ReplayServer, finished_game

EVERY = 7  # the versions compared: every seventh and the last (the API's rate limit holds)

# Per step: the viewer's state, as the API names its parts.
FOLDED = """() => {
  const viewer = window.replayViewer;
  const steps = [];
  for (let k = 1; k <= viewer.total; k++) {
    viewer.goTo(k);
    const s = viewer.state;
    steps.push({
      players: s.started ? s.players.map((p, seat) => ({ seat, route_points: p.routePoints,
        trains: p.trains, hand_size: p.hand, stations_left: p.stationsLeft,
        ticket_count: p.tickets.length, routes: [...p.routes].sort(),
        stations: [...p.stations].sort(), out: p.out })) : [],
      names: s.seats.map((h) => h.name),
      turn: s.started && !s.ended ? s.current : null,
    });
  }
  return steps;
}"""


def _served(view: dict[str, Any]) -> dict[str, Any]:
    started = view["phase"] is not None
    players = [{"seat": p["seat"], "route_points": p["route_points"], "trains": p["trains"],
                "hand_size": p["hand_size"], "stations_left": p["stations_left"],
                "ticket_count": p["ticket_count"], "routes": sorted(p["routes"]),
                "stations": sorted(p["stations"]), "out": p["out"]}
               for p in view["players"]] if started else []
    turn = view["turn"]["seat"] if view["turn"] else None
    return {"players": players, "names": [p["name"] for p in view["players"]], "turn": turn}


def _state(client: Any, game_id: str, version: int) -> dict[str, Any]:
    while True:
        response = client.get(f"/v1/games/{game_id}/states/{version}")
        if response.status_code != 429:
            assert response.status_code == 200, response.get_data(as_text=True)
            view: dict[str, Any] = response.get_json()
            return view
        time.sleep(float(response.headers.get("Retry-After", 1)))


def test_the_viewer_folds_each_version_as_the_server_does(browser: Any, tmp_path: Path) -> None:
    game = finished_game("europe", 4, 15)  # stations and tunnels
    total = len(game.records)
    versions = sorted({*range(1, total + 1, EVERY), total})
    with AppServer(tmp_path, [game]) as app:
        assert browser.open(f"{app.origin}/games/{game.game_id}/replay") == "ready"
        folded = browser.evaluate(FOLDED)
        client = app.app.test_client()
        served = {v: _state(client, game.game_id, v) for v in versions}
    assert len(folded) == total
    assert {game.records[v - 1]["type"] for v in versions} >= {
        "card_drawn_blind", "route_claimed", "tickets_kept", "game_scored"}
    for version in versions:
        ours, theirs = folded[version - 1], served[version]
        expected = _served(theirs)
        if theirs["phase"] == "setup":  # the viewer names the first player before the turns
            ours["turn"] = None
        assert ours == expected, (version, game.records[version - 1]["type"])
    last = folded[-1]["players"]
    assert all(p["routes"] for p in last) and any(p["stations"] for p in last)


def _with_stand_in(game: FinishedGame) -> tuple[FinishedGame, int]:
    """`game` with a bot standing in for seat 0 from its second own move on (the
    position of the stand-in event, 1-based)."""
    records = [dict(r) for r in game.records]
    moves = [i for i, r in enumerate(records)
             if r["type"] == "card_drawn_blind" and r["data"].get("seat") == 0]
    at = moves[1]
    records.insert(at, {**records[at], "type": "stand_in_seated",
                        "actor": {"kind": "system", "name": "stand_in"},
                        "data": {"seat": 0, "user_id": "bot-easy-1", "name": "Easy bot",
                                 "level": "easy", "replaced": "user-0",
                                 "reason": "timed_out"}, "hidden": []})
    for version, record in enumerate(records, start=1):
        record["version"] = version
    return FinishedGame("stand-in", game.map, game.players, records), at + 1


def test_the_replay_names_the_bot_standing_in_for_a_player(browser: Any) -> None:
    game, position = _with_stand_in(finished_game("usa", 2, 16))
    first = game.seat_names()[0]
    with ReplayServer({game.game_id: game}) as server:
        assert browser.open(f"{server.origin}/games/{game.game_id}/replay") == "ready"
        told = browser.evaluate(
            f"[{position}, {position + 1}].map(k => {{ window.replayViewer.goTo(k); return ["
            " document.getElementById('event-description').textContent,"
            " document.querySelector('#players tbody tr[data-seat=\"0\"] th').textContent]; })")
        browser.evaluate(f"window.replayViewer.goTo({position - 1})")
        before = browser.evaluate(
            "document.querySelector('#players tbody tr[data-seat=\"0\"] th').textContent")
    assert told[0][0] == (f"{first}'s turns timed out; Easy bot (bot · easy) plays"
                          " their seat until they come back.")
    assert told[1][0].startswith("Seat 1 (Easy bot) drew a ")
    assert before == f"Seat 1 ({first})" and told[0][1] == told[1][1] == "Seat 1 (Easy bot)"
