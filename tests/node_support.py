"""The Node tools the contract's tests run (clients/typescript: @redocly/cli,
openapi-typescript, tsc), installed with `npm ci` from the pinned package-lock.json.

Where they are missing a test fails, naming what is missing and how to install it (or
to leave these tests out: they are marked `node`); never a silent skip."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from tests.conftest import missing

ROOT = Path(__file__).resolve().parents[1]
TYPESCRIPT = ROOT / "clients" / "typescript"
# the tools quiet: no update notice or telemetry asked of the network
QUIET = {"REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true",
         "NO_UPDATE_NOTIFIER": "1", "NO_COLOR": "1"}


def _missing(what: str) -> None:
    missing(f"{what} is missing: apt-get install -y nodejs npm, then "
            f"(cd clients/typescript && npm ci)", "node")


def node() -> str:
    found = shutil.which("node")
    if found is None:
        _missing("node")
    assert found is not None
    return found


def node_tool(name: str) -> Path:
    """clients/typescript's `name` (redocly, openapi-typescript, tsc)."""
    node()
    tool = TYPESCRIPT / "node_modules" / ".bin" / name
    if not tool.exists():
        _missing(f"clients/typescript/node_modules/.bin/{name}")
    return tool


def run_tool(name: str, *args: str, cwd: Path = TYPESCRIPT) -> subprocess.CompletedProcess[str]:
    """Run clients/typescript's `name` with `args`; its output, whatever its exit status."""
    return subprocess.run([str(node_tool(name)), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300, env={**os.environ, **QUIET})
