"""The web client's credential, in Chromium against `ttr serve`: the page trades its
token for a session cookie that no script can read (HttpOnly, Secure, SameSite=Strict;
Chromium keeps a Secure cookie for http://127.0.0.1, a secure context), keeps no token
in its storage, trades a token an older page stored there once, and signing out ends
the session on the server too.
"""

from __future__ import annotations

import json
import urllib.error
from collections.abc import Iterator
from typing import Any

import pytest

from service.web_session import COOKIE
from tests.web_client_support import READY, Server, serve


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("web-session")) as running:
        yield running


def _signed_up(chromium: Any, server: Server, name: str) -> Any:
    page = chromium.new_context().new_page()
    page.goto(server.origin + "/")
    page.wait_for_function(READY)
    page.fill("#signup-name", name)
    page.press("#signup-name", "Enter")
    page.wait_for_selector("#new-game")
    return page


def _session_cookie(page: Any) -> dict[str, Any]:
    cookies = [c for c in page.context.cookies() if c["name"] == COOKIE]
    assert len(cookies) == 1, page.context.cookies()
    cookie: dict[str, Any] = cookies[0]
    return cookie


def _stored(page: Any) -> dict[str, str]:
    stored: dict[str, str] = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    return stored


def _status(server: Server, path: str, token: str) -> int:
    try:
        server.api("GET", path, token=token)
    except urllib.error.HTTPError as error:
        return error.code
    return 200


def test_signing_up_keeps_the_credential_in_a_cookie_no_script_can_read(
        server: Server, chromium: Any) -> None:
    page = _signed_up(chromium, server, "Ada")
    cookie = _session_cookie(page)
    assert (cookie["httpOnly"], cookie["secure"], cookie["sameSite"], cookie["path"]) == \
        (True, True, "Strict", "/")
    assert COOKIE not in page.evaluate("document.cookie")
    assert _status(server, "/v1/users/me", cookie["value"]) == 200  # it is the credential
    page.context.close()


def test_the_page_stores_no_token(server: Server, chromium: Any) -> None:
    page = _signed_up(chromium, server, "Bea")
    secret = _session_cookie(page)["value"]
    stored = _stored(page)
    assert stored, "the page remembers that it signed in"
    assert not [k for k, v in stored.items() if "ttr_" in v or secret in v], stored
    page.context.close()


def test_the_page_sends_no_authorization_header_once_signed_in(
        server: Server, chromium: Any) -> None:
    page = _signed_up(chromium, server, "Cyd")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if "authorization" in r.headers else None)
    page.reload()
    page.wait_for_selector("#new-game")
    page.press("#create-game", "Enter")
    page.wait_for_selector("#invite-link")
    assert sent == []
    page.context.close()


def test_a_token_an_older_page_kept_is_traded_for_a_session_once(
        server: Server, chromium: Any) -> None:
    token = server.user("Dora")
    page = chromium.new_context().new_page()
    page.goto(server.origin + "/")
    page.wait_for_function(READY)
    page.evaluate(f"localStorage.setItem('ttr.token', {json.dumps(token)})")
    page.reload()
    page.wait_for_selector("#me")
    assert "Dora" in page.inner_text("#me")
    assert page.evaluate("localStorage.getItem('ttr.token')") is None
    assert _session_cookie(page)["value"] != token  # a session of its own, not the token
    page.context.close()


def test_signing_out_ends_the_session_on_the_server_and_drops_the_cookie(
        server: Server, chromium: Any) -> None:
    page = _signed_up(chromium, server, "Eve")
    secret = _session_cookie(page)["value"]
    page.press("#sign-out", "Enter")
    page.wait_for_selector("#signup-name")
    page.wait_for_function("() => !document.getElementById('me')")
    assert [c for c in page.context.cookies() if c["name"] == COOKIE] == []
    assert _status(server, "/v1/users/me", secret) == 401
    page.reload()
    page.wait_for_selector("#signup-name")  # a visitor again after a reload
    page.context.close()


def test_a_session_ended_elsewhere_leaves_the_page_a_visitors(
        server: Server, chromium: Any) -> None:
    page = _signed_up(chromium, server, "Fay")
    secret = _session_cookie(page)["value"]
    session = server.api("GET", "/v1/users/me/tokens", token=secret)["tokens"][-1]
    assert session["name"] == "web session"
    server.api("DELETE", f"/v1/users/me/tokens/{session['id']}", token=secret)
    page.reload()
    page.wait_for_selector("#signup-name")
    assert [c for c in page.context.cookies() if c["name"] == COOKIE] == []
    page.context.close()
