"""README.md as a contract: the server started as its quick start says, the block of
"A first game with curl" run as it is written, and a whole game of each map played with
curl by `docs/play-with-curl.sh`.

They need `curl` and `jq`: without them the tests fail, naming the missing tool (leave
them out with `--deselect tests/unit/test_readme.py`). The server runs the embedded
default (SQLite in its working directory, jobs in-process) with its default rate
limits: a new user has those, and the script waits out a 429 as it should (a game
keeps each token well under 50 requests a second here).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.api_support import wait_until_serving
from tests.conftest import missing as missing_tool
from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
SCRIPT = ROOT / "docs" / "play-with-curl.sh"
# The stream in the README's block stops after --max-time 10; three seconds show it works
# (and leave room for a busy CI machine).
README_STREAM_LIMIT = "--max-time 10"
TEST_STREAM_LIMIT = "--max-time 3"


@dataclass(frozen=True)
class Server:
    url: str  # http://127.0.0.1:PORT
    workdir: Path
    log: Path

    def log_tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:]


def fenced_block(heading: str, language: str = "sh") -> str:
    """The first ```language block under the README's `heading` (a whole line)."""
    text = README.read_text()
    start = text.index(f"\n{heading}\n")
    match = re.compile(rf"^```{language}\n(.*?)^```$", re.M | re.S).search(text, start)
    assert match is not None, f"no ```{language} block under {heading!r}"
    return match.group(1)


def serve_command() -> list[str]:
    """The quick start's last command (`ttr serve`), with `ttr` from this environment:
    the venv and `pip install` before it are what this test runs in."""
    quick_start = fenced_block("## Quick start")
    command = shlex.split(quick_start.split("&&")[-1])
    assert command == ["ttr", "serve"], quick_start
    ttr = Path(sys.executable).parent / "ttr"
    found = str(ttr) if ttr.exists() else shutil.which("ttr")
    assert found is not None, "`ttr` is not installed (pip install -e .)"
    return [found, *command[1:]]


def clean_env(**more: str) -> dict[str, str]:
    """This environment without any TTR_* setting (the embedded default), plus `more`."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("TTR_") and k != "PROMETHEUS_MULTIPROC_DIR"}
    return {**env, **more}


def stop(server: subprocess.Popen[bytes]) -> None:
    """End the server's whole process group (gunicorn's master and its worker)."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(20)
    except ProcessLookupError:
        server.wait(5)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(5)


@pytest.fixture(scope="module")
def tools() -> None:
    missing = [tool for tool in ("curl", "jq") if shutil.which(tool) is None]
    if missing:
        missing_tool(f"README's curl examples need {' and '.join(missing)} (not installed: "
                     "apt-get install -y curl jq; or leave these tests out with "
                     "--deselect tests/unit/test_readme.py)")


@pytest.fixture(scope="module")
def server(tools: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`ttr serve` in a fresh working directory, on a free port (TTR_BIND)."""
    workdir = tmp_path_factory.mktemp("readme-server")
    log = workdir / "server.log"
    port = free_port()
    with open(log, "wb") as out:
        process = subprocess.Popen(serve_command(), cwd=workdir, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True,
                                   env=clean_env(TTR_BIND=f"127.0.0.1:{port}"))
    try:
        wait_until_serving(port, process, log)
        yield Server(f"http://127.0.0.1:{port}", workdir, log)
    finally:
        stop(process)


def run_bash(args: list[str], server: Server, cwd: Path,
             timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=clean_env(TTR_URL=server.url))


def json_values(text: str) -> tuple[list[Any], str]:
    """The JSON values at the start of `text` (jq's output), and the text after them."""
    decoder = json.JSONDecoder()
    values: list[Any] = []
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        try:
            value, at = decoder.raw_decode(text, at)
        except json.JSONDecodeError:
            return values, text[at:]
        values.append(value)


def test_the_server_keeps_its_games_in_its_working_directory(server: Server) -> None:
    assert (server.workdir / "ttr.sqlite3").exists(), sorted(server.workdir.iterdir())


def test_the_first_game_with_curl_runs_as_written(server: Server, tmp_path: Path) -> None:
    block = fenced_block("## A first game with curl")
    assert "localhost:8000" in block and README_STREAM_LIMIT in block
    script = tmp_path / "first-game.sh"
    script.write_text(block.replace("localhost:8000", server.url.removeprefix("http://"))
                      .replace(README_STREAM_LIMIT, TEST_STREAM_LIMIT))
    # strict: every step must succeed, as in a script of the reader's own
    done = run_bash(["-euo", "pipefail", str(script)], server, tmp_path, timeout=60)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}\n{server.log_tail()}"

    values, stream = json_values(done.stdout)
    joined, first_move, kept_a, kept_b, drawn, *log = values
    # 3. Bob's seat starts the game: both choose their tickets
    assert joined == {"status": "playing", "phase": "setup", "to_act": [0, 1]}
    # 4. Alice's first legal move keeps all her dealt tickets
    assert first_move["type"] == "keep_tickets" and len(first_move["tickets"]) >= 2
    # 5. each keeps them: a version each, then one seat to act
    assert kept_b["version"] == kept_a["version"] + 1
    assert kept_a["to_act"] in ([0], [1]) and len(kept_b["to_act"]) == 1
    # 6. the draw: a card drawn, and the next moves are the second card (or resign)
    assert [e for e in drawn["events"] if e.startswith("card_drawn")], drawn
    assert {"type": "draw_card", "source": "deck"} in drawn["moves"]
    assert {m["type"] for m in drawn["moves"]} <= {"draw_card", "resign"}
    # 7. the log after version 4: the two ticket choices and the draw (a deal with three
    # locomotives face up also resets the market there, which some seeds give)
    moves = [t for t in log if not t.startswith("market_")]
    assert moves[:2] == ["tickets_kept", "tickets_kept"] and len(moves) >= 3, log
    assert all(isinstance(t, str) for t in log) and moves[2].startswith("card_drawn")
    # … and the stream: its snapshot of the game, until --max-time ends it
    assert "event: snapshot" in stream and "\ndata: {" in stream, stream[:500]


SCORE_LINE = re.compile(r"^seat (\d) (.+): (-?\d+) points( \(winner\))?$", re.M)


# the map with the fewest kinds of move, and the one with the most (tunnels, ferries and
# stations); every map and count is played over HTTP by tests/integration/test_api_play.py
@pytest.mark.parametrize(("map_name", "players"), [("usa", 2), ("europe", 3)])
def test_a_whole_game_plays_with_curl(server: Server, tmp_path: Path, map_name: str,
                                      players: int) -> None:
    done = run_bash([str(SCRIPT), map_name, str(players)], server, tmp_path)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}\n{server.log_tail()}"
    assert f": {map_name}, {players} players" in done.stdout
    scores = SCORE_LINE.findall(done.stdout)
    assert sorted(int(seat) for seat, *_ in scores) == list(range(players)), done.stdout
    assert any(winner for *_, winner in scores), done.stdout
    # quiet: a line every 50 actions, besides the game's, the end's and the scores
    actions = int(re.findall(r"^ended after (\d+) actions$", done.stdout, re.M)[0])
    assert len(done.stdout.splitlines()) <= 2 + actions // 50 + players
    assert done.stderr == ""


@pytest.fixture
def bot_server(tools: None, tmp_path: Path) -> Iterator[Server]:
    """`ttr serve` as the quick start runs it, with the bots' pause off (TTR_BOT_PAUSE=0)."""
    log = tmp_path / "server.log"
    port = free_port()
    with open(log, "wb") as out:
        process = subprocess.Popen(serve_command(), cwd=tmp_path, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True,
                                   env=clean_env(TTR_BIND=f"127.0.0.1:{port}",
                                                 TTR_BOT_PAUSE="0"))
    try:
        wait_until_serving(port, process, log)
        yield Server(f"http://127.0.0.1:{port}", tmp_path, log)
    finally:
        stop(process)


def test_playing_against_bots_with_curl_runs_as_written(bot_server: Server,
                                                        tmp_path: Path) -> None:
    block = fenced_block("## Play against bots")
    script = tmp_path / "bots.sh"
    script.write_text(block.replace("localhost:8000", bot_server.url.removeprefix("http://")))
    done = run_bash(["-euo", "pipefail", str(script)], bot_server, tmp_path, timeout=600)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}\n{bot_server.log_tail()}"
    values, rest = json_values(done.stdout)
    seats, scores = values[:3], values[3:]
    assert [(s["bot"], s["level"]) for s in seats] == [
        (False, None), (True, "hard"), (True, "hard")]
    assert sorted(s["seat"] for s in scores) == [0, 1, 2], done.stdout
    assert any(s["winner"] for s in scores) and rest.strip() == ""
