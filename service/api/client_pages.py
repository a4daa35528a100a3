"""The web client's pages: the lobby at `/`, a sign-in link (`/signin#code=…`), an invite
link (`/join/{game_id}#invite=…`), an address's verification link
(`/mail/verify#code=…`), a table (`/play/{game_id}`), a player's profile
(`/players/{user_id}`), a map's leaderboard (`/leaderboards/{map}`), the tournaments
(`/tournaments`) and a tournament (`/tournaments/{id}`) all answer the same page
(`static/app/index.html`), whose modules read the address and call the public API.
The fragments (`#code=`, `#invite=`) never reach the server.

`/sw.js` is the service worker that shows pushed notices (Web Push), and
`/manifest.webmanifest` the web app manifest that lets a phone keep the client on its
home screen (with the icons of `static/icons/`, drawn by `tests/icons.py`).

The page names its styles and scripts at their versioned addresses (`service.assets`:
kept by the browser for a year). It runs main.js from its bundle (main.js and every
module it imports, in one file: `service.module_bundles`), and names, as a
`modulepreload` link, the bundle of the page its address shows (`ENTRIES`: the table's
on `/play/…`, the lobby's on `/`), so that it comes at once with the page rather than
after main.js, and no page loads another's. The page itself is `no-cache`: a deploy's
new version reaches it at once.

The page carries what its modules need before their first call, in its `#page-data`
block: the bot levels (`domain.stand_ins.BOT_LEVELS`), so that the client lists the
levels the server accepts and keeps no list of its own.
"""

from __future__ import annotations

import base64
import hashlib
import json
from functools import cache
from pathlib import Path

from flask import Flask, Response, request

from domain.stand_ins import BOT_LEVELS
from service.assets import REVALIDATE, static_assets
from service.headers import PAGE_POLICY
from service.module_bundles import PREFIX as BUNDLE
from service.problems import Problem

CLIENT = Path(__file__).resolve().parent.parent / "static" / "app"
# the empty block the page ships with (its modules read {} when it is opened as a file)
PAGE_DATA = '<script type="application/json" id="page-data">{}</script>'
MAIN = "app/main.js"
MAIN_SCRIPT = f'<script type="module" blocking="render" src="/static/{MAIN}"></script>'
# the page runs main.js and its page's module from their bundles: two files, not one a
# module (index.html names main.js itself, so that it runs as written when opened as a file)
BUNDLE_SCRIPT = f'<script type="module" blocking="render" src="/static/{BUNDLE}{MAIN}"></script>'
# the early reads go right after it, first in the head but for what the page's text needs
VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'
# the module each address's page shows (main.js imports it when it routes there)
LOBBY = "app/lobby.js"
ENTRIES = {"/": LOBBY, "/signin": LOBBY, "/mail/verify": LOBBY, "/join/<game_id>": LOBBY,
           "/play/<game_id>": "app/table.js", "/players/<user_id>": "app/profile.js",
           "/leaderboards/<map_name>": "app/leaderboard.js",
           "/tournaments": "app/tournaments.js",
           "/tournaments/<tournament_id>": "app/tournaments.js"}


def page_data() -> dict[str, object]:
    """What the page's modules read from `#page-data`."""
    return {"bot_levels": list(BOT_LEVELS)}


def preloads(rule: str) -> list[str]:
    """What the page at `rule` loads beyond main.js's bundle: its own module's bundle
    (`service.module_bundles`), as a name under `/static/`."""
    return [BUNDLE + ENTRIES[rule]]


@cache
def early_script() -> str:
    """`static/app/early.js`, as the page carries it inline."""
    return (CLIENT / "early.js").read_text(encoding="utf-8")


@cache
def client_page_policy() -> str:
    """The page's Content-Security-Policy: every page's (`service.headers`), its one
    inline script allowed by its hash (no other inline script runs)."""
    digest = base64.b64encode(hashlib.sha256(early_script().encode("utf-8")).digest()).decode()
    return PAGE_POLICY.replace("script-src 'self'", f"script-src 'self' 'sha256-{digest}'", 1)


@cache
def client_page_text(rule: str = "/") -> str:
    """The client's page for the address `rule`: its `#page-data` filled in, its files
    at their versioned addresses, its own modules preloaded."""
    page = (CLIENT / "index.html").read_text(encoding="utf-8")
    # "<" escaped, so that no value could close the <script> element early
    data = json.dumps(page_data(), ensure_ascii=False).replace("<", "\\u003c")
    page = page.replace(PAGE_DATA, PAGE_DATA.replace("{}", data))
    links = "".join(f'\n<link rel="modulepreload" href="/static/{name}">'
                    for name in preloads(rule))
    page = page.replace(MAIN_SCRIPT, BUNDLE_SCRIPT + links)
    # the first reads, begun before the styles and modules are read (early.js)
    page = page.replace(VIEWPORT, f"{VIEWPORT}\n<script>{early_script()}</script>", 1)
    return static_assets().in_page(page)


def client_page(**_: str) -> Response:
    rule = request.url_rule.rule if request.url_rule is not None else "/"
    response = Response(client_page_text(rule), mimetype="text/html")
    response.headers["Content-Security-Policy"] = client_page_policy()
    # the page names no secret, but a shared computer's cache should not keep one around;
    # and it names the version of every file, which a deploy changes
    response.headers["Cache-Control"] = REVALIDATE
    response.headers["Referrer-Policy"] = "no-referrer"
    response.add_etag()
    response.make_conditional(request)  # (a 304 when the browser's copy is this one)
    return response


ROUTES = tuple(ENTRIES)


def service_worker() -> Response:
    """The service worker that shows pushed notices (`static/app/sw.js`). Served from the
    site's root because a worker's scope is at most its own directory: from here it
    covers every page. Checked for a new version at each registration (no-cache); its
    policy (`service.headers`: a script's) lets it load and fetch nothing."""
    response = Response((CLIENT / "sw.js").read_bytes(), mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    response.make_conditional(request)
    return response


# the manifest's words are the page's own (its <title>, in English: a manifest has one
# language); its colours the client's (service/static/app/app.css: --accent, --paper)
THEME_COLOR = "#0b5cad"
BACKGROUND_COLOR = "#ffffff"
ICONS = (("icons/icon-192.png", "192x192", "any"), ("icons/icon-512.png", "512x512", "any"),
         ("icons/maskable-512.png", "512x512", "maskable"))


def manifest() -> dict[str, object]:
    """The web app manifest: what a phone needs to keep the client on its home screen
    and open it like an app (its own window, the lobby first)."""
    assets = static_assets()
    return {
        "id": "/",
        "name": "Ticket to Ride",
        "short_name": "Ticket Ride",
        "description": "Play Ticket to Ride with friends and bots.",
        "lang": "en",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [{"src": assets.url(name), "sizes": sizes, "type": "image/png",
                   "purpose": purpose} for name, sizes, purpose in ICONS],
    }


def web_manifest() -> Response:
    """`/manifest.webmanifest`: at the root, as the pages link it (its icons' addresses
    carry the version, so it is revalidated like a page)."""
    response = Response(json.dumps(manifest(), ensure_ascii=False),
                        mimetype="application/manifest+json")
    response.headers["Cache-Control"] = REVALIDATE
    response.add_etag()
    response.make_conditional(request)
    return response


def static_file(filename: str) -> Response:
    """`/static/{version}/…` and `/static/…`: `service.assets`."""
    answer = static_assets().answer(filename)
    if answer is None:
        raise Problem("not-found", "There is no such file.")
    return answer


def register_client_pages(app: Flask) -> None:
    for rule in ROUTES:
        app.add_url_rule(rule, f"client_page:{rule}", client_page, methods=["GET"])
    app.add_url_rule("/sw.js", "service_worker", service_worker, methods=["GET"])
    app.add_url_rule("/manifest.webmanifest", "web_manifest", web_manifest, methods=["GET"])
    app.add_url_rule("/static/<path:filename>", "static", static_file, methods=["GET"])
