"""Chromium for the browser tests, through Playwright (its Python package, driving
Debian's Chromium: Playwright's own browsers are never downloaded).

- `launch(playwright)`: headless Chromium with the flags a CI container needs.
- `ViewerPage`: one page with the few verbs the page tests use (open a page and wait
  until it says it is ready, evaluate, press a key, screenshot an element), and the
  console's messages and the page's uncaught exceptions.
- `count_colors`: pixels near given colours in a PNG screenshot (Pillow).
"""

from __future__ import annotations

import io
import os
from collections import Counter
from collections.abc import Mapping
from typing import Any

CHROMIUM = os.environ.get("TTR_CHROMIUM", "/usr/bin/chromium")  # Debian's package by default
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-quic",
                 "--force-color-profile=srgb", "--hide-scrollbars", "--mute-audio"]


def launch(playwright: Any) -> Any:
    """A headless Chromium (Playwright's `Browser`)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def watch_console(page: Any, into: list[str]) -> None:
    """Collect `page`'s console messages, and its uncaught errors as "exception: …"."""
    page.on("console", lambda m: into.append(m.text))
    page.on("pageerror", lambda e: into.append(f"exception: {e}"))


class ViewerPage:
    """A page of its own (a fresh browser context, 1400×1000) for the server's pages."""

    def __init__(self, browser: Any, width: int = 1400, height: int = 1000) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.console: list[str] = []
        watch_console(self.page, self.console)

    def close(self) -> None:
        self.context.close()

    def open(self, url: str, timeout: float = 20) -> str:
        """Load `url` and wait until `body[data-state]` is "ready" or "error"."""
        self.console.clear()
        self.page.goto(url)
        self.page.wait_for_function(
            "() => ['ready', 'error'].includes(document.body && document.body.dataset.state)",
            timeout=timeout * 1000)
        return str(self.evaluate("document.body.dataset.state"))

    def goto(self, url: str) -> None:
        self.console.clear()
        self.page.goto(url)

    def evaluate(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def press(self, key: str) -> None:
        """A real key press sent to the focused element."""
        self.page.keyboard.press(key)

    def screenshot(self, selector: str) -> bytes:
        """A PNG of the element `selector`."""
        png: bytes = self.page.locator(selector).screenshot()
        return png


def count_colors(png: bytes, colors: Mapping[str, str], tolerance: int = 8) -> dict[str, int]:
    """How many pixels of `png` are within `tolerance` (per channel) of each "#rrggbb"."""
    from PIL import Image

    rgb = Image.open(io.BytesIO(png)).convert("RGB").tobytes()
    pixels = Counter(rgb[i:i + 3] for i in range(0, len(rgb), 3))
    counts = {}
    for name, color in colors.items():
        target = bytes.fromhex(color.lstrip("#"))
        counts[name] = sum(n for px, n in pixels.items()
                           if all(abs(px[i] - target[i]) <= tolerance for i in range(3)))
    return counts
