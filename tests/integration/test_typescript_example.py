"""The TypeScript example (clients/typescript/src/play.ts: openapi-fetch and the generated
types) compiles under `tsc --strict` and plays whole games against a live `ttr serve` in
the embedded mode."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.api_support import UNLIMITED, wait_until_serving
from tests.node_support import QUIET, TYPESCRIPT, node, run_tool
from tests.ports import free_port

pytestmark = pytest.mark.node


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example compiled (tsc --strict) into a scratch directory."""
    out = tmp_path_factory.mktemp("ts-build")
    result = run_tool("tsc", "--project", str(TYPESCRIPT / "tsconfig.json"), "--outDir", str(out))
    assert result.returncode == 0, result.stdout[-3000:]
    # the compiled modules find openapi-fetch in clients/typescript's node_modules
    (out / "node_modules").symlink_to(TYPESCRIPT / "node_modules")
    (out / "package.json").write_text('{"type": "module"}')
    return out / "play.js"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`ttr serve` on a free loopback port, embedded (SQLite, jobs in the server)."""
    scratch = tmp_path_factory.mktemp("ts-server")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TTR_")}
    env.update(UNLIMITED, TTR_DATABASE_URL=f"sqlite:///{scratch / 'games.sqlite3'}")
    log_path = scratch / "server.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{port}"],
            env=env, cwd=scratch, stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_until_serving(port, process, log_path)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        # (a stop takes seconds: the games' jobs and the bots' thinking end first; on a
        # machine busy with the rest of the suite, more)
        process.wait(60)


def test_the_example_compiles_with_strict_typescript(example: Path) -> None:
    config = json.loads((TYPESCRIPT / "tsconfig.json").read_text())
    assert config["compilerOptions"]["strict"] is True
    assert example.exists()


# usa: the plain map; europe: tunnels, ferries and stations
@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_the_typescript_example_plays_a_whole_game(example: Path, server: str,
                                                   map_name: str) -> None:
    result = subprocess.run([node(), str(example), server, map_name], capture_output=True,
                            text=True, timeout=300, env={**os.environ, **QUIET})
    assert result.returncode == 0, result.stderr[-3000:]
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["map"] == map_name and summary["actions"] > 0
    assert summary["winners"] and summary["reason"] in ("final_round", "deadlock")
    assert summary["events"] > summary["actions"]  # every action adds one event or more
