"""schemathesis against openapi.yaml, on SQLite and on PostgreSQL: generated requests to
every operation, with a valid token, must never produce a server error, and every
response must match the contract (status, headers, content type, body).

Half of the requests that name a game are aimed at real ones: a Europe table still
waiting for players, and a North America game in play where the fuzzer holds a seat
(so moves, actions, feeds and states are fuzzed against a live game, whose rules
refuse most of what is generated).

The apps are built when the module is collected: schemathesis needs the schema then
(its fixture-based loader does not work with this pytest).
"""

from __future__ import annotations

import atexit
import secrets
import tempfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.schemas import OpenApiSchema

from tests.api_support import make_app
from tests.conftest import PG_URL, missing
from tests.pg_pool import with_search_path
from tests.worker_support import RecordingJobs

_SCRATCH = tempfile.TemporaryDirectory(prefix="ttr-fuzz-")
_PG_SCHEMA = "fuzz_" + secrets.token_hex(6)


@dataclass
class Target:
    """An app to fuzz, the fuzzer's token there and the games to aim at."""
    app: Flask
    token: str
    games: tuple[str, ...]


def _target(database_url: str) -> Target:
    # Jobs only written down: a fuzzed webhook URL must not be called (nor a game scored
    # in the background while the fuzzer reads it). Long polls short: `wait` is fuzzed.
    # Keys for players' addresses, as a server on PostgreSQL must be given (without, it
    # answers 503 `mail-unavailable` to every address: a setting, not a request, at fault).
    app = make_app(database_url, long_poll_max=0.05, jobs=RecordingJobs(),
                   mail_keys=("fuzz-mail-key-" + "0" * 32,))
    http = app.test_client()

    def post(path: str, token: str | None, body: Any) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = http.post(path, json=body, headers=headers)
        assert response.status_code < 300, response.json
        return response.json

    token = post("/v1/users", None, {"name": "Fuzzer"})["token"]
    waiting = post("/v1/games", token, {"map": "europe", "seats": 3})["id"]
    playing = post("/v1/games", token, {"map": "usa", "seats": 2})["id"]
    other = post("/v1/users", None, {"name": "Opponent"})["token"]
    game = post(f"/v1/games/{playing}/players", other, {})
    for seat_token in (token, other):  # both keep their tickets: the game is in play
        moves = http.get(f"/v1/games/{playing}/moves",
                         headers={"Authorization": f"Bearer {seat_token}"}).json
        assert moves is not None
        post(f"/v1/games/{playing}/actions", seat_token, moves["moves"][0])
    assert game["status"] == "playing"
    return Target(app, token, (waiting, playing))


def _postgresql_url() -> tuple[str | None, str]:
    """A new schema of the test database (dropped when the tests' process exits, even if
    none of these tests runs), or None and why there is none."""
    try:
        with psycopg.connect(PG_URL, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f"CREATE SCHEMA {_PG_SCHEMA}")
    except psycopg.Error as error:
        return None, f"no PostgreSQL schema at TTR_TEST_DATABASE_URL: {error}"
    atexit.register(_drop_schema)
    return with_search_path(PG_URL, _PG_SCHEMA), ""


def _drop_schema() -> None:
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {_PG_SCHEMA} CASCADE")


SQLITE = _target(f"sqlite:///{Path(_SCRATCH.name) / 'fuzz.sqlite3'}")
_pg_url, _NO_POSTGRESQL = _postgresql_url()
POSTGRESQL = _target(_pg_url) if _pg_url is not None else None
TARGETS = [t for t in (SQLITE, POSTGRESQL) if t is not None]


@schemathesis.serializer("application/x-ndjson")
def _ndjson(context: Any, value: Any) -> bytes:
    # exports are sent as text: whatever was generated, as one line of it
    return (value if isinstance(value, str) else str(value)).encode()


def _schema_of(target: Target, *, coverage: bool = True) -> OpenApiSchema:
    schema = schemathesis.openapi.from_wsgi("/openapi.yaml", target.app)
    # The coverage phase's cases are built while the tests are collected, by every
    # pytest-xdist worker: they probe how inputs are read, which no store changes, so
    # they run against one store only, and the other is fuzzed by generated requests.
    schema.config.phases.coverage.enabled = coverage

    @schema.auth()
    class Bearer:
        def get(self, case: Any, context: Any) -> str:
            return target.token

        def set(self, case: Any, data: str, context: Any) -> None:
            case.headers = case.headers or {}
            case.headers.setdefault("Authorization", f"Bearer {data}")
            # the WSGI transport hands the body over as sent: a public answer gzipped
            # for a client that takes it (tests/unit/test_static_assets.py) would be
            # read as text here
            case.headers.setdefault("Accept-Encoding", "identity")
            # aim half of the requests at a real game, not only at random ids
            parameters = case.path_parameters or {}
            if "game_id" in parameters:
                # crc32, not hash(): the same example aims at the same game in every run
                pick = zlib.crc32(str(parameters).encode()) % (2 * len(target.games))
                if pick < len(target.games):
                    parameters["game_id"] = target.games[pick]

    return schema


@pytest.fixture(scope="module", autouse=True)
def _close_the_apps() -> Iterator[None]:
    yield
    for target in TARGETS:
        target.app.extensions["ttr"].close()
    _SCRATCH.cleanup()


def _call_and_validate(case: Any) -> None:
    excluded = []
    if case.media_type == "application/x-ndjson" or case.path == "/v1/verify":
        # an export is any text: no generated body is "invalid" for it, and a body that
        # does not verify (NDJSON or a JSON array) gets a verdict (200, ok false) or a
        # problem, never a crash
        excluded.append(schemathesis.checks.negative_data_rejection)
    if case.path in ("/v1/verify", "/v1/games/import"):
        # an export's events are described by the event schema, but the server also
        # refuses what JSON Schema cannot say of them (a NUL anywhere, keys included:
        # no store can keep one), so a schema-valid export may still be a 400
        excluded.append(schemathesis.checks.positive_data_acceptance)
    if case.path in ("/v1/signin/mail", "/v1/users/me/mail-address",
                     "/v1/users/me/notice-settings"):
        # an address is checked as mail servers see it (422 `invalid-mail-address`), and
        # a time zone must be one the server knows: the contract cannot list those
        # without tying it to one machine's time zone database
        excluded.append(schemathesis.checks.positive_data_acceptance)
    if case.path == "/v1/games/import":
        # OPTIONS on this path also matches GET /v1/games/{game_id} (a game called
        # "import" - which cannot exist), so Allow lists GET too
        excluded.append(schemathesis.checks.allow_header_conformance)
    case.call_and_validate(excluded_checks=excluded)


FUZZ = settings(max_examples=30, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@_schema_of(SQLITE).parametrize()
@FUZZ
def test_no_request_breaks_the_server_or_the_contract_on_sqlite(case: Any) -> None:
    _call_and_validate(case)


# (marked by hand: this test reaches PostgreSQL through the module, not a fixture)
if POSTGRESQL is not None:
    @pytest.mark.postgres
    @_schema_of(POSTGRESQL, coverage=False).parametrize()
    @FUZZ
    def test_no_request_breaks_the_server_or_the_contract_on_postgresql(case: Any) -> None:
        _call_and_validate(case)
else:
    @pytest.mark.postgres
    def test_no_request_breaks_the_server_or_the_contract_on_postgresql() -> None:
        missing(_NO_POSTGRESQL, "postgres")
