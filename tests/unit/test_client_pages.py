"""The web client's addresses all answer its one page (`static/app/index.html`), whose
modules read the address: the lobby, sign-in and invite links, a table, a player's
profile and a map's leaderboard. The page carries the bot levels the server accepts."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from domain.stand_ins import BOT_LEVELS
from events import MEMORY_URL
from tests.api_support import make_app

INDEX = (Path(__file__).resolve().parents[2] / "service" / "static" / "app" / "index.html"
         ).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL)
    yield app
    app.extensions["ttr"].close()


@pytest.mark.parametrize("address", [
    "/", "/signin", "/join/g_1", "/play/g_1", "/players/u_1", "/leaderboards/usa"])
def test_every_address_of_the_web_client_answers_its_page(app: Flask, address: str) -> None:
    with app.test_client().get(address) as response:
        assert response.status_code == 200
        page = _as_written(response.get_data(as_text=True))
        assert _without_page_data(page) == _without_page_data(INDEX)
        assert response.headers["Cache-Control"] == "no-cache"


def _as_written(page: str) -> str:
    """A page served as its file is written: its files' addresses without their version,
    without the modulepreload links of its address and the early reads' inline script,
    and main.js itself where its bundle is named."""
    page = re.sub(r"\n<link rel=\"modulepreload\" href=\"[^\"]+\">", "", page)
    page = re.sub(r"\n<script>.*?</script>", "", page, count=1, flags=re.S)  # early.js
    page = re.sub(r'"/static/[0-9a-f]{16}/', '"/static/', page)
    return page.replace('"/static/bundle/app/main.js"', '"/static/app/main.js"')


def test_an_address_the_client_does_not_have_is_not_found(app: Flask) -> None:
    assert app.test_client().get("/players").status_code == 404


def _page_data(page: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', page)
    assert found is not None, "no #page-data block in the page"
    data: dict[str, object] = json.loads(found.group(1))
    return data


def _without_page_data(page: str) -> str:
    return re.sub(r'(id="page-data">).*?(</script>)', r"\1\2", page)


def test_the_page_lists_the_bot_levels_the_server_accepts_weakest_first(app: Flask) -> None:
    assert _page_data(INDEX) == {}  # the file names none: the client keeps no list of its own
    with app.test_client().get("/") as response:
        assert _page_data(response.get_data(as_text=True))["bot_levels"] == list(BOT_LEVELS)


def test_the_page_is_not_sent_again_while_the_browser_has_it(app: Flask) -> None:
    client = app.test_client()
    etag = client.get("/play/g_1").headers["ETag"]
    assert client.get("/play/g_2", headers={"If-None-Match": etag}).status_code == 304
