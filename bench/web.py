"""The web client in Chromium (Playwright) against `ttr serve` (the embedded mode):

    python bench/web.py [--loads N] [--samples N]

- weight: every request the table makes from navigation to an interactive table (the
  page, its modules, styles, the layout, and its API calls), their bodies' uncompressed
  bytes, and any request to another host;
- interactive: from navigation to the table drawn with the player's moves (the page's
  `ttr-ready` performance mark), in fresh browser contexts (nothing cached), N loads;
- delay: from an opponent's action (an API call by this script) to the change on my
  table (its version shown), heard over the game's SSE stream, N actions.

The last line is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.outcome import run  # noqa: E402
from tests.browser_support import launch  # noqa: E402
from tests.web_client_support import Server, serve  # noqa: E402

# when the table shows `version`, the page's clock then (ms since the epoch)
SHOWN_AT = """(version) => new Promise((resolve) => {
  const done = () => +document.body.dataset.version >= version;
  const stamp = () => performance.timeOrigin + performance.now();
  if (done()) return resolve(stamp());
  const observer = new MutationObserver(() => {
    if (done()) { observer.disconnect(); resolve(stamp()); }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['data-version'] });
})"""


def game(server: Server) -> tuple[str, list[str]]:
    a, b = server.user("Me"), server.user("Opponent")
    game_id = server.api("POST", "/v1/games", {"map": "europe", "seats": 2}, a)["id"]
    server.api("POST", f"/v1/games/{game_id}/players", {}, b)
    for token in (a, b):
        keep = server.api("GET", f"/v1/games/{game_id}/moves", token=token)["moves"][0]
        server.api("POST", f"/v1/games/{game_id}/actions", keep, token)
    return game_id, [a, b]


def table(browser: Any, server: Server, token: str, game_id: str) -> tuple[Any, list[Any]]:
    """The table loaded in a fresh context (nothing cached; signed in as an older page
    would leave it: a token in localStorage, which the page trades for its session
    cookie): (page, responses of the table)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(f"localStorage.setItem('ttr.token', {json.dumps(token)})")
    page = context.new_page()
    responses: list[Any] = []
    page.on("response", lambda r: responses.append(r))
    page.goto(f"{server.origin}/play/{game_id}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    return page, responses


def weight(server: Server, responses: list[Any]) -> dict[str, Any]:
    origin = urlsplit(server.origin).netloc
    total = 0
    by_kind: dict[str, int] = {}
    elsewhere: list[str] = []
    for r in responses:
        if urlsplit(r.url).netloc != origin:
            elsewhere.append(r.url)
            continue
        if 300 <= r.status < 400 or "text/event-stream" in (r.headers.get("content-type") or ""):
            continue  # the stream stays open: not part of the page's weight
        size = len(r.body())
        kind = Path(urlsplit(r.url).path).suffix or ("api" if "/v1/" in r.url else "page")
        by_kind[kind] = by_kind.get(kind, 0) + size
        total += size
    return {"bytes": total, "kb": round(total / 1024, 1), "requests": len(responses),
            "by_kind_kb": {k: round(v / 1024, 1) for k, v in sorted(by_kind.items())},
            "third_party_requests": elsewhere}


def delays(server: Server, page: Any, game_id: str, tokens: list[str], samples: int
           ) -> list[float]:
    """Milliseconds from the opponent's POST to my table showing its version."""
    found: list[float] = []
    while len(found) < samples:
        seat = server.api("GET", f"/v1/games/{game_id}", token=tokens[0])["turn"]["seat"]
        # two actions a turn: I draw two cards; the opponent draws tickets and keeps one
        # (the others go back under the ticket deck, so it lasts)
        for step in range(2):
            if seat == 0:
                command: dict[str, Any] = {"type": "draw_card", "source": "deck"}
            elif step == 0:
                command = {"type": "draw_tickets"}
            else:
                moves = server.api("GET", f"/v1/games/{game_id}/moves", token=tokens[seat])
                command = min((m for m in moves["moves"] if m["type"] == "keep_tickets"),
                              key=lambda m: len(m["tickets"]))
            sent = time.time() * 1000
            answer = server.api("POST", f"/v1/games/{game_id}/actions", command, tokens[seat])
            shown = page.evaluate(SHOWN_AT, answer["version"])
            if seat == 1:  # the opponent's action: what I wait for
                found.append(shown - sent)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, serve(Path(folder)) as server, \
            sync_playwright() as playwright:
        browser = launch(playwright)
        game_id, tokens = game(server)
        ready = []
        for i in range(args.loads):
            page, responses = table(browser, server, tokens[0], game_id)
            ready.append(page.evaluate("performance.getEntriesByName('ttr-ready')[0].startTime"))
            if i == 0:
                page_weight = weight(server, responses)
            if i < args.loads - 1:
                page.context.close()
        found = delays(server, page, game_id, tokens, args.samples)
        browser.close()
    ready.sort()
    found.sort()
    figures = {
        "page_weight_kb": page_weight["kb"], "page_requests": page_weight["requests"],
        "page_weight_by_kind_kb": page_weight["by_kind_kb"],
        "third_party_requests": len(page_weight["third_party_requests"]),
        "interactive_ms_median": round(statistics.median(ready), 1),
        "interactive_ms_p95": round(ready[min(len(ready) - 1, int(len(ready) * 0.95))], 1),
        "opponent_to_table_ms_median": round(statistics.median(found), 1),
        "opponent_to_table_ms_p95": round(found[min(len(found) - 1, int(len(found) * 0.95))], 1),
        "samples": len(found), "loads": len(ready),
    }
    print(f"table: {figures['page_weight_kb']} KB in {figures['page_requests']} requests, "
          f"{figures['third_party_requests']} elsewhere; interactive after "
          f"{figures['interactive_ms_median']} ms (p95 {figures['interactive_ms_p95']}); "
          f"opponent's action on my table after {figures['opponent_to_table_ms_median']} ms "
          f"(p95 {figures['opponent_to_table_ms_p95']})")
    print(json.dumps(figures))


if __name__ == "__main__":
    run(main)
