"""The `ttr maps` and `ttr simulate` commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.cli import main


def test_maps_prints_the_board_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["maps", "nordic"]) == 0
    board = json.loads(capsys.readouterr().out)
    assert set(board) == {"map", "cities", "routes", "tickets"}
    assert set(board["routes"][0]) == {"id", "a", "b", "length", "color", "tunnel",
                                       "locomotives", "double_group"}
    assert set(board["tickets"][0]) == {"id", "a", "b", "points", "long"}
    assert len(board["routes"]) == 81


def test_simulate_prints_games_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--map", "usa", "--players", "2", "--games", "2", "--seed", "3"]) == 0
    assert "games per second" in capsys.readouterr().out


def test_simulate_json_prints_one_object_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--map", "europe", "--players", "3", "--games", "2", "--seed", "7",
                 "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2
    game = json.loads(lines[0])
    assert game["map"] == "europe" and game["seed"] == 7
    player = game["players"][0]
    for key in ("seat", "routes", "stations", "tickets", "score", "longest_path_length",
                "winner"):
        assert key in player
    assert set(player["score"]) == {"routes", "tickets", "stations", "longest_path",
                                    "globetrotter", "total"}
    assert any(p["winner"] for p in game["players"])
    assert all(isinstance(city, str) for p in game["players"] for city in p["stations"])


def test_simulate_json_is_reproducible_from_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--map", "nordic", "--players", "2", "--games", "1", "--seed", "11",
          "--json"])
    first = capsys.readouterr().out
    main(["simulate", "--map", "nordic", "--players", "2", "--games", "1", "--seed", "11",
          "--json"])
    assert capsys.readouterr().out == first


def test_simulate_refuses_a_player_count_the_map_does_not_allow() -> None:
    assert main(["simulate", "--map", "nordic", "--players", "4", "--games", "1"]) == 2


def test_ttr_ratings_rebuild_recomputes_the_stored_figures(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    from events import open_store
    from service.cli import main as ttr
    from tests.ratings_support import projection, score_games

    url = f"sqlite:///{tmp_path / 'ratings.sqlite3'}"
    store = open_store(url)
    store.migrate()
    score_games(store, 3, seed=9)
    store.project_scored_games()
    stored = projection(store)
    monkeypatch.setenv("TTR_DATABASE_URL", url)
    assert ttr(["ratings", "rebuild"]) == 0
    assert projection(store) == stored
    store.close()
