"""The loopback ports the tests' servers are started on: one handed out is not handed
out again, in this process or another, before its server has had time to bind it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.ports import _reserve, free_port

ROOT = Path(__file__).resolve().parents[2]


def test_a_port_handed_out_is_not_handed_out_again_while_reserved() -> None:
    port = free_port()
    assert not _reserve(port)


def test_a_port_handed_out_is_not_handed_out_to_another_process_while_reserved() -> None:
    port = free_port()
    other = subprocess.run(
        [sys.executable, "-c", f"from tests.ports import _reserve; print(_reserve({port}))"],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=60)
    assert other.stdout.strip() == "False"


def test_free_ports_handed_out_one_after_another_differ() -> None:
    ports = [free_port() for _ in range(50)]
    assert len(set(ports)) == len(ports)
