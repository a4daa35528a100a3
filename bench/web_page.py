"""How `bench/web.py` drives a page: the device profiles (a phone slowed through the
DevTools protocol, a desktop), what went over the wire, and a visit timed from the
navigation to the page's `ttr-ready` mark without Playwright's own script in the page.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Error

# signed in as an older page would leave it: a token in localStorage, which the page
# trades for its session cookie, once (a repeat visit finds the session)
SIGNED_IN = ("if (!localStorage.getItem('ttr.session'))"
             " localStorage.setItem('ttr.token', {token})")


@dataclass(frozen=True)
class Profile:
    viewport: tuple[int, int]
    scale: float
    mobile: bool
    cpu_slowdown: float  # 1: none
    mbit: float  # 0: no limit
    latency_ms: float


PROFILES = {"phone": Profile((390, 844), 3, True, 4, 10, 40),
            "desktop": Profile((1280, 900), 1, False, 1, 0, 0)}


@dataclass
class Wire:
    """What went over the network while it listened (the DevTools protocol's view): the
    requests sent since the last reset, and their bytes (not a request of the page
    before, such as its stream, that ended after the reset)."""
    requests: int = 0
    from_cache: int = 0
    bytes: int = 0
    cached_ids: set[str] = field(default_factory=set)
    sent_ids: set[str] = field(default_factory=set)

    def listen(self, session: Any) -> None:
        session.on("Network.requestWillBeSent", lambda e: self._sent(e["requestId"]))
        session.on("Network.requestServedFromCache", lambda e: self._cached(e["requestId"]))
        session.on("Network.responseReceived", self._answered)
        session.on("Network.loadingFinished", self._finished)

    def reset(self) -> None:
        self.requests, self.from_cache, self.bytes = 0, 0, 0
        self.cached_ids.clear()
        self.sent_ids.clear()

    def _sent(self, request_id: str) -> None:
        if request_id not in self.sent_ids:  # (a redirect is sent again under one id)
            self.sent_ids.add(request_id)
            self.requests += 1

    def _cached(self, request_id: str) -> None:
        if request_id not in self.cached_ids:
            self.cached_ids.add(request_id)
            self.from_cache += 1

    def _answered(self, event: dict[str, Any]) -> None:
        response = event["response"]
        if response.get("fromDiskCache") or response.get("fromPrefetchCache"):
            self._cached(event["requestId"])

    def _finished(self, event: dict[str, Any]) -> None:
        if event["requestId"] in self.sent_ids and event["requestId"] not in self.cached_ids:
            self.bytes += int(event.get("encodedDataLength") or 0)

    def figures(self) -> dict[str, Any]:
        return {"kb": round(self.bytes / 1024, 1), "requests": self.requests,
                "network_requests": self.requests - self.from_cache}


def context_for(browser: Any, profile: Profile, token: str) -> Any:
    width, height = profile.viewport
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=profile.scale, is_mobile=profile.mobile,
                                  has_touch=profile.mobile)
    context.add_init_script(SIGNED_IN.format(token=json.dumps(token)))
    return context


def slowed(page: Any, profile: Profile, wire: Wire) -> Any:
    """`page`'s DevTools session, listening for `wire`, with the profile's CPU and link."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    wire.listen(session)
    if profile.mbit:
        rate = profile.mbit * 1_000_000 / 8  # bytes per second
        session.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": profile.latency_ms,
            "downloadThroughput": rate, "uploadThroughput": rate})
    if profile.cpu_slowdown > 1:
        session.send("Emulation.setCPUThrottlingRate", {"rate": profile.cpu_slowdown})
    return session


# resolves once the table is interactive and the stream's first answer is drawn too (a
# second render: what the load asks for), with the `ttr-ready` mark's time
READY = """new Promise((resolve) => {
  const ready = () => performance.getEntriesByName('ttr-ready')[0];
  const done = () => ready() && performance.getEntriesByName('ttr-render').length >= 2;
  if (done()) return resolve(ready().startTime);
  const observer = new PerformanceObserver(() => {
    if (done()) { observer.disconnect(); resolve(ready().startTime); }
  });
  observer.observe({ entryTypes: ['mark', 'measure'] });
})"""


# when the table's heading was first on the screen (its `elementtiming` entry's
# renderTime: the frame with the table drawn, laid out and painted, which comes after
# the `ttr-ready` mark), or null if the page says nothing of it within 5 s (another
# commit's, or not the table)
PAINTED = """new Promise((resolve) => {
  setTimeout(() => resolve(null), 5000);
  new PerformanceObserver((list, observer) => {
    const shown = list.getEntries().find((e) => e.identifier === 'ttr-table');
    if (shown) { observer.disconnect(); resolve(shown.renderTime || shown.loadTime); }
  }).observe({ type: 'element', buffered: true });
})"""


def painted(session: Any) -> float | None:
    """Milliseconds from the navigation of the page `visit` went to until the table was
    first painted (`PAINTED`), or None."""
    answer = session.send("Runtime.evaluate", {
        "expression": PAINTED, "awaitPromise": True, "returnByValue": True})
    value = answer.get("result", {}).get("value")
    return None if value is None else float(value)


def visit(page: Any, session: Any, url: str) -> float:
    """Go to the page at `url` (the table, or `bench.web_floor`'s empty page):
    milliseconds from navigation to its `ttr-ready` mark, the table's once interactive.

    Nothing of Playwright's runs in the page while it loads: its waiting functions
    evaluate Playwright's own injected script in the page first, about 100 ms of the
    main thread on the slowed phone, landing in the middle of the table's loading. The
    wait is one small expression sent over the DevTools protocol once the navigation
    has committed, resolved by a `PerformanceObserver` when the page marks itself ready.
    """
    page.goto(url, wait_until="commit")
    failure: object = None
    for _ in range(50):
        try:
            answer = session.send("Runtime.evaluate", {
                "expression": READY, "awaitPromise": True, "returnByValue": True})
        except Error as error:  # the old document's context, destroyed as it waited
            failure = error
        else:
            if "exceptionDetails" not in answer:
                return float(answer["result"]["value"])
            failure = answer["exceptionDetails"]
        time.sleep(0.05)
    raise RuntimeError(f"{url} never marked itself ready: {failure}")
