"""The web client's pages: the lobby at `/`, a sign-in link (`/signin#code=…`), an invite
link (`/join/{game_id}#invite=…`), an address's verification link
(`/mail/verify#code=…`), a table (`/play/{game_id}`), a player's profile
(`/players/{user_id}`), a map's leaderboard (`/leaderboards/{map}`), the tournaments
(`/tournaments`) and a tournament (`/tournaments/{id}`) all answer the same page
(`static/app/index.html`), whose modules read the address and call the public API.
The fragments (`#code=`, `#invite=`) never reach the server.

`/sw.js` is the service worker that shows pushed notices (Web Push).

The page carries what its modules need before their first call, in its `#page-data`
block: the bot levels (`domain.stand_ins.BOT_LEVELS`), so that the client lists the
levels the server accepts and keeps no list of its own.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from flask import Flask, Response, request

from domain.stand_ins import BOT_LEVELS

CLIENT = Path(__file__).resolve().parent.parent / "static" / "app"
# the empty block the page ships with (its modules read {} when it is opened as a file)
PAGE_DATA = '<script type="application/json" id="page-data">{}</script>'


def page_data() -> dict[str, object]:
    """What the page's modules read from `#page-data`."""
    return {"bot_levels": list(BOT_LEVELS)}


@cache
def client_page_text() -> str:
    """The client's page with its `#page-data` filled in (the same for every address)."""
    page = (CLIENT / "index.html").read_text(encoding="utf-8")
    # "<" escaped, so that no value could close the <script> element early
    data = json.dumps(page_data(), ensure_ascii=False).replace("<", "\\u003c")
    return page.replace(PAGE_DATA, PAGE_DATA.replace("{}", data))


def client_page(**_: str) -> Response:
    response = Response(client_page_text(), mimetype="text/html")
    # the page names no secret, but a shared computer's cache should not keep one around
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.add_etag()
    response.make_conditional(request)  # (a 304 when the browser's copy is this one)
    return response


ROUTES = ("/", "/signin", "/mail/verify", "/join/<game_id>", "/play/<game_id>",
          "/players/<user_id>", "/leaderboards/<map_name>", "/tournaments",
          "/tournaments/<tournament_id>")


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


def register_client_pages(app: Flask) -> None:
    for rule in ROUTES:
        app.add_url_rule(rule, f"client_page:{rule}", client_page, methods=["GET"])
    app.add_url_rule("/sw.js", "service_worker", service_worker, methods=["GET"])
