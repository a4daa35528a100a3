"""The win-chance graph of a finished game in the replay viewer (drawn by
`service/static/board/win_chances.js` from `GET /v1/games/{id}/analysis` of the real
app, in Chromium): a line per player, the key moments listed, and a key moment's button
shows the board where it was played."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from events.win_chances import StoredWinChances
from tests.replay_fixtures import AppServer, FinishedGame, _record
from tests.win_chance_games import thrown_last_turn
from worker.analyst import compute

BUDGET = 0.3  # seconds of CPU


def thrown_game() -> FinishedGame:
    events, _ = thrown_last_turn()
    records = [_record("thrown", i + 1, e) for i, e in enumerate(events)]
    return FinishedGame("thrown", "usa", 2, records)


def test_the_replay_draws_each_players_win_chances_and_its_key_moments(
        browser: Any, tmp_path: Path) -> None:
    game = thrown_game()
    with AppServer(tmp_path, [game]) as app:
        store = app.app.extensions["ttr"].store
        events = [r.event() for r in store.read_stream(game.game_id)]
        body = compute(game.game_id, events, BUDGET)
        store.save_win_chances(StoredWinChances(game.game_id, BUDGET, body,
                                                datetime.now(UTC)))
        assert browser.open(f"{app.origin}/games/{game.game_id}/replay") == "ready"
        browser.page.wait_for_function(
            "() => document.querySelector('#win-chart svg.win-chart') !== null")
        lines = browser.evaluate("[...document.querySelectorAll('#win-chart path.win-line')]"
                                 ".map(e => +e.dataset.seat)")
        listed = browser.evaluate("[...document.querySelectorAll('#win-chart .key-moments li')]"
                                  ".map(e => [+e.dataset.turn, e.dataset.label])")
        last = body["key_moments"][0]
        browser.page.click(f"#win-chart .key-moments li[data-turn='{last['turn']}'] button")
        browser.page.wait_for_function(
            f"() => document.body.dataset.step === '{last['version']}'")
    assert lines == [0, 1]
    assert listed == [[m["turn"], m["label"]] for m in body["key_moments"]]
    assert (last["turn"], last["label"]) == (body["turns"][-1]["turn"], "blunder")
