"""The pages keep their own Content-Security-Policy: over a whole game in the web client
(signing up, the lobby, a private table against a bot, the end screen, its export, its
replay, a leaderboard, a profile, signing out) and on the API reference at /docs,
Chromium reports no violation, neither as a `securitypolicyviolation` event (listened
for by an init script on every page opened, before any of the page's own scripts) nor
as a console message; and an injected inline script does not run.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser_support import CHROMIUM, CHROMIUM_ARGS
from tests.web_client_support import READY, Server, run_async, serve, take_turns

# every violation on any page of the context, handed to the test through a binding
# (and kept on the page, for a test to wait for)
LISTEN = """window.seenViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  const v = {page: location.pathname, directive: e.violatedDirective, blocked: e.blockedURI,
             source: e.sourceFile, line: e.lineNumber, sample: e.sample};
  window.seenViolations.push(v);
  window.reportViolation(v);
});"""
# what Chromium's console says of a blocked resource, script, style or frame
CONSOLE_WORDS = ("Content Security Policy", "Content-Security-Policy", "Refused to",
                 "Permissions-Policy", "Permissions policy")


class Watched:
    """A browser context whose every page reports its policy violations here."""

    def __init__(self) -> None:
        self.violations: list[dict[str, Any]] = []
        self.console: list[str] = []
        self.errors: list[str] = []

    async def context(self, browser: Any) -> Any:
        context = await browser.new_context(viewport={"width": 1200, "height": 900})
        await context.expose_binding(
            "reportViolation", lambda _source, v: self.violations.append(v))
        await context.add_init_script(LISTEN)
        context.on("console", lambda m: self.console.append(m.text)
                   if any(w in m.text for w in CONSOLE_WORDS) else None)
        context.on("page", lambda p: p.on("pageerror", lambda e: self.errors.append(str(e))))
        return context


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("page-policy"), TTR_BOT_PAUSE="0") as running:
        yield running


async def _game_against_a_bot(server: Server, watched: Watched) -> str:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = await watched.context(browser)
            page = await context.new_page()
            await page.goto(server.origin + "/")
            await page.wait_for_function(READY)
            await page.fill("#signup-name", "Ada")
            await page.press("#signup-name", "Enter")
            await page.wait_for_selector("#new-game")
            await page.select_option("#new-map", "usa")
            await page.select_option("#new-seats", "2")
            await page.select_option("#new-seat-2", "easy")
            await page.check("#new-private")  # its replay and export read with the cookie
            await page.press("#create-game", "Enter")
            await page.wait_for_function("() => document.body.dataset.status === 'playing'")
            await take_turns(page)
            await page.wait_for_selector("#replay-link")
            status = await page.evaluate(  # (private: read as the page reads, signed in)
                "fetch(`/v1/games/${location.pathname.split('/')[2]}`).then((r) => r.json())"
                ".then((g) => g.status)")
            async with page.expect_download() as download:
                await page.press("#export", "Enter")
            exported = await (await download.value).path()
            assert exported.read_text().count("\n") > 10  # the whole game's events
            await page.click("#replay-link")  # (a share of the game is made, then opened)
            await page.wait_for_url("**/games/*/replay")
            await page.wait_for_function(READY)
            assert await page.evaluate("document.body.dataset.state") == "ready"
            for path in ("/leaderboards/usa", "/"):
                await page.goto(server.origin + path)
                await page.wait_for_function("() => document.body.dataset.state === 'ready'")
            await page.click("#me")
            await page.wait_for_function("() => location.pathname.startsWith('/players/')"
                                         " && document.body.dataset.state === 'ready'")
            await page.press("#sign-out", "Enter")
            await page.wait_for_selector("#signup-name")
            await asyncio.sleep(0.2)  # a report is sent after the event that caused it
            await context.close()
            return str(status)
        finally:
            await browser.close()


def test_a_whole_game_in_the_web_client_breaks_no_rule_of_the_page_policy(
        server: Server) -> None:
    watched = Watched()
    assert run_async(_game_against_a_bot(server, watched)) == "finished"
    assert watched.violations == []
    assert watched.console == []
    assert watched.errors == []


def test_the_api_reference_breaks_no_rule_of_its_policy(server: Server,
                                                        chromium: Any) -> None:
    violations: list[dict[str, Any]] = []
    context = chromium.new_context()
    context.expose_binding("reportViolation", lambda _source, v: violations.append(v))
    context.add_init_script(LISTEN)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text))
    page.goto(server.origin + "/docs")
    page.wait_for_selector(".opblock")
    page.click(".opblock-summary")  # an operation opened: its parts drawn too
    page.wait_for_selector(".opblock-body")
    assert violations == []
    assert [m for m in console if any(w in m for w in CONSOLE_WORDS)] == []
    context.close()


def test_a_script_injected_into_a_page_does_not_run(server: Server, chromium: Any) -> None:
    violations: list[dict[str, Any]] = []
    context = chromium.new_context()
    context.expose_binding("reportViolation", lambda _source, v: violations.append(v))
    context.add_init_script(LISTEN)
    page = context.new_page()
    page.goto(server.origin + "/")
    page.wait_for_function(READY)
    # what a name that got into the page as markup would try: an inline handler and script
    page.evaluate("""() => {
      const main = document.getElementById('main');
      main.insertAdjacentHTML('beforeend', '<img src="data:," onerror="window.ran = 1">');
      const s = document.createElement('script');
      s.textContent = 'window.ran = 2';
      main.append(s);
    }""")
    page.wait_for_function("() => window.seenViolations.length >= 2")
    assert page.evaluate("window.ran === undefined")
    seen = page.evaluate("window.seenViolations.map(v => v.directive)")
    assert set(seen) == {"script-src-attr", "script-src-elem"}
    context.close()
