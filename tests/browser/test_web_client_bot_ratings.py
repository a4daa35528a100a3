"""The new-game form shows each bot level's rating on the chosen map, as the bots' board
has it after `ttr bots ladder` (in Chromium against `ttr serve`); a level not yet on the
board is said to be not yet rated."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.unit.test_cli import run_ttr
from tests.web_client_support import READY, Server, serve


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-bot-ratings"),
               TTR_LEADERBOARD_MIN_GAMES="1") as running:
        yield running


def test_the_new_game_form_shows_each_levels_rating_from_the_ladder(
        server: Server, chromium: Any) -> None:
    folder = server.log.parent
    ladder = run_ttr("bots", "ladder", "--games", "2", cwd=folder,
                     TTR_DATABASE_URL=f"sqlite:///{folder / 'ttr.sqlite3'}",
                     TTR_BOT_BUDGET_MS="20")
    assert ladder.returncode == 0, ladder.stderr  # easy against medium, on either seat
    board = server.api("GET", "/v1/leaderboards/usa?bots=true")
    rated = {e["user_id"]: e["rating"] for e in board["entries"]}
    assert set(rated) == {"bot-easy-1", "bot-medium-1"}

    page = chromium.new_context().new_page()
    page.goto(f"{server.origin}/signin#token={server.user('Ada')}")
    page.wait_for_function(READY)
    page.select_option("#new-map", "usa")
    page.wait_for_selector("#bot-ratings[data-ready='true'][data-map='usa']")
    shown = page.evaluate("Object.fromEntries([...document.querySelectorAll("
                          "'#bot-ratings .bot-rating')].map(s => [s.dataset.level,"
                          " [s.dataset.rating, s.textContent]]))")
    assert float(shown["easy"][0]) == pytest.approx(rated["bot-easy-1"])
    assert float(shown["medium"][0]) == pytest.approx(rated["bot-medium-1"])
    assert shown["medium"][1] == f"medium {rated['bot-medium-1']:.1f}"
    assert shown["hard"] == ["", "hard not yet rated"]
    page.context.close()
