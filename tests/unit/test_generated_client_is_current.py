"""The committed Python client (clients/python/ttr_client) is the one openapi.yaml
generates: regenerated into a scratch directory with the pinned openapi-python-client, it
must be the same, file for file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def tree(top: Path) -> dict[str, bytes]:
    return {str(p.relative_to(top)): p.read_bytes() for p in sorted(top.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def test_the_committed_client_is_the_one_the_contract_generates(tmp_path: Path) -> None:
    generator = Path(sys.executable).parent / "openapi-python-client"
    if not generator.exists():
        pytest.fail("openapi-python-client is missing: pip install -e '.[test]'")
    subprocess.run([str(ROOT / "clients" / "generate.sh"), str(tmp_path / "ttr_client")],
                   check=True, capture_output=True,
                   env={"PATH": f"{generator.parent}:/usr/bin:/bin"})
    fresh = tree(tmp_path / "ttr_client")
    committed = tree(ROOT / "clients" / "python" / "ttr_client")
    stale = sorted(k for k in fresh.keys() | committed.keys() if fresh.get(k) != committed.get(k))
    assert not stale, f"clients/python is stale ({stale[:5]}…): run clients/generate.sh"


def test_the_generated_client_passes_mypy_strict(tmp_path: Path) -> None:
    # the generator's own code, as it generates it: no model's field may shadow its locals
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                          "--cache-dir", str(tmp_path), "ttr_client"],
                         cwd=ROOT / "clients" / "python", capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stdout[-3000:]
