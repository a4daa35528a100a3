"""Helpers of the replay viewer's tests (`tests/browser/test_replay_viewer.py`).

- The map layouts: each city's real latitude / longitude, projected onto the canvas
  and nudged apart where the board would be unreadable. `python -m
  tests.replay_fixtures layouts` writes `service/static/layouts/{map}.json` from them.
- Finished games made with the domain, exported as the API's NDJSON records.
- `ReplayServer`: a small standard-library HTTP server that stands in for the API
  (the page, its static files, the maps and the exports), fast and with no database;
  `AppServer` serves the same games from the real app, with the same interface.
The browser itself (Playwright driving Chromium) is `tests/browser_support.py`.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import threading
import time
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "service" / "static"
LAYOUTS = STATIC / "layouts"

# -- layouts ---------------------------------------------------------------------------

# Approximate (latitude, longitude) of every city of the three boards.
GEO: dict[str, dict[str, tuple[float, float]]] = {
    "usa": {
        "Atlanta": (33.75, -84.39), "Boston": (42.36, -71.06), "Calgary": (51.05, -114.07),
        "Charleston": (32.78, -79.93), "Chicago": (41.88, -87.63), "Dallas": (32.78, -96.80),
        "Denver": (39.74, -104.99), "Duluth": (46.79, -92.10), "El Paso": (31.76, -106.49),
        "Helena": (46.59, -112.04), "Houston": (29.76, -95.37),
        "Kansas City": (39.10, -94.58), "Las Vegas": (36.17, -115.14),
        "Little Rock": (34.75, -92.29), "Los Angeles": (34.05, -118.24),
        "Miami": (25.76, -80.19), "Montreal": (45.50, -73.57), "Nashville": (36.16, -86.78),
        "New Orleans": (29.95, -90.07), "New York": (40.71, -74.01),
        "Oklahoma City": (35.47, -97.52), "Omaha": (41.26, -95.93),
        "Phoenix": (33.45, -112.07), "Pittsburgh": (40.44, -79.99),
        "Portland": (45.52, -122.68), "Raleigh": (35.78, -78.64),
        "Saint Louis": (38.63, -90.20), "Salt Lake City": (40.76, -111.89),
        "San Francisco": (37.77, -122.42), "Santa Fe": (35.69, -105.94),
        "Sault St. Marie": (46.50, -84.35), "Seattle": (47.61, -122.33),
        "Toronto": (43.65, -79.38), "Vancouver": (49.28, -123.12),
        "Washington": (38.91, -77.04), "Winnipeg": (49.90, -97.14),
    },
    "europe": {
        "Amsterdam": (52.37, 4.90), "Angora": (39.93, 32.86), "Athina": (37.98, 23.73),
        "Barcelona": (41.39, 2.17), "Berlin": (52.52, 13.40), "Brest": (48.39, -4.49),
        "Brindisi": (40.63, 17.94), "Bruxelles": (50.85, 4.35), "Bucuresti": (44.43, 26.10),
        "Budapest": (47.50, 19.04), "Cadiz": (36.53, -6.29),
        "Constantinople": (41.01, 28.98), "Danzig": (54.35, 18.65),
        "Dieppe": (49.92, 1.08), "Edinburgh": (55.95, -3.19), "Erzurum": (39.90, 41.27),
        "Essen": (51.46, 7.01), "Frankfurt": (50.11, 8.68), "Kharkov": (49.99, 36.23),
        "Kobenhavn": (55.68, 12.57), "Kyiv": (50.45, 30.52), "Lisboa": (38.72, -9.14),
        "London": (51.51, -0.13), "Madrid": (40.42, -3.70), "Marseille": (43.30, 5.37),
        "Moskva": (55.76, 37.62), "Munchen": (48.14, 11.58), "Palermo": (38.12, 13.36),
        "Pamplona": (42.81, -1.64), "Paris": (48.86, 2.35), "Petrograd": (59.93, 30.34),
        "Riga": (56.95, 24.11), "Roma": (41.90, 12.50), "Rostov": (47.24, 39.70),
        "Sarajevo": (43.86, 18.41), "Sevastopol": (44.62, 33.52),
        "Smolensk": (54.78, 32.05), "Smyrna": (38.42, 27.14), "Sochi": (43.60, 39.73),
        "Sofia": (42.70, 23.32), "Stockholm": (59.33, 18.07), "Venezia": (45.44, 12.32),
        "Warszawa": (52.23, 21.01), "Wien": (48.21, 16.37), "Wilno": (54.69, 25.28),
        "Zagrab": (45.81, 15.98), "Zurich": (47.38, 8.54),
    },
    "nordic": {
        "Bergen": (60.39, 5.32), "Boden": (65.83, 21.69), "Göteborg": (57.71, 11.97),
        "Helsinki": (60.17, 24.94), "Honningsvåg": (70.98, 25.97),
        "Imatra": (61.17, 28.77), "Kajaani": (64.23, 27.73), "Karlskrona": (56.16, 15.59),
        "Kirkenes": (69.73, 30.05), "Kiruna": (67.86, 20.23),
        "Kristiansand": (58.15, 7.99), "Kuopio": (62.89, 27.68),
        "København": (55.68, 12.57), "Lahti": (60.98, 25.66), "Lieksa": (63.32, 30.02),
        "Lillehammer": (61.12, 10.47), "Mo I Rana": (66.31, 14.14),
        "Murmansk": (68.97, 33.08), "Narvik": (68.44, 17.43), "Norrköping": (58.59, 16.18),
        "Oslo": (59.91, 10.75), "Oulu": (65.01, 25.47), "Rovaniemi": (66.50, 25.73),
        "Stavanger": (58.97, 5.73), "Stockholm": (59.33, 18.07),
        "Sundsvall": (62.39, 17.31), "Tallinn": (59.44, 24.75), "Tampere": (61.50, 23.79),
        "Tornio": (65.85, 24.15), "Tromsø": (69.65, 18.96), "Trondheim": (63.43, 10.40),
        "Turku": (60.45, 22.27), "Umeå": (63.83, 20.26), "Vaasa": (63.10, 21.62),
        "Ålborg": (57.05, 9.92), "Åndalsnes": (62.57, 7.69), "Århus": (56.16, 10.20),
        "Örebro": (59.27, 15.21), "Östersund": (63.18, 14.64),
    },
}

# The canvas width of each map (the height follows from the geography) and its margin.
CANVAS_WIDTH = {"usa": 1200, "europe": 1200, "nordic": 900}
MARGIN = 56

# What "readable" means, in canvas pixels; the page draws with these sizes in mind
# (replay.js: city dots of radius 7, cars 7 px wide, double routes 10 px apart).
# Between two city centres, per map: the crowded corners (the north-east of the USA,
# the west of Europe, the Gulf of Bothnia) spread out a little.
MIN_CITY_DISTANCE = {"usa": 54, "europe": 58, "nordic": 52}
ROUTE_CLEARANCE = 20  # from a city centre to any route not ending there
CAR_PITCH = 15  # the least length of one car and its gap along a route
CITY_TRIM = 9  # routes start this far from a city centre
CHAR_WIDTH, LABEL_HEIGHT = 7.2, 13  # estimated size of a 12 px label (system sans-serif)


def project(map_name: str) -> tuple[int, int, dict[str, tuple[float, float]]]:
    """Equirectangular projection of the map's cities, shrunk east-west by the cosine
    of the middle latitude, fitted to the canvas: (width, height, positions)."""
    geo = GEO[map_name]
    lats = [lat for lat, _ in geo.values()]
    lons = [lon for _, lon in geo.values()]
    factor = math.cos(math.radians((min(lats) + max(lats)) / 2))
    width = CANVAS_WIDTH[map_name]
    scale = (width - 2 * MARGIN) / ((max(lons) - min(lons)) * factor)
    height = round((max(lats) - min(lats)) * scale + 2 * MARGIN)
    return width, height, {
        city: (MARGIN + (lon - min(lons)) * factor * scale, MARGIN + (max(lats) - lat) * scale)
        for city, (lat, lon) in geo.items()
    }


def _segment_distance(p: tuple[float, float], a: tuple[float, float],
                      b: tuple[float, float]) -> tuple[float, float, float]:
    """Distance from `p` to the segment `ab`, and the unit vector from the segment to `p`."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    qx, qy = ax + t * dx, ay + t * dy
    vx, vy = p[0] - qx, p[1] - qy
    d = math.hypot(vx, vy)
    if d < 1e-9:
        return 0.0, -dy / math.hypot(dx, dy), dx / math.hypot(dx, dy)
    return d, vx / d, vy / d


def layout_problems(layout: Mapping[str, Any], board: Any) -> list[str]:
    """What makes `layout` unreadable for `board` (empty when it is fine)."""
    cities = {c: tuple(p) for c, p in layout["cities"].items()}
    problems: list[str] = []
    for city in board.cities:
        if city not in cities:
            problems.append(f"{city}: no position")
            continue
        x, y = cities[city]
        if not (0 < x < layout["width"] and 0 < y < layout["height"]):
            problems.append(f"{city}: outside the canvas")
    if problems:
        return problems
    for a, b in itertools.combinations(board.cities, 2):
        d = math.dist(cities[a], cities[b])
        if d < MIN_CITY_DISTANCE[layout["map"]] - 1:
            problems.append(f"{a} and {b} are {d:.0f} px apart")
    pairs = {frozenset((r.a, r.b)): r for r in board.routes}
    for route in pairs.values():
        a, b = cities[route.a], cities[route.b]
        room = math.dist(a, b) - 2 * CITY_TRIM
        if room < route.length * CAR_PITCH - 1:
            problems.append(f"{route.id}: {room:.0f} px for {route.length} cars")
        for city in board.cities:
            if city in (route.a, route.b):
                continue
            d, _, _ = _segment_distance(cities[city], a, b)
            if d < ROUTE_CLEARANCE - 1:
                problems.append(f"{city} is {d:.0f} px from {route.id}")
    return problems


def build_layout(map_name: str) -> dict[str, Any]:
    """The layout of `map_name`: the projected geography, nudged until readable."""
    from domain.maps import load_board

    board = load_board(map_name)
    width, height, start = project(map_name)
    pos = {c: list(p) for c, p in start.items()}
    pairs = list({frozenset((r.a, r.b)): r for r in board.routes}.values())
    for _ in range(2000):
        moved = 0.0

        def push(city: str, dx: float, dy: float) -> None:
            nonlocal moved
            pos[city][0] += dx
            pos[city][1] += dy
            moved += abs(dx) + abs(dy)

        for a, b in itertools.combinations(board.cities, 2):
            d = math.dist(pos[a], pos[b])
            if d < MIN_CITY_DISTANCE[map_name]:
                ux, uy = ((pos[a][0] - pos[b][0]) / d, (pos[a][1] - pos[b][1]) / d)
                half = (MIN_CITY_DISTANCE[map_name] - d) / 2 + 0.2
                push(a, ux * half, uy * half)
                push(b, -ux * half, -uy * half)
        for route in pairs:
            end_a, end_b = pos[route.a], pos[route.b]
            need = route.length * CAR_PITCH + 2 * CITY_TRIM
            d = math.dist(end_a, end_b)
            if d < need:
                ux, uy = (end_a[0] - end_b[0]) / d, (end_a[1] - end_b[1]) / d
                half = (need - d) / 2 + 0.2
                push(route.a, ux * half, uy * half)
                push(route.b, -ux * half, -uy * half)
            for city in board.cities:
                if city in (route.a, route.b):
                    continue
                d, ux, uy = _segment_distance((pos[city][0], pos[city][1]),
                                              (end_a[0], end_a[1]), (end_b[0], end_b[1]))
                if d < ROUTE_CLEARANCE:
                    step = ROUTE_CLEARANCE - d + 0.2
                    push(city, ux * step * 0.7, uy * step * 0.7)
                    push(route.a, -ux * step * 0.15, -uy * step * 0.15)
                    push(route.b, -ux * step * 0.15, -uy * step * 0.15)
        for p in pos.values():
            p[0] = min(max(p[0], MARGIN * 0.6), width - MARGIN * 0.6)
            p[1] = min(max(p[1], MARGIN * 0.6), height - MARGIN * 0.6)
        if moved < 1e-6:
            break
    cities = {c: [round(pos[c][0]), round(pos[c][1])] for c in board.cities}
    layout: dict[str, Any] = {"map": map_name, "width": width, "height": height,
                              "cities": cities}
    layout["labels"] = _place_labels(layout, board)
    layout["source"] = ("Approximate latitude/longitude, equirectangular projection shrunk "
                        "east-west by cos(middle latitude), cities nudged apart for "
                        "readability: python -m tests.replay_fixtures layouts")
    return layout


# Where a label goes relative to its city: direction -> (dx, dy, text-anchor).
LABEL_PLACES = {"e": (10, 4, "start"), "w": (-10, 4, "end"), "n": (0, -11, "middle"),
                "s": (0, 20, "middle"), "ne": (7, -8, "start"), "se": (7, 17, "start"),
                "nw": (-7, -8, "end"), "sw": (-7, 17, "end")}


# The most a label is enlarged (about its city) to stay legible on a board drawn small
# (`LABEL_SCALE` of service/static/board/zoom.js).
LARGEST_LABEL_SCALE = 1.6


def label_box(x: float, y: float, text: str, place: str,
              scale: float = 1.0) -> tuple[float, float, float, float]:
    """The estimated box (x0, y0, x1, y1) of a city's label placed at `place`, enlarged
    `scale` times about the city."""
    dx, dy, anchor = LABEL_PLACES[place]
    w = len(text) * CHAR_WIDTH
    bx = dx - {"start": 0, "middle": w / 2, "end": w}[anchor]
    by = dy - LABEL_HEIGHT + 3
    return (x + bx * scale, y + by * scale, x + (bx + w) * scale,
            y + (by + LABEL_HEIGHT) * scale)


def _place_labels(layout: Mapping[str, Any], board: Any) -> dict[str, str]:
    """A place for each label that hides as little as possible (greedy, crowded first)."""
    cities = layout["cities"]
    samples: list[tuple[float, float]] = []  # points along every route
    for route in {frozenset((r.a, r.b)): r for r in board.routes}.values():
        (ax, ay), (bx, by) = cities[route.a], cities[route.b]
        n = max(2, int(math.dist((ax, ay), (bx, by)) / 3))
        samples.extend((ax + (bx - ax) * i / n, ay + (by - ay) * i / n) for i in range(n + 1))

    def crowd(city: str) -> int:
        return sum(math.dist(cities[city], p) < 120 for p in cities.values())

    placed: list[tuple[float, float, float, float]] = []
    labels: dict[str, str] = {}
    for city in sorted(board.cities, key=lambda c: (-crowd(c), c)):
        x, y = cities[city]
        best: tuple[float, str] | None = None
        for rank, place in enumerate(LABEL_PLACES):
            x0, y0, x1, y1 = label_box(x, y, city, place)
            cost = rank * 0.5
            # (off the map's edge even when drawn at its largest: a label is cut off there)
            e0, f0, e1, f1 = label_box(x, y, city, place, LARGEST_LABEL_SCALE)
            if e0 < 2 or f0 < 2 or e1 > layout["width"] - 2 or f1 > layout["height"] - 2:
                cost += 10_000
            cost += sum(x0 - 5 < px < x1 + 5 and y0 - 5 < py < y1 + 5 for px, py in samples)
            cost += 200 * sum(x0 - 8 < cx < x1 + 8 and y0 - 8 < cy < y1 + 8
                              for c, (cx, cy) in cities.items() if c != city)
            # (two labels overlapping when drawn at their largest)
            cost += 300 * sum(e0 < b[2] and b[0] < e1 and f0 < b[3] and b[1] < f1
                              for b in placed)
            if best is None or cost < best[0]:
                best = (cost, place)
        assert best is not None
        labels[city] = best[1]
        placed.append(label_box(x, y, city, best[1], LARGEST_LABEL_SCALE))
    return dict(sorted(labels.items()))


def write_layouts() -> None:
    LAYOUTS.mkdir(parents=True, exist_ok=True)
    for map_name in GEO:
        layout = build_layout(map_name)
        (LAYOUTS / f"{map_name}.json").write_text(layout_text(layout), encoding="utf-8")


def layout_text(layout: Mapping[str, Any]) -> str:
    """`layout` as JSON with one city per line, so that a nudge reads well in a diff."""
    def block(items: Mapping[str, Any]) -> str:
        rows = [f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(v)}" for k, v in items.items()]
        return "{\n" + ",\n".join(rows) + "\n }"

    head = ",\n".join(f" {json.dumps(k)}: {json.dumps(layout[k], ensure_ascii=False)}"
                      for k in ("map", "width", "height", "source"))
    return (f"{{\n{head},\n \"cities\": {block(layout['cities'])},\n"
            f" \"labels\": {block(layout['labels'])}\n}}\n")


# -- finished games ----------------------------------------------------------------------

NAMES = ("Alice", "Bob", "Chandra", "Dmitri", "Eun-ji")


@dataclass
class FinishedGame:
    """A finished game as the API exports it: `records` are the NDJSON records."""

    game_id: str
    map: str
    players: int
    records: list[dict[str, Any]]
    token: str | None = None  # when set, the export answers 401 without this bearer token

    def ndjson(self) -> bytes:
        return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in self.records).encode()

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [r for r in self.records if r["type"] == kind]

    def owners_after(self, step: int) -> dict[str, int]:
        """Route id -> seat of every route claimed in the first `step` events."""
        return {r["data"]["route"]: r["data"]["seat"]
                for r in self.records[:step] if r["type"] == "route_claimed"}

    @property
    def score(self) -> dict[str, Any]:
        data: dict[str, Any] = self.of_type("game_scored")[0]["data"]
        return data

    def seat_names(self) -> list[str]:
        """The players' names by seat, as the table's events leave them."""
        names: list[str] = []
        for r in self.records:
            if r["type"] == "seat_taken":
                names.append(r["data"]["name"])
            elif r["type"] == "seat_left":
                del names[r["data"]["seat"]]
        return names


def finished_game(map_name: str, players: int, number: int, *, game_id: str | None = None,
                  unknown_event: bool = False) -> FinishedGame:
    """A random game of `map_name`, from the table's first event to its `GameScored`.

    From three players on, someone takes a seat and leaves again before the start, so
    that the players after them move up a seat. With `unknown_event`, an event of a type
    the viewer does not know is slipped in before the score (a newer server's event).
    """
    from domain.autoplay import game_seed, play_random_game
    from domain.events import Event
    from domain.table import SeatLeft, SeatTaken, create_game, replay_table, score_table

    seed = game_seed(2026, number)
    events: list[Event] = create_game(map_name=map_name, seats=players, created_by="user-0",
                                      seed=seed)
    seated = 0

    def sit(user_id: str, name: str) -> None:
        nonlocal seated
        events.append(SeatTaken(seat=seated, user_id=user_id, name=name))
        seated += 1

    sit("user-0", NAMES[0])
    if players >= 3:
        sit("user-leaver", "Mallory")
        events.append(SeatLeft(seat=1, user_id="user-leaver"))
        seated -= 1
    for i in range(1, players):
        sit(f"user-{i}", NAMES[i])
    _, log = play_random_game(map_name, players, seed, random.Random(number))
    events.extend(log)
    events.extend(score_table(replay_table(events)))
    game_id = game_id or f"{map_name}-{number}"
    records = [_record(game_id, i + 1, event) for i, event in enumerate(events)]
    if unknown_event:
        at = len(records) - 1
        records.insert(at, {
            **records[at], "type": "confetti_thrown", "schema_version": 3,
            "actor": {"kind": "system", "name": "party"},
            "data": {"colors": ["gold"], "amount": 3}, "hidden": [],
        })
        for i, r in enumerate(records):
            r["version"] = i + 1
    return FinishedGame(game_id, map_name, players, records)


_START = 1_795_424_400  # 2026-11-23T09:00:00Z


def _record(game_id: str, version: int, event: Any) -> dict[str, Any]:
    data = event.as_dict()
    kind = data.pop("type")
    if kind in ("game_created",):
        actor: dict[str, Any] = {"kind": "user", "user_id": data["created_by"]}
    elif kind in ("seat_taken", "seat_left"):
        actor = {"kind": "user", "user_id": data["user_id"]}
    elif kind == "game_scored":
        actor = {"kind": "system", "name": "scoring"}
    elif event.actor is not None:
        actor = {"kind": "seat", "seat": event.actor}
    else:
        actor = {"kind": "system", "name": "game"}
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(_START + version * 7))
    return {"game_id": game_id, "version": version, "position": 10_000 + version,
            "type": kind, "schema_version": 1, "recorded_at": f"{stamp}.{version % 10**6:06d}Z",
            "actor": actor, "data": data, "hidden": []}


# -- the stand-in for the API ----------------------------------------------------------

CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".css": "text/css; charset=utf-8", ".json": "application/json",
                 ".svg": "image/svg+xml", ".png": "image/png"}


class _Served:
    """A server (`self.httpd`, made by the subclass) answering on a thread while the
    `with` block runs."""

    httpd: Any

    def _serve(self, httpd: Any) -> None:
        self.httpd = httpd
        self.thread = threading.Thread(target=httpd.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)


class ReplayServer(_Served):
    """Serves what the real app will: the page at /games/{id}/replay, /static/... (at
    the unversioned addresses the page's file names), its manifest,
    /v1/maps/{map} and /v1/games/{id}/export, on 127.0.0.1 and a free port."""

    def __init__(self, games: Mapping[str, FinishedGame]) -> None:
        self.games = dict(games)
        self.requests: list[tuple[str, str | None]] = []  # (path, Authorization header)
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                server.requests.append((self.path, self.headers.get("Authorization")))
                status, content_type, body = server.answer(
                    urllib.parse.urlsplit(self.path).path, self.headers.get("Authorization"))
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        httpd.daemon_threads = True
        self._serve(httpd)

    def answer(self, path: str, authorization: str | None) -> tuple[int, str, bytes]:
        from domain.maps import map_entry, map_names
        from service.api.maps import map_view

        parts = [urllib.parse.unquote(p) for p in path.split("/")[1:]]
        if len(parts) == 3 and parts[0] == "games" and parts[2] == "replay":
            return self._file(STATIC / "replay" / "index.html")
        if path == "/manifest.webmanifest":
            from service.api.client_pages import manifest
            return 200, "application/manifest+json", json.dumps(manifest()).encode()
        if parts[:1] == ["static"] and len(parts) > 1:
            target = (STATIC / "/".join(parts[1:])).resolve()
            if STATIC.resolve() in target.parents and target.is_file():
                return self._file(target)
            return self._problem(404, "Not Found", f"No file {path}.")
        if parts[:2] == ["v1", "maps"] and len(parts) == 3:
            if parts[2] not in map_names():
                return self._problem(404, "Not Found", f"There is no map {parts[2]!r}.")
            # the board as `GET /v1/maps/{map}` serves it, rules included
            body = json.dumps(map_view(map_entry(parts[2])), ensure_ascii=False).encode()
            return 200, "application/json", body
        if parts[:2] == ["v1", "games"] and len(parts) == 4 and parts[3] == "export":
            game = self.games.get(parts[2])
            if game is None:
                return self._problem(404, "Not Found", f"There is no game {parts[2]!r}.")
            if game.token is not None and authorization != f"Bearer {game.token}":
                return self._problem(401, "Unauthorized", "This game is private: sign in.")
            return 200, "application/x-ndjson", game.ndjson()
        return self._problem(404, "Not Found", f"Nothing at {path}.")

    @staticmethod
    def _file(path: Path) -> tuple[int, str, bytes]:
        return 200, CONTENT_TYPES.get(path.suffix, "application/octet-stream"), path.read_bytes()

    @staticmethod
    def _problem(status: int, title: str, detail: str) -> tuple[int, str, bytes]:
        body = {"type": "about:blank", "title": title, "status": status, "detail": detail}
        return status, "application/problem+json", json.dumps(body).encode()


class AppServer(_Served):
    """The real app (`service.app.create_app`) on a SQLite file in `folder`, with `games`
    imported through ``POST /v1/games/import``, served on 127.0.0.1 and a free port;
    `settings`: more fields of its `HttpSettings`."""

    ADMIN_TOKEN = "replay-viewer-admin"

    def __init__(self, folder: Path, games: list[FinishedGame], **settings: Any) -> None:
        from werkzeug.serving import WSGIRequestHandler, make_server

        from bootstrap.web import create_app
        from service.config import HttpSettings, Settings

        self.app = create_app(Settings(database_url=f"sqlite:///{folder / 'replay.sqlite3'}",
                                       analysis_budget=0.0),
                              http=HttpSettings(admin_token=self.ADMIN_TOKEN, **settings))
        client = self.app.test_client()
        for game in games:
            response = client.post("/v1/games/import", data=game.ndjson(), headers={
                "Authorization": f"Bearer {self.ADMIN_TOKEN}",
                "Content-Type": "application/x-ndjson"})
            if response.status_code != 201:
                raise RuntimeError(f"import of {game.game_id}: {response.status_code} "
                                   f"{response.get_data(as_text=True)[:500]}")

        class Quiet(WSGIRequestHandler):
            def log_request(self, *args: Any, **kwargs: Any) -> None:
                pass

        self._serve(make_server("127.0.0.1", 0, self.app, threaded=True,
                                request_handler=Quiet))


if __name__ == "__main__":
    import sys

    if sys.argv[1:] != ["layouts"]:
        sys.exit("usage: python -m tests.replay_fixtures layouts")
    write_layouts()
