"""The bot kit's example (examples/bot.py) plays a whole game against itself on a real
`ttr serve`: two instances started at the same moment find each other by quick match,
one playing from the SSE user feed, the other from webhooks."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from ttr_client import Client
from ttr_client.api.games import get_game
from ttr_client.models import Game, Phase

from tests.api_support import wait_until_serving
from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def stop(process: subprocess.Popen[bytes]) -> None:
    """End a process and its group (gunicorn's master and its worker)."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """`ttr serve` (the embedded default) that may call webhooks on this machine."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TTR_")}
    env.update(TTR_BIND=f"127.0.0.1:{port}", TTR_WEBHOOK_ALLOW_PRIVATE="1")
    log = tmp_path / "server.log"
    with open(log, "wb") as out:
        process = subprocess.Popen([str(BIN / "ttr"), "serve"], cwd=tmp_path, stdout=out,
                                   stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        wait_until_serving(port, process, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


def bot(server: str, *args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "clients" / "python")}
    return subprocess.Popen([sys.executable, str(ROOT / "examples" / "bot.py"),
                             "--server", server, "--map", "usa", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def test_two_example_bots_started_at_once_play_each_other_game_after_game(
        server: str) -> None:
    streaming = bot(server, "--games", "2")
    hooked = bot(server, "--games", "2", "--webhook", str(free_port()))
    try:
        outputs = [p.communicate(timeout=240) for p in (streaming, hooked)]
    finally:
        stop(hooked)
        stop(streaming)
    for process, (_, err) in zip((streaming, hooked), outputs, strict=True):
        assert process.returncode == 0, err.decode()[-3000:]
    finished = [{line.split()[1] for line in out.decode().splitlines()} for out, _ in outputs]
    assert finished[0] == finished[1] and len(finished[0]) == 2, outputs  # the same games
    with Client(server) as client:
        for game_id in finished[0]:
            game = get_game.sync(game_id, client=client)
            assert isinstance(game, Game) and game.phase is Phase.ENDED
            assert game.end_reason is not None and game.version > 50
