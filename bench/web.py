"""The web client in Chromium (Playwright) against `ttr serve` (the embedded mode), on a
phone by default:

    python bench/web.py [--loads N] [--samples N] [--profile phone|desktop]
                        [--cpu-slowdown X] [--mbit N] [--latency-ms N]
                        [--against REF [--runs N]]

- profile: `phone` is a 390×844 touch screen at 3× pixels, its CPU slowed 4×
  (`Emulation.setCPUThrottlingRate`) on a 10 Mbit/s link with 40 ms of latency
  (`Network.emulateNetworkConditions`), both through the DevTools protocol;
  `desktop` is 1280×900, neither slowed;
- wire: bytes received over the network (headers and compressed bodies: the protocol's
  `encodedDataLength`) and requests, from navigation to an interactive table, on a
  first visit (a fresh context: nothing cached) and a repeat visit (the same context
  going to the table again: its cache kept), and how many of the repeat's requests
  reached the network (not served from the browser's cache);
- weight: the first visit's answers' uncompressed bytes by kind (the page, modules,
  styles, layout, catalogue and API answers), and any request to another host;
- interactive: from navigation to the table drawn with the player's moves (the page's
  `ttr-ready` performance mark), first and repeat visits, N loads each; and, after
  each repeat visit, an empty page's repeat visit on the same profile: the browser's
  own floor on this machine (`bench/web_floor.py`), and the table's less it;
- painted: from navigation to the frame that first shows the table (its heading's
  Element Timing entry): the mark above comes before the browser has laid the table
  out and painted it, which on the slowed phone is a few hundred ms more;
- delay: from an opponent's action (an API call by this script) to the change on my
  table (its version shown), heard over the game's SSE stream, N actions, on the
  profile's page.

`--against REF`: the first and repeat visits and the opponent's moves, of this tree and
of the commit REF served side by side and visited in turn, one load at a time, the
order swapped every load (`bench/web_against.py`; loads a side: `--loads` × `--runs`):
each side's median and p95, this tree's over REF's, and the median paired difference.

Targets (issue 33): interactive p95 < 1.5 s on a first visit and < 0.5 s on a repeat
one, an opponent's move on my page p95 < 300 ms. The last line is one JSON object with
the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.outcome import run  # noqa: E402
from bench.web_floor import floor_page  # noqa: E402
from bench.web_page import (  # noqa: E402
    PROFILES,
    Profile,
    Wire,
    context_for,
    painted,
    slowed,
    visit,
)
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
TARGETS_MS = {"interactive_p95": 1500, "repeat_interactive_p95": 500,
              "opponent_to_table_p95": 300}


def game(server: Server) -> tuple[str, list[str]]:
    """A two-player Europe game, its tickets kept, at my turn (seat 0's): the table a
    player comes back to when told it is their turn, with their moves listed (an answer
    of some 17 KB, against 85 bytes when it is not their turn). Which seat begins is
    drawn: the bench's figures, bytes and times, would otherwise change from run to run."""
    a, b = server.user("Me"), server.user("Opponent")
    game_id = server.api("POST", "/v1/games", {"map": "europe", "seats": 2}, a)["id"]
    server.api("POST", f"/v1/games/{game_id}/players", {}, b)
    for token in (a, b):
        keep = server.api("GET", f"/v1/games/{game_id}/moves", token=token)["moves"][0]
        server.api("POST", f"/v1/games/{game_id}/actions", keep, token)
    if server.api("GET", f"/v1/games/{game_id}", token=a)["turn"]["seat"] != 0:
        opponent_draws_tickets(server, game_id, b)
    return game_id, [a, b]


def opponent_draws_tickets(server: Server, game_id: str, token: str) -> None:
    """The opponent's turn: tickets drawn and the fewest kept (the others go back under
    the ticket deck, so it lasts)."""
    server.api("POST", f"/v1/games/{game_id}/actions", {"type": "draw_tickets"}, token)
    moves = server.api("GET", f"/v1/games/{game_id}/moves", token=token)
    keep = min((m for m in moves["moves"] if m["type"] == "keep_tickets"),
               key=lambda m: len(m["tickets"]))
    server.api("POST", f"/v1/games/{game_id}/actions", keep, token)


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


def p95(values: list[float]) -> float:
    """The nearest-rank 95th percentile: the value at rank ceil(0.95 n) of n. (It was
    rank int(0.95 n) + 1, which for 20 loads is the 20th: the slowest, not the 19th.)"""
    ordered = sorted(values)
    return round(ordered[max(0, math.ceil(len(ordered) * 0.95) - 1)], 1)


def median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


@dataclass
class Visits:
    first: list[float]  # ms to an interactive table, a fresh context each
    repeat: list[float]  # the same, going to the table again in that context
    weight: dict[str, Any]  # the first visit's answers
    first_wire: dict[str, Any]
    repeat_wire: dict[str, Any]
    page: Any  # the last context's page, still open
    floor: list[float] = field(default_factory=list)  # an empty page's repeat visits
    # ms to the table first painted (`web_page.painted`), first and repeat visits
    first_painted: list[float] = field(default_factory=list)
    repeat_painted: list[float] = field(default_factory=list)


def visits(browser: Any, server: Server, profile: Profile, url: str, token: str,
           loads: int, floor_url: str | None = None) -> Visits:
    """`loads` first visits to the table at `url`, each in a fresh context and followed
    by a repeat visit in it (and by one to the empty page at `floor_url`, if given:
    `bench.web_floor`); the first's answers weighed and both wires counted."""
    first: list[float] = []
    repeat: list[float] = []
    floor: list[float] = []
    shown: tuple[list[float], list[float]] = ([], [])  # first, repeat: when painted
    responses: list[Any] = []  # the first visit's

    def record(response: Any) -> None:  # (Playwright takes a function, not a bound builtin)
        responses.append(response)

    for i in range(loads):
        context = context_for(browser, profile, token)
        page = context.new_page()
        wire = Wire()
        session = slowed(page, profile, wire)
        if i == 0:
            page.on("response", record)
        first.append(visit(page, session, url))
        keep_painted(shown[0], painted(session))
        if i == 0:
            page.remove_listener("response", record)
            page_weight = weight(server, responses)
            first_wire = wire.figures()
        page.goto("about:blank")
        wire.reset()
        repeat.append(visit(page, session, url))
        keep_painted(shown[1], painted(session))
        if i == 0:
            repeat_wire = wire.figures()
        if floor_url:
            page.goto(floor_url, wait_until="commit")  # (its first visit: not counted)
            page.goto("about:blank")
            floor.append(visit(page, session, floor_url))
        if i < loads - 1:
            context.close()
        elif floor_url:  # the last page is left at the table (`delays` watches it there)
            page.goto("about:blank")
            visit(page, session, url)
    return Visits(first, repeat, page_weight, first_wire, repeat_wire, page, floor, *shown)


def keep_painted(into: list[float], value: float | None) -> None:
    if value is None:
        raise SystemExit("the table's heading never said when it was painted")
    into.append(value)


def compare(args: argparse.Namespace, profile: Profile) -> None:
    """`--against REF`: the loads of REF and of this tree interleaved (bench.web_against)."""
    from bench.web_against import alternate

    def prepare(server: Server) -> tuple[Server, str, list[str]]:
        game_id, tokens = game(server)
        return server, game_id, tokens

    def opened(browser: Any, state: tuple[Server, str, list[str]]) -> tuple[Any, Any, str]:
        server, game_id, tokens = state
        page = context_for(browser, profile, tokens[0]).new_page()
        return page, slowed(page, profile, Wire()), f"{server.origin}/play/{game_id}"

    def load(browser: Any, state: tuple[Server, str, list[str]]) -> dict[str, float]:
        page, session, url = opened(browser, state)
        try:
            first = visit(page, session, url)
            page.goto("about:blank")
            return {"first": first, "repeat": visit(page, session, url)}
        finally:
            page.context.close()

    def moves(browser: Any, state: tuple[Server, str, list[str]]) -> list[float]:
        page, session, url = opened(browser, state)
        try:
            visit(page, session, url)
            server, game_id, tokens = state
            return delays(server, page, game_id, tokens, args.samples)
        finally:
            page.context.close()

    loads = args.loads * args.runs
    with sync_playwright() as playwright:
        browser = launch(playwright)
        found = alternate(args.against, loads, browser, prepare, load, moves)
        browser.close()
    figures: dict[str, Any] = {"profile": args.profile, "against": args.against,
                               "loads": loads, "samples": args.samples}
    for side, kinds in found.items():
        for kind, values in kinds.items():
            figures[f"{side}_{kind}_ms_median"] = median(values)
            figures[f"{side}_{kind}_ms_p95"] = p95(values)
    for kind in ("first", "repeat", "move"):
        for stat in ("median", "p95"):
            figures[f"{kind}_{stat}_ratio"] = round(
                figures[f"new_{kind}_ms_{stat}"] / figures[f"ref_{kind}_ms_{stat}"], 3)
    for kind in ("first", "repeat"):  # (load i of each side made one after the other)
        figures[f"{kind}_paired_difference_ms_median"] = median(
            [new - ref for ref, new in zip(found["ref"][kind], found["new"][kind], strict=True)])
    figures["new_targets_met"] = {
        "interactive_p95": figures["new_first_ms_p95"] < TARGETS_MS["interactive_p95"],
        "repeat_interactive_p95":
            figures["new_repeat_ms_p95"] < TARGETS_MS["repeat_interactive_p95"],
        "opponent_to_table_p95": figures["new_move_ms_p95"] < TARGETS_MS["opponent_to_table_p95"]}
    print(f"{args.profile}, this tree against {args.against} ({loads} loads each, "
          f"interleaved): repeat visit median {figures['new_repeat_ms_median']} against "
          f"{figures['ref_repeat_ms_median']} ms, p95 {figures['new_repeat_ms_p95']} against "
          f"{figures['ref_repeat_ms_p95']} ms (paired difference, median: "
          f"{figures['repeat_paired_difference_ms_median']} ms); first visit median "
          f"{figures['new_first_ms_median']} against {figures['ref_first_ms_median']} ms, "
          f"p95 {figures['new_first_ms_p95']} against {figures['ref_first_ms_p95']} ms; an "
          f"opponent's move on my page median {figures['new_move_ms_median']} against "
          f"{figures['ref_move_ms_median']} ms, p95 {figures['new_move_ms_p95']} against "
          f"{figures['ref_move_ms_p95']} ms")
    print(json.dumps(figures))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--profile", choices=sorted(PROFILES), default="phone")
    parser.add_argument("--cpu-slowdown", type=float, help="(the profile's by default)")
    parser.add_argument("--mbit", type=float, help="the link, Mbit/s; 0: no limit")
    parser.add_argument("--latency-ms", type=float)
    parser.add_argument("--against", metavar="REF",
                        help="alternate this tree with the commit REF (bench/web_against.py)")
    parser.add_argument("--runs", type=int, default=3,
                        help="with --against: loads a side are --loads x --runs")
    args = parser.parse_args()
    base = PROFILES[args.profile]
    profile = Profile(base.viewport, base.scale, base.mobile,
                      base.cpu_slowdown if args.cpu_slowdown is None else args.cpu_slowdown,
                      base.mbit if args.mbit is None else args.mbit,
                      base.latency_ms if args.latency_ms is None else args.latency_ms)
    if args.against:
        return compare(args, profile)
    with tempfile.TemporaryDirectory() as folder, serve(Path(folder)) as server, \
            floor_page() as floor_url, sync_playwright() as playwright:
        browser = launch(playwright)
        game_id, tokens = game(server)
        seen = visits(browser, server, profile, f"{server.origin}/play/{game_id}", tokens[0],
                      args.loads, floor_url)
        found = delays(server, seen.page, game_id, tokens, args.samples)
        browser.close()
    first, repeat = seen.first, seen.repeat
    over_floor = [r - f for r, f in zip(repeat, seen.floor, strict=True)]
    page_weight, first_wire, repeat_wire = seen.weight, seen.first_wire, seen.repeat_wire
    figures: dict[str, Any] = {
        "profile": args.profile, "viewport": list(profile.viewport),
        "cpu_slowdown": profile.cpu_slowdown, "mbit": profile.mbit,
        "latency_ms": profile.latency_ms,
        "first_visit_kb": first_wire["kb"], "first_visit_requests": first_wire["requests"],
        "repeat_visit_kb": repeat_wire["kb"], "repeat_visit_requests": repeat_wire["requests"],
        "repeat_visit_network_requests": repeat_wire["network_requests"],
        "page_weight_kb": page_weight["kb"], "page_requests": page_weight["requests"],
        "page_weight_by_kind_kb": page_weight["by_kind_kb"],
        "third_party_requests": len(page_weight["third_party_requests"]),
        "interactive_ms_median": median(first), "interactive_ms_p95": p95(first),
        "repeat_interactive_ms_median": median(repeat),
        "repeat_interactive_ms_p95": p95(repeat),
        "interactive_ms_max": round(max(first), 1),
        "repeat_interactive_ms_max": round(max(repeat), 1),
        # the browser's own part of a repeat visit on this machine (bench.web_floor), and
        # the page's: the table's repeat visit less the empty page's, load by load
        "floor_repeat_ms_median": median(seen.floor), "floor_repeat_ms_p95": p95(seen.floor),
        "repeat_over_floor_ms_median": median(over_floor),
        "repeat_over_floor_ms_p95": p95(over_floor),
        # (after the mark: when the table was first on the screen, laid out and painted)
        "painted_ms_median": median(seen.first_painted),
        "painted_ms_p95": p95(seen.first_painted),
        "repeat_painted_ms_median": median(seen.repeat_painted),
        "repeat_painted_ms_p95": p95(seen.repeat_painted),
        "opponent_to_table_ms_median": median(found),
        "opponent_to_table_ms_p95": p95(found),
        "samples": len(found), "loads": len(first),
    }
    figures["targets_met"] = {
        "interactive_p95": figures["interactive_ms_p95"] < TARGETS_MS["interactive_p95"],
        "repeat_interactive_p95":
            figures["repeat_interactive_ms_p95"] < TARGETS_MS["repeat_interactive_p95"],
        "opponent_to_table_p95":
            figures["opponent_to_table_ms_p95"] < TARGETS_MS["opponent_to_table_p95"]}
    print(f"{args.profile}: first visit {figures['first_visit_kb']} KB over the wire in "
          f"{figures['first_visit_requests']} requests ({figures['page_weight_kb']} KB "
          f"uncompressed), repeat visit {figures['repeat_visit_kb']} KB in "
          f"{figures['repeat_visit_requests']} requests "
          f"({figures['repeat_visit_network_requests']} to the network); "
          f"{figures['third_party_requests']} elsewhere; interactive after "
          f"{figures['interactive_ms_median']} ms (p95 {figures['interactive_ms_p95']}), "
          f"repeat {figures['repeat_interactive_ms_median']} ms "
          f"(p95 {figures['repeat_interactive_ms_p95']}, slowest "
          f"{figures['repeat_interactive_ms_max']}; an empty page's "
          f"{figures['floor_repeat_ms_median']}, p95 {figures['floor_repeat_ms_p95']}); "
          f"first painted after {figures['painted_ms_median']} ms (p95 "
          f"{figures['painted_ms_p95']}), repeat {figures['repeat_painted_ms_median']} ms "
          f"(p95 {figures['repeat_painted_ms_p95']}); opponent's action on my table "
          f"after {figures['opponent_to_table_ms_median']} ms "
          f"(p95 {figures['opponent_to_table_ms_p95']})")
    print(json.dumps(figures))


if __name__ == "__main__":
    run(main)
