"""The web client's pages: the lobby at `/`, a sign-in link (`/signin#token=…`), an invite
link (`/join/{game_id}#invite=…`), a table (`/play/{game_id}`), a player's profile
(`/players/{user_id}`) and a map's leaderboard (`/leaderboards/{map}`) all answer the
same page (`static/app/index.html`), whose modules read the address and call the public
API. The fragments (`#token=`, `#invite=`) never reach the server."""

from __future__ import annotations

from pathlib import Path

from flask import Flask, Response, send_from_directory

CLIENT = Path(__file__).resolve().parent.parent / "static" / "app"


def client_page(**_: str) -> Response:
    response = send_from_directory(CLIENT, "index.html", max_age=0)
    # the page names no secret, but a shared computer's cache should not keep one around
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


ROUTES = ("/", "/signin", "/join/<game_id>", "/play/<game_id>", "/players/<user_id>",
          "/leaderboards/<map_name>")


def register_client_pages(app: Flask) -> None:
    for rule in ROUTES:
        app.add_url_rule(rule, f"client_page:{rule}", client_page, methods=["GET"])
