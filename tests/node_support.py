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
    """clients/typescript's `name` (redocly, openapi-typescript, tsc); installed from the
    lock file the first time it is missing, where npm is there to do it."""
    node()
    tool = TYPESCRIPT / "node_modules" / ".bin" / name
    if not tool.exists() and shutil.which("npm") is not None:
        _install_once()
    if not tool.exists():
        _missing(f"clients/typescript/node_modules/.bin/{name}")
    return tool


_installed: list[bool] = []


def _install_once() -> None:
    # the README's test command must work on a fresh clone: the pinned tools come from
    # package-lock.json, as pip installs the project's from pyproject
    if not _installed:
        _installed.append(True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                       cwd=TYPESCRIPT, capture_output=True, timeout=600,
                       env={**os.environ, **QUIET})


def run_tool(name: str, *args: str, cwd: Path = TYPESCRIPT) -> subprocess.CompletedProcess[str]:
    """Run clients/typescript's `name` with `args`; its output, whatever its exit status."""
    return subprocess.run([str(node_tool(name)), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300, env={**os.environ, **QUIET})
