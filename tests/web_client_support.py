"""Helpers of the web client's tests (`tests/browser/test_web_client*.py`) and of
`bench/web.py`: `ttr serve` on a SQLite file of its own, accounts and games made through
the API where a test only needs them to exist, and players that click through the page.

A player's turn is chosen from what the page offers (the test may choose which legal
move to click, never how): keep the dealt tickets, pay for a tunnel, claim the longest
route it can (the fastest way to the end; the claim panel's Confirm after the route),
else draw from the deck or a face-up card, else draw tickets or pass. Every choice is a
key press on a control of the page.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.api_support import wait_until_serving
from tests.ports import free_port

# Which control a player presses next, or null while it is not their move.
PICK = """() => {
  const b = document.body.dataset;
  if (b.myTurn !== 'true' || b.busy === 'true') return null;
  const q = (s) => document.querySelector(s);
  const on = (e) => e && !e.disabled;
  if (on(q('#keep-tickets'))) return '#keep-tickets';
  if (q('.pay-tunnel')) return '.pay-tunnel';
  if (q('#decline-tunnel')) return '#decline-tunnel';
  if (q('#claim:not([hidden]) #claim-confirm')) return '#claim-confirm';
  if (q('.claim')) return q('details.claims').open ? '.claim' : 'details.claims summary';
  if (on(q('#draw-deck'))) return '#draw-deck';
  const face = [...document.querySelectorAll('.face-up')].find(on);
  if (face) return `.face-up[data-slot="${face.dataset.slot}"]`;
  if (on(q('#draw-tickets'))) return '#draw-tickets';
  if (on(q('#pass'))) return '#pass';
  return null;
}"""
# presses that only open something on the page (no action is sent)
OPENERS = ("details.claims summary", ".claim")


@dataclass
class Server:
    origin: str
    port: int
    log: Path

    def api(self, method: str, path: str, body: Any = None, token: str | None = None,
            headers: dict[str, str] | None = None) -> Any:
        """One JSON request to the API (the tests' own calls: never the page's)."""
        request = urllib.request.Request(
            self.origin + path, method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Content-Type": "application/json", **(headers or {}),
                     **({"Authorization": f"Bearer {token}"} if token else {})})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def user(self, name: str) -> str:
        """A new account's token."""
        token: str = self.api("POST", "/v1/users", {"name": name})["token"]
        return token

    def game_in_play(self, map_name: str, names: tuple[str, str]) -> tuple[str, list[str]]:
        """A two-player public game of `map_name` between new accounts of `names`, each
        seat's first listed tickets kept: (its id, the players' tokens by seat)."""
        tokens = [self.user(name) for name in names]
        game_id: str = self.api("POST", "/v1/games", {"map": map_name, "seats": 2},
                                tokens[0])["id"]
        self.api("POST", f"/v1/games/{game_id}/players", {}, tokens[1])
        for token in tokens:
            keep = self.api("GET", f"/v1/games/{game_id}/moves", token=token)["moves"][0]
            self.api("POST", f"/v1/games/{game_id}/actions", keep, token)
        return game_id, tokens


@contextmanager
def serve(folder: Path, ttr: Path | None = None, **settings: str) -> Iterator[Server]:
    """`ttr serve` (the embedded mode: gunicorn, SQLite in `folder`, jobs in-process);
    `settings`: more `TTR_*` variables (e.g. TTR_BOT_PAUSE="0.1"); `ttr`: another build's
    command (a benchmark's other commit), this interpreter's by default."""
    port = free_port()
    log = folder / "server.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TTR_")}
    env.update(TTR_BIND=f"127.0.0.1:{port}",
               TTR_DATABASE_URL=f"sqlite:///{folder / 'ttr.sqlite3'}",
               # many players from one address in a short time: the tests, not an attack
               TTR_RATE_PER_ADDRESS="10000", TTR_BURST_PER_ADDRESS="100000",
               TTR_ACCOUNTS_PER_ADDRESS_PER_HOUR="100000", TTR_SSE_KEEPALIVE="2",
               TTR_ANALYSIS_BUDGET="0")  # (no computer analysis of the games finished)
    env.update(settings)
    ttr = ttr or Path(sys.executable).parent / "ttr"
    with open(log, "wb") as out:
        process = subprocess.Popen([str(ttr), "serve"], cwd=folder, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True, env=env)
    try:
        wait_until_serving(port, process, log)
        yield Server(f"http://127.0.0.1:{port}", port, log)
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(20)
        except ProcessLookupError:
            process.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


# (a function, as every wait's condition: Playwright evaluates a bare expression with
# eval() each time it checks, which the pages' CSP refuses)
READY = "() => ['ready', 'error'].includes(document.body.dataset.state)"
# Resolves once `condition` (a function of the body's dataset and `arg`) holds: checked
# again whenever an attribute the table sets changes, so nothing polls.
UNTIL = """([condition, arg]) => new Promise((resolve) => {
  const test = new Function('b', 'arg', 'return (' + condition + ')(b, arg);');
  const ok = () => test(document.body.dataset, arg);
  if (ok()) return resolve(true);
  const observer = new MutationObserver(() => {
    if (ok()) { observer.disconnect(); resolve(true); }
  });
  observer.observe(document.body, { attributes: true, subtree: true,
    attributeFilter: ['data-version', 'data-busy', 'data-my-turn', 'data-scored', 'hidden'] });
})"""
MY_MOVE = "(b) => b.scored === 'true' || (b.myTurn === 'true' && b.busy !== 'true')"
ANSWERED = ("(b, v) => b.busy !== 'true' && (b.version !== v"
            " || !document.getElementById('refusal').hidden)")


async def until(page: Any, condition: str, arg: Any = None, timeout: float = 30) -> None:
    """Wait until `condition` (see UNTIL) holds on `page`."""
    await asyncio.wait_for(page.evaluate(UNTIL, [condition, arg]), timeout)


async def open_page(browser: Any, url: str, width: int = 1200, height: int = 900) -> Any:
    """A page in a browser context of its own (its own localStorage: its own player)."""
    context = await browser.new_context(viewport={"width": width, "height": height})
    page = await context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    await page.goto(url)
    await page.wait_for_function(READY)
    return page


async def sign_up(browser: Any, origin: str, name: str, **size: int) -> Any:
    """A new player: the lobby's sign-up form, filled in and sent."""
    page = await open_page(browser, origin + "/", **size)
    await page.fill("#signup-name", name)
    await page.press("#signup-name", "Enter")
    await page.wait_for_selector("#new-game")
    return page


async def create_game(page: Any, map_name: str, seats: int, private: bool = True) -> str:
    """The lobby's form: a new game; answers its invite link (or table URL)."""
    await page.select_option("#new-map", map_name)
    await page.select_option("#new-seats", str(seats))
    if private:
        await page.check("#new-private")
    await page.press("#create-game", "Enter")
    await page.wait_for_selector("#invite-link")
    link: str = await page.input_value("#invite-link")
    return link


async def join_by_link(page: Any, link: str) -> None:
    await page.goto(link)
    await page.wait_for_function(READY)
    await page.press("#take-seat", "Enter")
    await page.wait_for_selector("#table")
    await page.wait_for_function("() => document.body.dataset.state === 'ready'")


async def take_turns(page: Any, timeout: float = 900) -> int:
    """Play this page's seat until the game is scored; answers the presses made."""
    presses = 0
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        await until(page, MY_MOVE, timeout=timeout)
        if await page.evaluate("document.body.dataset.scored") == "true":
            return presses
        assert loop.time() < deadline, "the game did not end in time"
        choice = await page.evaluate(PICK)
        if choice is None:
            await asyncio.sleep(0.02)
            continue
        version = await page.evaluate("document.body.dataset.version")
        await page.locator(choice).first.press("Enter")
        presses += 1
        if choice in OPENERS:
            continue
        try:
            await until(page, ANSWERED, version)
        except TimeoutError as error:
            state = await page.evaluate(
                "({...document.body.dataset, caption: document.getElementById('caption')"
                ".textContent, focus: document.activeElement && document.activeElement.outerHTML"
                ".slice(0, 200)})")
            raise AssertionError(f"pressing {choice} did nothing: {state}") from error
        refusal = await page.evaluate(
            "(() => { const r = document.getElementById('refusal'); return r.hidden ? null"
            " : r.textContent; })()")
        assert refusal is None, f"a listed move was refused: {refusal}"


def run_async(coroutine: Any) -> Any:
    """Run `coroutine` to its end on a thread of its own: the session's synchronous
    Playwright keeps an event loop running on the main thread."""
    import threading

    outcome: dict[str, Any] = {}

    def main() -> None:
        try:
            outcome["value"] = asyncio.run(coroutine)
        except BaseException as error:  # handed to the caller's thread
            outcome["error"] = error

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
