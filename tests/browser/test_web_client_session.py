"""The web client's credential, in Chromium against `ttr serve`: the page trades its
token for a session cookie that no script can read (HttpOnly, Secure, SameSite=Strict;
Chromium keeps a Secure cookie for http://127.0.0.1, a secure context), keeps no token
in its storage, trades a token an older page stored there once, and signing out ends
the session on the server too. Where the cookie cannot be kept (plain HTTP at another
address) the page says so rather than making an account it cannot sign in to.
"""

from __future__ import annotations

import json
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.web_session import COOKIE
from tests.browser_support import CHROMIUM, CHROMIUM_ARGS
from tests.web_client_support import READY, Server, serve

ENGLISH = json.loads((Path(__file__).resolve().parents[2] / "service" / "static" / "app"
                      / "i18n" / "en.json").read_text(encoding="utf-8"))


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


def test_over_plain_http_elsewhere_than_localhost_the_page_says_it_needs_https(
        server: Server, chromium: Any) -> None:
    # a name of the loopback's that is not localhost: no secure context, no Secure cookie
    elsewhere = chromium.browser_type.launch(executable_path=CHROMIUM, args=[
        *CHROMIUM_ARGS, "--host-resolver-rules=MAP ttr.test 127.0.0.1"])
    try:
        page = elsewhere.new_page()
        page.goto(f"http://ttr.test:{server.port}/")
        page.wait_for_function(READY)
        assert page.evaluate("window.isSecureContext") is False
        page.fill("#signup-name", "Gus")
        page.press("#signup-name", "Enter")
        page.wait_for_selector("#signup .error:not([hidden]), .welcome .error:not([hidden])")
        assert page.inner_text(".welcome .error") == ENGLISH["cookie_refused"]
        assert page.locator("#new-game").count() == 0
    finally:
        elsewhere.close()
