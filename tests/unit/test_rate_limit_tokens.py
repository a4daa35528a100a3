"""Rate limits and tokens: a made-up token gets no bucket of its own (its address's
invalid-token bucket pays), an unknown token is answered cheaply, and every limited
response tells the client its budget. (A flood of made-up tokens against a valid one:
tests/integration/test_token_flood.py.)"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Flask

from events import MEMORY_URL
from tests.api_support import Client, make_app


def limited_app(**limits: Any) -> Flask:
    return make_app(MEMORY_URL, **limits)


def fake() -> str:
    return "ttr_" + secrets.token_urlsafe(32)


def test_a_made_up_token_each_time_is_limited_per_address_as_an_invalid_token() -> None:
    app = limited_app(rate_per_address=0.01, burst_per_address=2)
    client = Client(app)
    responses = [client.get("/v1/users/me", token=fake()) for _ in range(4)]
    assert [r.status_code for r in responses] == [401, 401, 429, 429]
    assert responses[-1].headers["RateLimit-Policy"] == '"invalid-token";q=2;w=200'
    app.extensions["ttr"].close()


def test_a_made_up_token_cannot_send_verify_bodies_past_the_address_limit() -> None:
    app = limited_app(rate_per_address=0.01, burst_per_address=2)
    client = Client(app)
    statuses = [client.post("/v1/verify", token=fake(), data=b"{}\n" * 1000,
                            headers={"Content-Type": "application/x-ndjson"},
                            check=False).status_code for _ in range(4)]
    assert statuses[2:] == [429, 429]
    app.extensions["ttr"].close()


def look_ups(app: Flask) -> list[str]:
    """The token hashes the app's store is asked for from now on (filled as it goes)."""
    store = app.extensions["ttr"].store
    looked_up: list[str] = []
    original = store.token_by_hash

    def counting(digest: str) -> Any:
        looked_up.append(digest)
        return original(digest)

    store.token_by_hash = counting
    return looked_up


def test_a_repeated_unknown_token_costs_one_database_look_up() -> None:
    app = limited_app()
    looked_up = look_ups(app)
    client = Client(app)
    token = fake()
    assert [client.get("/v1/games", token=token).status_code for _ in range(5)] == [401] * 5
    assert len(looked_up) == 1
    app.extensions["ttr"].close()


def test_a_token_whose_mac_fails_is_refused_without_a_look_up() -> None:
    app = limited_app()
    looked_up = look_ups(app)
    client = Client(app)
    made_up = f"ttr_{secrets.token_urlsafe(32)}_{secrets.token_urlsafe(16)}"
    assert client.get("/v1/users/me", token=made_up).status_code == 401
    assert client.get("/v1/users/me", token="not even a token").status_code == 401
    assert looked_up == []
    app.extensions["ttr"].close()


def test_an_unknown_token_is_refused_even_where_no_token_is_needed() -> None:
    app = limited_app()
    refused = Client(app).get("/v1/maps", token=fake())
    assert refused.status_code == 401
    assert 'error="invalid_token"' in refused.headers["WWW-Authenticate"]
    app.extensions["ttr"].close()


def test_a_known_token_is_limited_per_token_not_per_address() -> None:
    app = limited_app(rate_per_address=0.01, burst_per_address=2,
                      rate_per_token=0.01, burst_per_token=5)
    client = Client(app)
    token = client.new_user()  # the address's first request
    statuses = [client.get("/v1/users/me", token=token).status_code for _ in range(6)]
    # the token's look-up too was its own (its MAC said the server made it)
    assert statuses == [200] * 5 + [429]
    assert [client.get("/v1/maps").status_code for _ in range(2)] == [200, 429]
    app.extensions["ttr"].close()


def test_every_limited_response_carries_the_ratelimit_headers() -> None:
    app = limited_app(rate_per_token=50.0, burst_per_token=200,
                      rate_per_address=20.0, burst_per_address=100)
    client = Client(app)
    token = client.new_user()
    ok = client.get("/v1/users/me", token=token)
    assert ok.headers["RateLimit-Policy"] == '"token";q=200;w=4'
    assert ok.headers["RateLimit"].startswith('"token";r=199;t=')
    anonymous = client.get("/v1/maps")
    assert anonymous.headers["RateLimit-Policy"] == '"address";q=100;w=5'
    missing = client.get("/v1/games/g_nothing", token=token)
    assert missing.status_code == 404 and missing.headers["RateLimit"].startswith('"token";r=')
    assert "RateLimit" not in client.get("/healthz", check=False).headers
    app.extensions["ttr"].close()


def test_a_429_says_that_nothing_is_left() -> None:
    app = limited_app(rate_per_address=0.01, burst_per_address=1)
    client = Client(app)
    client.get("/v1/maps")
    refused = client.get("/v1/maps")
    assert refused.status_code == 429
    assert refused.headers["RateLimit-Policy"] == '"address";q=1;w=100'
    assert refused.headers["RateLimit"] == '"address";r=0;t=100'
    app.extensions["ttr"].close()


def test_account_creation_reports_its_own_limit() -> None:
    app = limited_app(accounts_per_address_per_hour=10)
    client = Client(app)
    made = client.post("/v1/users", json={"name": "A"})
    assert made.headers["RateLimit-Policy"] == '"accounts";q=10;w=3600'
    assert made.headers["RateLimit"].startswith('"accounts";r=9;t=')
    app.extensions["ttr"].close()


def test_the_spec_declares_the_ratelimit_headers() -> None:
    from service.api.pages import build_spec

    app = limited_app()
    spec = build_spec(app)
    ok = spec["paths"]["/v1/users/me"]["get"]["responses"]["200"]
    assert set(ok["headers"]) >= {"RateLimit", "RateLimit-Policy"}
    assert set(spec["components"]["responses"]["Problem429"]["headers"]) == {
        "Retry-After", "RateLimit", "RateLimit-Policy"}
    app.extensions["ttr"].close()
