"""Web Push in the API: the server's VAPID key for browsers to subscribe with, and the
browsers a player allowed notifications in — added in the Push API's own JSON, checked
(problem+json naming the rule, nothing kept), listed, removed by their owner alone."""

from __future__ import annotations

import base64
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from flask import Flask

from events import MEMORY_URL
from service.push_subscriptions import AUTH_RULE, ENDPOINT_RULE, MAX_PER_USER, P256DH_RULE
from tests.api_support import Client, make_app

PATH = "/v1/users/me/push-subscriptions"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def browser(endpoint: str | None = None) -> dict[str, Any]:
    """A subscription as `PushSubscription.toJSON()` gives it."""
    key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"endpoint": endpoint or f"https://fcm.googleapis.com/fcm/send/{secrets.token_hex(8)}",
            "expirationTime": None,
            "keys": {"p256dh": b64(key), "auth": b64(secrets.token_bytes(16))}}


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    made = make_app(MEMORY_URL)
    yield made
    made.extensions["ttr"].close()


@pytest.fixture(scope="module")
def client(app: Flask) -> Client:
    return Client(app)


def test_the_push_key_is_the_servers_vapid_public_key_in_application_server_key_form(
        client: Client, app: Flask) -> None:
    answer = client.get("/v1/push-key")
    assert answer.status_code == 200
    key = answer.json["public_key"]  # type: ignore[index]
    assert key == app.extensions["ttr"].worker.push.key.public
    point = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
    assert len(point) == 65 and point[0] == 4  # uncompressed P-256, as browsers take it


def test_a_browsers_subscription_is_kept_and_listed_for_its_player_alone(
        client: Client) -> None:
    alice, bea = client.new_user("Alice"), client.new_user("Bea")
    sent = browser()
    made = client.post(PATH, token=alice, json=sent)
    assert made.status_code == 201
    assert made.json["endpoint"] == sent["endpoint"]  # type: ignore[index]
    listed = client.get(PATH, token=alice).json["subscriptions"]  # type: ignore[index]
    assert [s["id"] for s in listed] == [made.json["id"]]  # type: ignore[index]
    assert client.get(PATH, token=bea).json == {"subscriptions": []}


def test_the_same_browser_subscribing_again_replaces_its_keys(client: Client) -> None:
    alice = client.new_user("Alice")
    first = browser()
    again = {**browser(first["endpoint"])}
    made = client.post(PATH, token=alice, json=first)
    redone = client.post(PATH, token=alice, json=again)
    assert redone.status_code == 200
    assert redone.json["id"] == made.json["id"]  # type: ignore[index]
    assert len(client.get(PATH, token=alice).json["subscriptions"]) == 1  # type: ignore[index]


BAD: dict[str, tuple[Any, str, str]] = {
    "http-endpoint": ({"endpoint": "http://push.example.com/s"}, "endpoint", ENDPOINT_RULE),
    "private-endpoint": ({"endpoint": "https://10.1.2.3/s"}, "endpoint", ENDPOINT_RULE),
    "loopback-endpoint": ({"endpoint": "https://127.0.0.1/s"}, "endpoint", ENDPOINT_RULE),
    "credentials-in-endpoint": ({"endpoint": "https://u:p@push.example.com/s"}, "endpoint",
                                ENDPOINT_RULE),
    "key-not-a-point": ({"keys": {"p256dh": b64(b"\x04" + b"\x01" * 64),
                                  "auth": b64(b"a" * 16)}}, "keys.p256dh", P256DH_RULE),
    "key-too-short": ({"keys": {"p256dh": b64(b"\x04" * 33), "auth": b64(b"a" * 16)}},
                      "keys.p256dh", P256DH_RULE),
    "auth-not-16-octets": ({"keys": {"p256dh": None, "auth": b64(b"a" * 8)}}, "keys.auth",
                           AUTH_RULE),
    "auth-not-base64url": ({"keys": {"p256dh": None, "auth": "a+b/c=="}}, "keys.auth",
                           AUTH_RULE),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_what_is_not_a_push_subscription_is_refused_naming_the_rule_and_nothing_kept(
        client: Client, case: str) -> None:
    alice = client.new_user("Alice")
    change, field, rule = BAD[case]
    sent = {**browser(), **change}
    if "keys" in change and change["keys"]["p256dh"] is None:
        sent["keys"] = {**browser()["keys"], "auth": change["keys"]["auth"]}
    answer = client.post(PATH, token=alice, json=sent)
    assert answer.status_code == 400
    assert answer.mimetype == "application/problem+json"
    assert answer.json["errors"] == {field: [rule]}  # type: ignore[index]
    assert client.get(PATH, token=alice).json == {"subscriptions": []}


def test_a_body_missing_the_keys_is_refused_by_the_schema(client: Client) -> None:
    alice = client.new_user("Alice")
    answer = client.post(PATH, token=alice, json={"endpoint": browser()["endpoint"]})
    assert answer.status_code == 400
    assert "keys" in answer.json["errors"]["json"]  # type: ignore[index]


def test_a_player_keeps_a_bounded_number_of_browsers_the_oldest_giving_way(
        client: Client) -> None:
    alice = client.new_user("Alice")
    made = [client.post(PATH, token=alice, json=browser()).json["id"]  # type: ignore[index]
            for _ in range(MAX_PER_USER + 1)]
    kept = [s["id"] for s in client.get(PATH, token=alice).json["subscriptions"]]  # type: ignore[index]
    assert len(kept) == MAX_PER_USER and made[0] not in kept and made[-1] in kept


def test_a_player_removes_their_own_subscription_and_no_one_elses(client: Client) -> None:
    alice, bea = client.new_user("Alice"), client.new_user("Bea")
    sub_id = client.post(PATH, token=alice, json=browser()).json["id"]  # type: ignore[index]
    assert client.request("DELETE", f"{PATH}/{sub_id}", token=bea).status_code == 404
    assert client.request("DELETE", f"{PATH}/{sub_id}", token=alice).status_code == 204
    assert client.get(PATH, token=alice).json == {"subscriptions": []}
    assert client.request("DELETE", f"{PATH}/{sub_id}", token=alice).status_code == 404


def test_subscribing_needs_a_token(client: Client) -> None:
    assert client.post(PATH, json=browser()).status_code == 401


def test_a_server_without_a_vapid_key_offers_no_push(app: Flask, client: Client) -> None:
    services = app.extensions["ttr"]
    kept, services.push_key = services.push_key, None
    try:
        alice = client.new_user("Alice")
        assert client.get("/v1/push-key").status_code == 404
        assert client.post(PATH, token=alice, json=browser()).status_code == 404
    finally:
        services.push_key = kept


def test_closing_the_account_stops_every_push_to_it(app: Flask, client: Client) -> None:
    alice = client.new_user("Alice")
    user_id = client.get("/v1/users/me", token=alice).json["id"]  # type: ignore[index]
    client.post(PATH, token=alice, json=browser())
    assert client.request("DELETE", "/v1/users/me", token=alice).status_code == 204
    assert app.extensions["ttr"].store.push_subscriptions_of(user_id) == []
