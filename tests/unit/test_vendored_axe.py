"""The vendored axe-core (tests/vendor/axe-core, used by the accessibility audit only)
is the exact file its VERSION names: a copy changed by hand, or updated without its
record, fails here."""

from __future__ import annotations

import hashlib
from pathlib import Path

AXE = Path(__file__).resolve().parent.parent / "vendor" / "axe-core"


def _recorded() -> dict[str, str]:
    lines = (AXE / "VERSION").read_text(encoding="utf-8").splitlines()
    return dict(line.split("=", 1) for line in lines if line.strip())


def test_the_vendored_axe_core_is_the_file_its_version_record_pins() -> None:
    recorded = _recorded()
    actual = hashlib.sha256((AXE / "axe.min.js").read_bytes()).hexdigest()
    assert actual == recorded["sha256"], (
        f"tests/vendor/axe-core/axe.min.js has sha256 {actual}, VERSION records "
        f"{recorded['sha256']}: vendor it again from `npm pack axe-core@{recorded['version']}`"
        " (tests/vendor/axe-core/README.md)")


def test_the_vendored_axe_core_carries_its_name_version_and_licence() -> None:
    recorded = _recorded()
    head = (AXE / "axe.min.js").read_text(encoding="utf-8")[:200]
    assert recorded["name"] == "axe-core" and recorded["license"] == "MPL-2.0"
    assert f"axe v{recorded['version']}" in head  # the build's own banner
    assert "Mozilla Public License" in (AXE / "LICENSE").read_text(encoding="utf-8")
    readme = (AXE / "README.md").read_text(encoding="utf-8")
    assert recorded["version"] in readme and recorded["sha256"] in readme
