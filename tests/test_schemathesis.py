"""schemathesis against openapi.yaml: generated requests to every operation, with a
valid token, must never produce a server error, and every response must match the
contract (status, headers, content type, body).

The app is built when the module is collected: schemathesis needs the schema then
(its fixture-based loader does not work with this pytest).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from tests.api_support import make_app
from tests.test_worker_helpers import RecordingJobs

_SCRATCH = tempfile.TemporaryDirectory(prefix="ttr-fuzz-")
# Jobs only written down: a fuzzed webhook URL must not be called (nor a game scored
# in the background while the fuzzer reads it).
APP = make_app(f"sqlite:///{Path(_SCRATCH.name) / 'fuzz.sqlite3'}",
               extra={"jobs": RecordingJobs()})
_http = APP.test_client()
TOKEN = _http.post("/v1/users", json={"name": "Fuzzer"}).json["token"]  # type: ignore[index]
GAME = _http.post("/v1/games", json={"map": "europe", "seats": 3},
                  headers={"Authorization": f"Bearer {TOKEN}"}).json["id"]  # type: ignore[index]

schema = schemathesis.openapi.from_wsgi("/openapi.yaml", APP)


@schemathesis.serializer("application/x-ndjson")
def _ndjson(context: Any, value: Any) -> bytes:
    # exports are sent as text: whatever was generated, as one line of it
    return (value if isinstance(value, str) else str(value)).encode()


@schema.auth()
class Bearer:
    def get(self, case: Any, context: Any) -> str:
        return str(TOKEN)

    def set(self, case: Any, data: str, context: Any) -> None:
        case.headers = case.headers or {}
        case.headers.setdefault("Authorization", f"Bearer {data}")
        # aim half of the requests at a real game, not only at random ids
        parameters = case.path_parameters or {}
        if "game_id" in parameters and hash(str(parameters)) % 2 == 0:
            parameters["game_id"] = GAME


@pytest.fixture(scope="module", autouse=True)
def _close_the_app() -> Iterator[None]:
    yield
    APP.extensions["ttr"].close()
    _SCRATCH.cleanup()


@schema.parametrize()
@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_no_request_breaks_the_server_or_the_contract(case: Any) -> None:
    excluded = []
    if case.media_type == "application/x-ndjson":
        # an export is any text: no generated body is "invalid" for it, and a body that
        # does not verify gets a verdict (200, ok false) or a problem, never a crash
        excluded.append(schemathesis.checks.negative_data_rejection)
    if case.path == "/v1/games/import":
        # OPTIONS on this path also matches GET /v1/games/{game_id} (a game called
        # "import" - which cannot exist), so Allow lists GET too
        excluded.append(schemathesis.checks.allow_header_conformance)
    case.call_and_validate(excluded_checks=excluded)
