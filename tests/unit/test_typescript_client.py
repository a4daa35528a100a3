"""clients/typescript: the types openapi-typescript generates from openapi.yaml are the
committed ones (`npm run generate` writes them). The example bot that uses them is
compiled and played in tests/integration/test_typescript_example.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.node_support import ROOT, TYPESCRIPT, run_tool

pytestmark = pytest.mark.node

SCHEMA = TYPESCRIPT / "src" / "schema.d.ts"


def test_the_committed_types_are_the_ones_the_contract_generates(tmp_path: Path) -> None:
    fresh = tmp_path / "schema.d.ts"
    result = run_tool("openapi-typescript", str(ROOT / "openapi.yaml"), "--output", str(fresh))
    assert result.returncode == 0, result.stderr[-2000:]
    assert fresh.read_text() == SCHEMA.read_text(), (
        "clients/typescript/src/schema.d.ts is stale: run `npm run generate` there")


def test_npm_run_generate_is_the_command_the_test_runs() -> None:
    scripts = json.loads((TYPESCRIPT / "package.json").read_text())["scripts"]
    assert scripts["generate"] == "openapi-typescript ../../openapi.yaml --output src/schema.d.ts"

