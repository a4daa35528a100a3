"""The web client's addresses all answer its one page (`static/app/index.html`), whose
modules read the address: the lobby, sign-in and invite links, a table, a player's
profile and a map's leaderboard."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

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
        assert response.get_data(as_text=True) == INDEX
        assert response.headers["Cache-Control"] == "no-cache"


def test_an_address_the_client_does_not_have_is_not_found(app: Flask) -> None:
    assert app.test_client().get("/players").status_code == 404
