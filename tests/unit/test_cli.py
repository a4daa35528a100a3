"""The `ttr` command line: maps, simulate, export and verify; a user's mistake is one line
on standard error and exit status 2, never a traceback; every subcommand explains itself
and shows its defaults; long commands show progress on a terminal only."""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bootstrap.cli import main
from service.cli import build_parser
from tests.api_support import Client, make_app, open_table, play_to_the_end, wait_for_score

ROOT = Path(__file__).resolve().parents[2]


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


def test_simulate_refuses_a_player_count_the_map_does_not_allow(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--map", "nordic", "--players", "4", "--games", "1"]) == 2
    assert capsys.readouterr().err == "ttr simulate: nordic is played by 2 to 3 players, not 4\n"


# -- a mistake is one line and exit status 2, never a traceback -----------------------------

def run_ttr(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`ttr ARGS` as a user runs it: its own process, no TTR_* variable but `env`."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TTR_")}
    return subprocess.run([sys.executable, "-m", "bootstrap.cli", *args], cwd=cwd,
                          env={**clean, "PYTHONPATH": str(ROOT), **env},
                          capture_output=True, text=True, timeout=120)


MISTAKES = {
    "a file that is not there": (["verify", "/nonexistent"], {}, "/nonexistent"),
    "a directory for a file": (["verify", "."], {}, "cannot read ."),
    "no database to export from": (["export", "g_1"], {}, "no database"),
    "negative games": (["simulate", "--games", "-3"], {}, "--games"),
    "zero games": (["simulate", "--games", "0"], {}, "at least 1"),
    "games that are not a number": (["simulate", "--games", "many"], {}, "'many'"),
    "players the map does not allow": (["simulate", "--players", "9"], {}, "2 to 5"),
    "zero web workers": (["serve", "--workers", "0"], {}, "--workers"),
    "no command": ([], {}, "COMMAND"),
    "an unknown command": (["deal"], {}, "'deal'"),
    "a rate that is not a number": (["serve"], {"TTR_RATE_PER_TOKEN": "abc"},
                                    "TTR_RATE_PER_TOKEN"),
    "an unsupported database": (["migrate"], {"TTR_DATABASE_URL": "mysql://db/ttr"},
                                "TTR_DATABASE_URL"),
    "a negative count in a setting": (["serve"], {"TTR_WEB_WORKERS": "-2"},
                                      "TTR_WEB_WORKERS"),
    "a placeholder admin token": (["serve"], {"TTR_ADMIN_TOKEN": "CHANGE-ME"},
                                  "TTR_ADMIN_TOKEN"),
    "several games to one file": (["export", "g_1", "g_2"], {}, "--dir"),
    "a worker heartbeat of 0": (["worker", "--heartbeat", "0"], {}, "--heartbeat"),
    "a worker metrics port that is not a port": (
        ["worker"], {"TTR_WORKER_METRICS_PORT": "http", "TTR_REDIS_URL": "redis://r:1"},
        "TTR_WORKER_METRICS_PORT"),
}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_a_users_mistake_is_one_line_and_exit_status_2(mistake: str, tmp_path: Path) -> None:
    args, env, named = MISTAKES[mistake]
    run = run_ttr(*args, cwd=tmp_path, **env)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    [line] = run.stderr.strip().splitlines()
    assert line.startswith("ttr") and named in line, line
    assert not list(tmp_path.iterdir()), "a refused command left files behind"


def test_an_unknown_game_is_named_and_exit_status_2(
        capsys: pytest.CaptureFixture[str], database: str, two_games: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTR_DATABASE_URL", database)
    assert main(["export", "g_nosuchgame"]) == 2
    assert capsys.readouterr().err == "ttr export: there is no game g_nosuchgame\n"


def test_a_database_without_a_schema_is_named_not_a_traceback(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()
    monkeypatch.setenv("TTR_DATABASE_URL", f"sqlite:///{empty}")
    assert main(["export", "g_1"]) == 2
    assert "ttr migrate" in capsys.readouterr().err


# -- help, defaults, the variables each command reads, the version --------------------------

def subcommands() -> dict[str, argparse.ArgumentParser]:
    [commands] = [a for a in build_parser()._actions
                  if isinstance(a, argparse._SubParsersAction)]
    return dict(commands.choices)


# (`worker` and `tournament` hand their arguments to parsers of their own: their own
# tests hold those)
@pytest.mark.parametrize("name", sorted(set(subcommands()) - {"worker", "tournament"}))
def test_every_subcommand_has_a_description_and_shows_its_defaults(name: str) -> None:
    parser = subcommands()[name]
    assert parser.description and len(parser.description) > 30
    text = parser.format_help()
    for action in parser._actions:
        if action.option_strings and action.default not in (None, False, "==SUPPRESS=="):
            assert f"(default: {action.default})" in text, (name, action.dest)


@pytest.mark.parametrize("name", ["serve", "migrate", "export"])
def test_commands_that_open_the_database_name_its_variable(name: str) -> None:
    assert "TTR_DATABASE_URL" in subcommands()[name].format_help()


def test_the_worker_help_shows_defaults_and_names_its_variables(tmp_path: Path) -> None:
    run = run_ttr("worker", "--help", cwd=tmp_path)
    assert run.returncode == 0
    for expected in ("(default: 30.0)", "TTR_REDIS_URL", "TTR_WORKER_METRICS_PORT",
                     "TTR_QUEUE"):
        assert expected in run.stdout


def test_ttr_version_is_the_packages(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out == f"ttr {importlib.metadata.version('ttr-service')}\n"


# -- several games and files at once, and the progress bars ---------------------------------

@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('cli') / 'games.sqlite3'}"


@pytest.fixture(scope="module")
def two_games(database: str) -> list[str]:
    app = make_app(database)
    client = Client(app)
    games = []
    for seed in (1, 2):
        table = open_table(client, "usa", 2)
        play_to_the_end(client, table, seed=seed)
        wait_for_score(client, table)
        games.append(table.game_id)
    app.extensions["ttr"].close()
    return games


def test_export_writes_several_games_to_a_directory_and_verify_reads_them_all(
        two_games: list[str], database: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TTR_DATABASE_URL", database)
    assert main(["export", *two_games, "--dir", str(tmp_path)]) == 0
    files = sorted(str(p) for p in tmp_path.iterdir())
    assert [Path(f).name for f in files] == sorted(f"{g}.ndjson" for g in two_games)
    capsys.readouterr()
    assert main(["verify", *files]) == 0
    verdicts = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [v["file"] for v in verdicts] == files and all(v["ok"] for v in verdicts)


def test_export_finished_takes_every_finished_game(
        two_games: list[str], database: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTR_DATABASE_URL", database)
    assert main(["export", "--finished", "--dir", str(tmp_path)]) == 0
    assert {p.stem for p in tmp_path.iterdir()} == set(two_games)


def test_verify_fails_when_any_of_several_files_does_not_verify(
        two_games: list[str], database: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TTR_DATABASE_URL", database)
    main(["export", *two_games, "--dir", str(tmp_path)])
    tampered = tmp_path / f"{two_games[1]}.ndjson"
    tampered.write_text("".join(tampered.read_text().splitlines(True)[:-3]))
    capsys.readouterr()
    files = [str(tmp_path / f"{game}.ndjson") for game in two_games]
    assert main(["verify", *files]) == 1
    verdicts = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [v["ok"] for v in verdicts] == [True, False]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_long_command_shows_progress_on_a_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["simulate", "--map", "nordic", "--players", "2", "--games", "3"]) == 0
    assert "playing games" in terminal.getvalue() and "/3 " in terminal.getvalue()


def test_progress_is_silent_when_standard_error_is_not_a_terminal(tmp_path: Path) -> None:
    run = run_ttr("simulate", "--map", "nordic", "--players", "2", "--games", "3",
                  cwd=tmp_path)
    assert run.returncode == 0 and run.stderr == ""



def test_ttr_ratings_rebuild_recomputes_the_stored_figures(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    from bootstrap.cli import main as ttr
    from events import open_store
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
