"""The replay viewer's post-game analysis (drawn by `service/static/board/analysis.js`,
shown by `service/static/replay/chart.js`): the score over time and the ticket timeline
of a finished game, drawn as SVG from `GET /v1/games/{id}/analysis` of the real app, in
Chromium."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.replay_fixtures import STATIC, AppServer, finished_game


def _wait_for_analysis(browser: Any) -> None:
    browser.evaluate("new Promise((done) => { const t = Date.now(); (function look() {"
                     " const s = document.getElementById('analysis');"
                     " if (s.dataset.state === 'ready' || Date.now() - t > 10000) done();"
                     " else setTimeout(look, 50); })(); })")


def test_a_finished_game_shows_its_score_over_time_and_ticket_timeline(
        browser: Any, tmp_path: Path) -> None:
    game = finished_game("usa", 3, 21)
    with AppServer(tmp_path, [game]) as app:
        state = browser.open(f"{app.origin}/games/{game.game_id}/replay")
        assert state == "ready"
        _wait_for_analysis(browser)
        shown = browser.evaluate("!document.getElementById('analysis').hidden")
        lines = browser.evaluate(
            "[...document.querySelectorAll('#score-chart path.score-line')]"
            ".map(e => +e.dataset.seat)")
        ends = browser.evaluate(
            "[...document.querySelectorAll('#score-chart text.score-end')]"
            ".map(e => e.textContent)")
        bars = browser.evaluate(
            "[...document.querySelectorAll('#ticket-timeline rect.ticket-bar')]"
            ".map(e => [e.dataset.ticket, +e.dataset.seat, e.dataset.completed])")
        analysis = app.app.test_client().get(f"/v1/games/{game.game_id}/analysis").get_json()
    assert shown
    assert lines == [0, 1, 2]
    totals = [p["final"]["total"] for p in analysis["players"]]
    assert [int(text.rsplit(" ", 1)[1]) for text in ends] == totals
    expected = [[t["id"], p["seat"], "yes" if t["completed"] else "no"]
                for p in analysis["players"] for t in p["tickets"]]
    assert bars == expected


def test_the_analysis_is_labelled_in_the_language_chosen(browser: Any, tmp_path: Path) -> None:
    finnish = json.loads((STATIC / "app" / "i18n" / "fi.json").read_text(encoding="utf-8"))
    game = finished_game("nordic", 2, 22)
    with AppServer(tmp_path, [game]) as app:
        assert browser.open(f"{app.origin}/games/{game.game_id}/replay") == "ready"
        _wait_for_analysis(browser)
        browser.evaluate("(() => { const s = document.getElementById('language');"
                         " s.value = 'fi'; s.dispatchEvent(new Event('change')); })()")
        browser.page.wait_for_function("() => document.documentElement.lang === 'fi'")
        browser.page.wait_for_function(
            "() => document.querySelector('#score-chart svg').getAttribute('aria-label') === "
            + json.dumps(finnish["chart_label"]))
        parts = browser.evaluate("[...document.querySelectorAll('#score-chart table th')]"
                                 ".map(e => e.textContent)")
        heading = browser.evaluate("document.getElementById('analysis-heading').textContent")
    # the parts Nordic scores: no stations, no longest path bonus, a globetrotter bonus
    assert parts == [finnish[k] for k in ("player", "score.routes", "score.tickets",
                                          "score.globetrotter", "score.total")]
    assert heading == finnish["score_over_time"]
