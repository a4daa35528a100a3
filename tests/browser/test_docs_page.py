"""The human docs at /docs: Swagger UI, shipped with the package, renders the contract in a
real browser and loads nothing from anywhere but this server."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import yaml

from tests.browser_support import ViewerPage
from tests.replay_fixtures import AppServer

ROOT = Path(__file__).resolve().parents[2]
METHODS = {"get", "put", "post", "delete", "patch", "options", "head"}


def _rendered(browser: ViewerPage, url: str, timeout: float = 30) -> int:
    """Open `url` and wait for Swagger UI to list the operations: how many it lists."""
    browser.goto(url)
    deadline = time.monotonic() + timeout
    while True:
        shown = browser.evaluate("document.querySelectorAll('.opblock').length")
        if shown:
            time.sleep(0.5)  # every tag's list in place, not just the first
            return int(browser.evaluate("document.querySelectorAll('.opblock').length"))
        assert time.monotonic() < deadline, f"/docs shows no operation; {browser.console}"
        time.sleep(0.1)


def test_the_docs_page_shows_every_operation_and_loads_nothing_from_elsewhere(
        browser: ViewerPage, tmp_path: Path) -> None:
    spec: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    operations = sum(1 for path in spec["paths"].values() for m in path if m in METHODS)
    with AppServer(tmp_path, []) as server:
        shown = _rendered(browser, f"{server.origin}/docs")
        loaded = browser.evaluate(
            "performance.getEntriesByType('resource').map(e => e.name)")
    assert shown == operations
    assert any(url.endswith("/openapi.yaml") for url in loaded)
    assert [url for url in loaded if not url.startswith(server.origin)] == []
    assert not [c for c in browser.console if c.startswith("exception")], browser.console
