"""Push notifications in the web client (Chromium): on their own profile a player turns
them on; the page asks for permission, registers the service worker at the site's root
and subscribes with the server's VAPID key. The browser's own push service cannot be
reached from these machines, so the subscription the server keeps here is one the test
posts from the page in the browser's own format; and a push handed to the service
worker (through DevTools, as the push service would) shows the notice."""

from __future__ import annotations

import base64
import json
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from service.api.client_pages import CLIENT
from tests.api_support import Client
from tests.replay_fixtures import AppServer

# every call the page makes to pushManager.subscribe, with the key it passes, before the
# call goes on to the browser's own (which fails here: no push service to reach)
RECORD_SUBSCRIBE = """(() => {
  window.subscribeCalls = [];
  if (!window.PushManager) return;
  const subscribe = PushManager.prototype.subscribe;
  PushManager.prototype.subscribe = function (options) {
    const key = options && options.applicationServerKey;
    window.subscribeCalls.push({ userVisibleOnly: Boolean(options && options.userVisibleOnly),
      key: key ? Array.from(new Uint8Array(key.buffer ? key.buffer : key)) : null });
    return subscribe.call(this, options);
  };
})();"""


@dataclass
class Site:
    server: AppServer
    token: str
    user_id: str
    key: bytes  # the server's VAPID public key

    @property
    def store(self) -> Any:
        return self.server.app.extensions["ttr"].store


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with AppServer(tmp_path_factory.mktemp("push"), []) as server:
        client = Client(server.app, checking=False)
        token = client.new_user("Ada")
        user_id = client.get("/v1/users/me", token=token).json["id"]  # type: ignore[index]
        public = client.get("/v1/push-key").json["public_key"]  # type: ignore[index]
        yield Site(server, token, user_id,
                   base64.urlsafe_b64decode(public + "=" * (-len(public) % 4)))


@pytest.fixture(scope="module")
def page(chromium: Any, site: Site) -> Iterator[Any]:
    """Ada's browser, notifications allowed for the site, on her own profile."""
    context = chromium.new_context()
    context.grant_permissions(["notifications"], origin=site.server.origin)
    context.add_init_script(RECORD_SUBSCRIBE)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{site.server.origin}/signin#token={site.token}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    page.goto(f"{site.server.origin}/players/{site.user_id}")
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
    yield page
    assert page.errors == []
    context.close()


def browser_subscription() -> dict[str, Any]:
    """What `PushSubscription.toJSON()` gives, with keys made as a browser makes them."""
    key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)

    def b64(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    return {"endpoint": f"https://fcm.googleapis.com/fcm/send/{secrets.token_hex(8)}",
            "expirationTime": None,
            "keys": {"p256dh": b64(key), "auth": b64(secrets.token_bytes(16))}}


def test_turning_push_on_registers_the_worker_and_subscribes_with_the_servers_key(
        page: Any, site: Site) -> None:
    assert page.locator("#push-toggle").get_attribute("data-state") == "off"
    page.click("#push-toggle")
    page.wait_for_function("() => window.subscribeCalls.length > 0")
    (call,) = page.evaluate("window.subscribeCalls")
    assert call["userVisibleOnly"] is True
    assert bytes(call["key"]) == site.key
    worker = page.evaluate("""async () => {
      const r = await navigator.serviceWorker.getRegistration('/');
      const w = r && (r.active || r.waiting || r.installing);
      return r && { scope: r.scope, script: w && w.scriptURL };
    }""")
    assert worker == {"scope": site.server.origin + "/", "script": site.server.origin + "/sw.js"}
    # here the browser's push service is out of reach: the page says so, and keeps nothing
    page.wait_for_function(
        "() => ['failed', 'on'].includes(document.querySelector('#push-toggle').dataset.state)")
    state = page.locator("#push-toggle").get_attribute("data-state")
    words = json.loads((CLIENT / "i18n" / "en.json").read_text(encoding="utf-8"))
    assert page.locator("#push-status").inner_text() == words[f"push_{state}"]


def test_a_subscription_in_the_browsers_format_posted_by_the_page_is_kept(
        page: Any, site: Site) -> None:
    sent = browser_subscription()
    status, body = page.evaluate("""async (sub) => {
      const r = await fetch('/v1/users/me/push-subscriptions', { method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-TTR-Client': 'web' },
        body: JSON.stringify(sub) });
      return [r.status, await r.json()];
    }""", sent)
    assert status == 201, body
    kept = site.store.push_subscriptions_of(site.user_id)
    assert [(s.subscription_id, s.endpoint, s.p256dh, s.auth) for s in kept] == [
        (body["id"], sent["endpoint"], sent["keys"]["p256dh"], sent["keys"]["auth"])]


def test_a_push_to_the_worker_shows_the_notice_linking_to_the_table(
        page: Any, site: Site) -> None:
    # registered as the page registers it (again, if the first test did: the same one)
    page.evaluate("navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => 1)")
    page.wait_for_function("""async () => {
      const r = await navigator.serviceWorker.getRegistration('/');
      return Boolean(r && r.active);
    }""")
    # DevTools hands the worker a push as the push service would
    cdp = page.context.new_cdp_session(page)
    seen: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: seen.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    ids: list[str] = []
    for _ in range(100):  # the registrations are reported as events, soon after
        ids = [r["registrationId"] for r in seen if r["scopeURL"] == site.server.origin + "/"]
        if ids:
            break
        page.wait_for_timeout(50)
    assert ids, seen
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": site.server.origin, "registrationId": ids[0],
        "data": '{"title": "Your turn", "body": "Europe, against Bea", '
                '"url": "/play/g_1", "tag": "notice-1"}'})
    # (read in the same call that finds it: once, under a loaded machine, a second call
    # found the list empty again)
    shown = page.wait_for_function("""async () => {
      const r = await navigator.serviceWorker.getRegistration('/');
      const found = (await r.getNotifications()).map((n) => [n.title, n.body, n.tag, n.data.url]);
      return found.length > 0 ? found : null;
    }""").json_value()
    assert shown == [["Your turn", "Europe, against Bea", "notice-1", "/play/g_1"]]


def test_the_worker_is_served_from_the_root_as_a_script_that_may_load_nothing(
        site: Site) -> None:
    import urllib.request

    with urllib.request.urlopen(site.server.origin + "/sw.js", timeout=10) as answer:
        assert answer.headers["Content-Type"].startswith("text/javascript")
        assert "default-src 'none'" in answer.headers["Content-Security-Policy"]
        assert answer.read() == (CLIENT / "sw.js").read_bytes()
