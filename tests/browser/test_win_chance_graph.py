"""The win-chance graph of a finished game in the replay viewer (drawn by
`service/static/board/win_chances.js` from `GET /v1/games/{id}/analysis` of the real
app, in Chromium): a line per player, the key moments listed, and a key moment's button
shows the board where it was played."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from events.win_chances import StoredWinChances
from tests.replay_fixtures import AppServer, FinishedGame, _record
from tests.win_chance_games import thrown_last_turn
from worker.analyst import compute

BUDGET = 0.3  # seconds of CPU


@pytest.fixture(scope="module")
def page_logic(chromium: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A page of the app's origin that runs nothing of its own (the modules are imported
    into it), under the pages' policy."""
    with AppServer(tmp_path_factory.mktemp("end"), []) as server:
        context = chromium.new_context()
        page = context.new_page()
        page.goto(server.origin + "/problems/not-found")
        yield page
        context.close()


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


END_SCREEN = """async ([pending, ready]) => {
  const i18n = await import('/static/app/i18n.js');
  await i18n.setLanguage('en');
  const m = await import('/static/app/postgame.js');
  const analysis = (win_chances) => ({ game_id: 'g', turn_count: 2,
    turns: [{ turn: 1, scores: [1, 0] }, { turn: 2, scores: [1, 2] }],
    players: [0, 1].map((seat) => ({ seat, user_id: `u${seat}`, name: `P${seat}`,
      final: { total: 10 - seat }, tickets: [] })),
    ratings: { projected: true, players: [] }, win_chances });
  let asked = 0;
  const shown = [];
  const table = { path: '/v1/games/g', stopped: false,
    game: { id: 'g', private: false }, app: { user: { id: 'u0' }, api: {
      get: async () => {
        asked += 1;
        const box = document.getElementById('end-win-chart');
        if (box) shown.push(box.textContent);
        return analysis(asked === 1 ? pending : ready);
      } } } };
  const box = document.createElement('section');
  document.body.append(box);
  delete document.body.dataset.winChances;
  await m.showPostgame(table, box, [], [1, 1]);
  const result = { shown,
    lines: [...box.querySelectorAll('#end-win-chart path.win-line')].map((e) => +e.dataset.seat),
    links: [...box.querySelectorAll('#end-win-chart .key-moments a')].map((a) =>
      a.getAttribute('href')),
    state: document.body.dataset.winChances };
  box.remove();
  return result;
}"""


def test_the_end_screen_waits_for_the_win_chances_then_draws_them(page_logic: Any) -> None:
    pending = {"status": "pending"}
    ready = {"status": "ready", "playouts": 4, "every": 1, "decisions": 10,
             "turns": [{"turn": 0, "version": 9, "chances": [0.5, 0.5]},
                       {"turn": 1, "version": 12, "chances": [0.75, 0.25]},
                       {"turn": 2, "version": 15, "chances": [0.0, 1.0]}],
             "key_moments": [{"turn": 2, "seat": 0, "version": 12, "label": "blunder",
                              "loss": 1.0, "chosen": {"type": "draw_card", "source": "deck"},
                              "chosen_chance": 0.0, "best_chance": 1.0,
                              "best": {"type": "claim_route", "route": "usa/a-b",
                                       "cards": {"red": 2}}}]}
    result = page_logic.evaluate(END_SCREEN, [pending, ready])
    assert result["shown"] == ["The computer analysis is not ready yet."]
    assert result["lines"] == [0, 1]
    assert result["links"] == ["/games/g/replay?at=12"]
    assert result["state"] == "ready"


def test_the_end_screen_of_a_server_that_computes_none_shows_no_graph(
        page_logic: Any) -> None:
    result = page_logic.evaluate(END_SCREEN, [{"status": "off"}, {"status": "off"}])
    assert result == {"shown": [], "lines": [], "links": [], "state": None}
