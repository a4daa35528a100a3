"""Every page says what a browser may load, run and frame on it, and every answer that
it is what its Content-Type says (`service.headers`); the pages' files hold nothing
that policy would block (no inline script, no style attribute)."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from events import MEMORY_URL
from tests.api_support import make_app

STATIC = Path(__file__).resolve().parents[2] / "service" / "static"
PAGES = ["/", "/signin", "/play/g_1", "/join/g_1", "/players/u_1", "/leaderboards/usa",
         "/games/g_1/replay", "/static/replay/index.html", "/docs", "/problems/forbidden"]
NOT_PAGES = ["/v1/maps", "/v1/maps/usa", "/v1/games/g_1", "/v1/users/me", "/healthz",
             "/openapi.yaml", "/static/app/main.js", "/static/app/app.css",
             "/docs/start.js", "/no/such/thing"]
WANTED = {"script-src": "'self'", "style-src": "'self'", "object-src": "'none'",
          "base-uri": "'none'", "frame-ancestors": "'none'", "default-src": "'none'"}


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL)
    yield app
    app.extensions["ttr"].close()


def _policy(header: str) -> dict[str, str]:
    directives = (d.strip().split(" ", 1) for d in header.split(";") if d.strip())
    return {d[0]: d[1] if len(d) > 1 else "" for d in directives}


def _inline_scripts(html: str) -> list[str]:
    return [body for attrs, body in re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
            if "src=" not in attrs and "application/json" not in attrs]


def _hash(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"


@pytest.mark.parametrize("path", PAGES)
def test_a_page_runs_only_the_origins_scripts_and_styles_and_is_framed_by_nobody(
        app: Flask, path: str) -> None:
    with app.test_client().get(path) as response:
        assert response.mimetype == "text/html", path
        policy = _policy(response.headers["Content-Security-Policy"])
        html = response.get_data(as_text=True)
    # beside the origin's scripts, only the page's own inline scripts, each by its hash
    origin, *hashes = policy["script-src"].split()
    assert (origin, sorted(hashes)) == ("'self'", sorted(_hash(s) for s in _inline_scripts(html)))
    policy["script-src"] = origin
    assert {name: policy.get(name) for name in WANTED} == WANTED
    assert "unsafe" not in " ".join(policy.values())  # no inline script or style, no eval


def test_the_client_page_carries_its_early_reads_inline_and_nothing_else_inline(
        app: Flask) -> None:
    with app.test_client().get("/play/g_1") as response:
        scripts = _inline_scripts(response.get_data(as_text=True))
    assert scripts == [(STATIC / "app" / "early.js").read_text(encoding="utf-8")]


@pytest.mark.parametrize("path", PAGES)
def test_a_page_sends_no_referrer_and_turns_off_what_it_does_not_use(
        app: Flask, path: str) -> None:
    with app.test_client().get(path) as response:
        headers = response.headers
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Frame-Options"] == "DENY"
    assert {"camera=()", "microphone=()", "geolocation=()", "payment=()"} <= \
        set(headers["Permissions-Policy"].split(", "))


@pytest.mark.parametrize("path", PAGES + NOT_PAGES)
def test_no_answer_may_be_sniffed_as_another_type(app: Flask, path: str) -> None:
    with app.test_client().get(path) as response:
        assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("path", NOT_PAGES)
def test_an_answer_that_is_no_page_lets_a_document_made_of_it_run_nothing(
        app: Flask, path: str) -> None:
    with app.test_client().get(path) as response:
        policy = _policy(response.headers["Content-Security-Policy"])
    assert (policy["default-src"], policy["frame-ancestors"]) == ("'none'", "'none'")


def test_a_problem_answer_is_not_sniffed_either(app: Flask) -> None:
    with app.test_client().post("/v1/games", data="{", content_type="application/json") as r:
        assert r.status_code >= 400
        assert r.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("page", sorted(STATIC.rglob("*.html")), ids=lambda p: p.name)
def test_the_page_files_hold_no_inline_script_or_style(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", text, re.S)
    inline = [attrs for attrs, body in scripts
              if body.strip() and 'type="application/json"' not in attrs]
    assert inline == []  # a data block is no script: the CSP does not apply to it
    assert all("src=" in attrs or "application/json" in attrs for attrs, _ in scripts)
    assert re.findall(r"\son[a-z]+\s*=|\sstyle\s*=|<style", text) == []


@pytest.mark.parametrize("module", sorted(STATIC.rglob("*.js")), ids=lambda p: p.name)
def test_the_scripts_set_no_style_attribute_and_eval_nothing(module: Path) -> None:
    text = module.read_text(encoding="utf-8")
    assert re.findall(r"\bstyle\s*:\s*[`'\"]|setAttribute\(\s*['\"]style|style=|"
                      r"\beval\(|new Function\(", text) == []
