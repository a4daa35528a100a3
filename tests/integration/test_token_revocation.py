"""Revoking a token takes effect in every API process within a second: the processes
are told (Redis pub/sub; in process memory in the embedded mode), not left to wait
out their caches."""

from __future__ import annotations

import time
from pathlib import Path

from flask import Flask

from messaging.notify import LocalNotifier
from service import auth
from tests.api_support import Client, make_app


def revoke_on_one_and_watch_the_other(here: Flask, there: Flask) -> float:
    """Seconds until `there` refuses a token revoked through `here` (fails past half the
    time its cache keeps a token: only being told makes it that soon)."""
    mine, theirs = Client(here), Client(there)
    token = mine.new_user()
    made = mine.post("/v1/users/me/tokens", token=token, json={"name": "bot",
                                                               "scopes": ["read"]})
    secret, token_id = made.json["token"], made.json["id"]  # type: ignore[index]
    assert theirs.get("/v1/users/me", token=secret).status_code == 200  # cached there
    assert mine.request("DELETE", f"/v1/users/me/tokens/{token_id}",
                        token=token).status_code == 204
    started = time.monotonic()
    while theirs.get("/v1/users/me", token=secret).status_code == 200:
        waited = time.monotonic() - started
        assert waited < auth.CACHE_SECONDS / 2, "the other process still takes the revoked token"
        time.sleep(0.01)
    assert theirs.get("/v1/users/me", token=token).status_code == 200
    return time.monotonic() - started


def test_a_token_revoked_through_one_api_process_is_refused_by_another(
        pg_schema_url: str, redis_url: str) -> None:
    here = make_app(pg_schema_url, redis_url=redis_url)
    there = make_app(pg_schema_url, redis_url=redis_url)
    try:
        revoke_on_one_and_watch_the_other(here, there)
    finally:
        here.extensions["ttr"].close()
        there.extensions["ttr"].close()


def test_closing_an_account_through_one_api_process_is_heard_by_another(
        pg_schema_url: str, redis_url: str) -> None:
    here = make_app(pg_schema_url, redis_url=redis_url)
    there = make_app(pg_schema_url, redis_url=redis_url)
    try:
        mine, theirs = Client(here), Client(there)
        token = mine.new_user()
        assert theirs.get("/v1/users/me", token=token).status_code == 200
        assert mine.request("DELETE", "/v1/users/me", token=token).status_code == 204
        started = time.monotonic()
        while theirs.get("/v1/users/me", token=token).status_code == 200:
            assert time.monotonic() - started < auth.CACHE_SECONDS / 2
            time.sleep(0.01)
    finally:
        here.extensions["ttr"].close()
        there.extensions["ttr"].close()


def test_a_token_revoked_in_the_embedded_mode_is_refused_at_once(tmp_path: Path) -> None:
    """The embedded server is one process: its threads share the notifier."""
    notifier = LocalNotifier()
    url = f"sqlite:///{tmp_path / 'embedded.sqlite3'}"
    here = make_app(url, notifier=notifier)
    there = make_app(url, notifier=notifier)
    try:
        revoke_on_one_and_watch_the_other(here, there)
    finally:
        here.extensions["ttr"].close()
        there.extensions["ttr"].close()
