"""No credential lasts in an address: in Chromium, a private game's replay link and a
sign-in link are opened, and afterwards neither the address bar, nor the tab's
history, nor any request the page made (its URL, its Referer) holds the share or the
code; the page took it out as soon as it had read it. The real app serves the pages
(`tests.replay_fixtures.AppServer`)."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.replay_fixtures import AppServer

READY = "() => ['ready', 'error'].includes(document.body && document.body.dataset.state)"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[AppServer]:
    with AppServer(tmp_path_factory.mktemp("links"), []) as running:
        yield running


def call(server: AppServer, method: str, path: str, body: Any = None,
         token: str | None = None) -> Any:
    """One JSON request of the test's own (never the page's)."""
    request = urllib.request.Request(
        server.origin + path, method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json",
                 **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read() or b"null")


def private_game(server: AppServer) -> tuple[str, str]:
    """A private game of two, started, and its creator's token."""
    alice = call(server, "POST", "/v1/users", {"name": "Alice"})["token"]
    bob = call(server, "POST", "/v1/users", {"name": "Bob"})["token"]
    game = call(server, "POST", "/v1/games", {"map": "nordic", "seats": 2, "private": True},
                alice)
    call(server, "POST", f"/v1/games/{game['id']}/players",
         {"invite_code": game["invite_code"]}, bob)
    return game["id"], alice


class Recorded:
    """Every request a page makes: its URL and its headers."""

    def __init__(self, page: Any) -> None:
        self.requests: list[tuple[str, dict[str, str]]] = []
        page.on("request", lambda r: self.requests.append((r.url, r.all_headers())))

    def holding(self, secret: str) -> list[str]:
        """The requests whose URL or Referer holds `secret`."""
        return [url for url, headers in self.requests
                if secret in url or secret in headers.get("referer", "")]


def history(page: Any) -> list[str]:
    """The addresses of every entry of the tab's history (walked back, then forward to
    where it was)."""
    steps = int(page.evaluate("history.length")) - 1
    urls = [page.url]
    for _ in range(steps):
        page.go_back()
        urls.append(page.url)
    for _ in range(steps):
        page.go_forward()
    return urls


def test_a_replay_link_leaves_its_share_in_no_address_history_or_referer(
        server: AppServer, chromium: Any) -> None:
    game_id, token = private_game(server)
    made = call(server, "POST", f"/v1/games/{game_id}/shares", {}, token)
    capability = made["capability"]
    context = chromium.new_context()
    page = context.new_page()
    recorded = Recorded(page)
    page.goto(server.origin + "/")
    page.goto(server.origin + made["link"])
    page.wait_for_function(READY)
    assert page.evaluate("document.body.dataset.state") == "ready"
    assert page.url == f"{server.origin}/games/{game_id}/replay"
    entries = history(page)
    assert entries[:2] == [page.url, server.origin + "/"]
    assert not [url for url in entries if capability in url]
    exports = [h.get("authorization") for url, h in recorded.requests
               if url.endswith("/export")]
    assert exports == [f"Share {capability}"]
    assert recorded.holding(capability) == []
    assert recorded.holding(token) == []
    context.close()


def test_a_replay_page_reloads_with_the_share_it_kept(server: AppServer,
                                                      chromium: Any) -> None:
    game_id, token = private_game(server)
    made = call(server, "POST", f"/v1/games/{game_id}/shares", {}, token)
    context = chromium.new_context()
    page = context.new_page()
    page.goto(server.origin + made["link"])
    page.wait_for_function(READY)
    page.reload()
    page.wait_for_function(READY)
    assert page.evaluate("document.body.dataset.state") == "ready"
    assert made["capability"] not in page.url
    context.close()


def test_a_revoked_share_shows_no_replay(server: AppServer, chromium: Any) -> None:
    game_id, token = private_game(server)
    made = call(server, "POST", f"/v1/games/{game_id}/shares", {}, token)
    call(server, "DELETE", f"/v1/games/{game_id}/shares/{made['id']}", token=token)
    context = chromium.new_context()
    page = context.new_page()
    page.goto(server.origin + made["link"])
    page.wait_for_function(READY)
    assert page.evaluate("document.body.dataset.state") == "error"
    assert "(401" in page.inner_text("#error")
    context.close()


def test_a_sign_in_link_signs_a_new_browser_in_and_leaves_no_code_behind(
        server: AppServer, chromium: Any) -> None:
    token = call(server, "POST", "/v1/users", {"name": "Carla"})["token"]
    made = call(server, "POST", "/v1/signin-codes", {}, token)
    context = chromium.new_context()
    page = context.new_page()
    recorded = Recorded(page)
    page.goto(server.origin + made["link"])
    page.wait_for_selector("#me")
    assert page.inner_text("#me").endswith("Carla")
    assert page.url == server.origin + "/"
    assert not [url for url in history(page) if made["code"] in url]
    assert recorded.holding(made["code"]) == []
    # the code became this browser's own token, traded for its session: the account
    # now holds the first token, the one the code made, and the session
    names = page.evaluate(
        "() => fetch('/v1/users/me/tokens').then((r) => r.json())"
        ".then((b) => b.tokens.map((t) => t.name))")
    assert len(names) == 3 and "web session" in names
    assert page.evaluate("() => JSON.stringify(localStorage)").count("ttr_") == 0
    context.close()


def test_a_sign_in_link_works_once(server: AppServer, chromium: Any) -> None:
    token = call(server, "POST", "/v1/users", {"name": "Dana"})["token"]
    made = call(server, "POST", "/v1/signin-codes", {}, token)
    first = chromium.new_context()
    first.new_page().goto(server.origin + made["link"])
    first.pages[0].wait_for_selector("#me")
    second = chromium.new_context()
    page = second.new_page()
    page.goto(server.origin + made["link"])
    page.wait_for_selector("#signin-failed")
    assert "already used" in page.inner_text("#signin-failed")
    assert page.locator("#me").count() == 0
    assert made["code"] not in page.url
    first.close()
    second.close()


def test_a_sign_in_link_pasted_into_the_sign_in_form_signs_in(server: AppServer,
                                                              chromium: Any) -> None:
    token = call(server, "POST", "/v1/users", {"name": "Ezra"})["token"]
    made = call(server, "POST", "/v1/signin-codes", {}, token)
    context = chromium.new_context()
    page = context.new_page()
    page.goto(server.origin + "/")
    page.click("details summary")
    page.fill("#signin-key", server.origin + made["link"])
    page.press("#signin-key", "Enter")
    page.wait_for_selector("#me")
    assert page.inner_text("#me").endswith("Ezra")
    assert page.evaluate("() => JSON.stringify(localStorage)").count("ttr_") == 0
    context.close()
