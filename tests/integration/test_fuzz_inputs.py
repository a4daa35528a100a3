"""The fuzz target of hostile input, on SQLite and on PostgreSQL, through the real app:
every operation of openapi.yaml gets, in each place it reads input (path ids, query
parameters, headers, the body), the inputs that once caused 500s or slipped through —
numbers beyond any integer or double, NaN and Infinity, NUL, lone surrogates,
control, bidirectional and invisible characters, huge headers, JSON nested too
deeply, values of the wrong type, parameters the operation does not have — from a
fixed corpus, and then bodies and queries generated from the same pieces.

Every answer must be below 500; an answer of 400 to 499 must have changed nothing
(the stores' rows are compared before and after). Deterministic (the generated cases
are derandomized) and quick: aimed at about 20 s for both stores. test_schemathesis.py
checks the contract with well-formed requests; this file, the hostile ones.
"""

from __future__ import annotations

import json
import secrets
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api_support import make_app
from tests.pg_pool import with_search_path
from tests.worker_support import RecordingJobs

ROOT = Path(__file__).absolute().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text())
ADMIN = "fuzz-admin-token"
NDJSON = "application/x-ndjson"

# -- the operations, from the contract --------------------------------------------------------


@dataclass(frozen=True)
class Operation:
    method: str
    path: str  # with {placeholders}
    query: tuple[str, ...]
    body: str | None  # the media type of its body, if it takes one
    properties: tuple[str, ...]  # of its JSON body (every command's, for an action)

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


def operations() -> list[Operation]:
    found = []
    for path, methods in SPEC["paths"].items():
        for method, op in methods.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            query = tuple(p["name"] for p in op.get("parameters", []) if p["in"] == "query")
            content = op.get("requestBody", {}).get("content", {})
            media = next(iter(content), None)
            schema = content.get(media, {}).get("schema", {}) if media else {}
            found.append(Operation(method.upper(), path, query, media,
                                   tuple(sorted(properties_of(schema)))))
    return found


def properties_of(schema: dict[str, Any]) -> set[str]:
    """The property names of a body schema (its `$ref`, each of its `oneOf`)."""
    if "$ref" in schema:
        return properties_of(SPEC["components"]["schemas"][schema["$ref"].split("/")[-1]])
    names = set(schema.get("properties", {}))
    for choice in schema.get("oneOf", []):
        names |= properties_of(choice)
    return names


OPERATIONS = operations()
PROPERTIES = sorted({name for op in OPERATIONS for name in op.properties})

# -- the hostile pieces ------------------------------------------------------------------------

HUGE = "9" * 5000  # beyond the 4,300 digits int() converts
# JSON texts of values (as written: NaN, 1e400 and a lone surrogate have no Python value
# that json.dumps would write)
RAW_VALUES = [HUGE, "-" + HUGE, "1e400", "-1e400", "1" + "0" * 400 + ".5", "NaN", "Infinity",
              "-Infinity", "18446744073709551616", "-9223372036854775809", "1.5", "-1", "0",
              '"\\ud800"', '"a\\udfffb"', '"\\u0000"', '"nul\\u0000byte"', '"\\u001b[31mred"',
              '"\\u202eevil"', '"\\u200d"', '"\\u2066x\\u2069"', '"\\u0007\\u0008\\u007f"',
              '"' + "x" * 20000 + '"', '""', "null", "true", "[]", "{}", '[1, "a", null]',
              '{"a": {"b": [' + HUGE + "]}}", "[" * 3000 + "]" * 3000]
# a few of them, for the operations that take no body and for each body field
SOME_VALUES = [HUGE, "1e400", "NaN", '"\\ud800"', '"nul\\u0000byte"', '"\\u001b[31mred"',
               '"\\u202eevil"', "-1", "null", "[]", "{}", "[" * 3000 + "]" * 3000]
# whole bodies that are not a JSON object of the right shape, or not JSON at all
RAW_BODIES = [*RAW_VALUES, "", "{", '{"a": 1,}', "[" * 200000, '{"a":' * 5000,
              "\ufeff{}", "{}" * 3]
BYTES_BODIES = [b"\xff\xfe\x00\x00", b"\xed\xa0\x80", b"{\"name\": \"\xed\xa0\x80\"}",
                b"\x00" * 100]
# strings for path ids, query values and header values (sent as UTF-8, percent-encoded
# where they go in the URL)
STRINGS = [HUGE, "-" + HUGE, "1e400", "NaN", "-1", "\x00", "a\x00b", "\x1b[31m", "\u202e",
           "\t\r", "..", "x" * 5000, "", "\U0001F600", "null"]
SURROGATE = b"\xed\xa0\x80"  # a lone surrogate as UTF-8 would write it (not valid UTF-8)
HEADERS = ["If-Match", "If-None-Match", "Idempotency-Key", "Last-Event-ID", "Prefer",
           "Authorization", "X-Request-Id", "Content-Type", "Accept"]
HEADER_VALUES = [f'"{HUGE}"', HUGE, f'W/"{HUGE}"', '"-1"', '"1e400"', "*, " * 2000 + '"1"',
                 "\x1b[31m", "\x7f\x01", "Bearer " + "x" * 10000, "Bearer " + HUGE,
                 "x" * 100000, "", "\u00ff\u00fe"]
HEADER_TRIES = 4  # values per header and operation (each header gets others per operation)


# -- the apps ----------------------------------------------------------------------------------

# Everything a request could change (in one query): compared before and after a refusal
FINGERPRINT = "SELECT " + ", ".join(
    f"(SELECT COUNT(*) FROM {table})" for table in (
        "events", "users", "games", "game_players", "idempotency_keys", "webhook_deliveries",
        "webhooks")) + ", (SELECT MAX(updated_at) FROM webhooks)"


@dataclass
class Target:
    app: Flask
    games: dict[str, str]  # waiting, playing, private
    token: str
    last: tuple[Any, ...] = ()  # the fingerprint after the last request

    def fingerprint(self) -> tuple[Any, ...]:
        with self.app.extensions["ttr"].store.reading() as cur:
            cur.execute(FINGERPRINT)
            return tuple(cur.fetchone())


def _target(database_url: str) -> Target:
    app = make_app(database_url, long_poll_max=0.01, jobs=RecordingJobs(), admin_token=ADMIN,
                   accounts_per_address_per_hour=10**6)
    http = app.test_client()

    def post(path: str, token: str | None, body: Any) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = http.post(path, json=body, headers=headers)
        assert answer.status_code < 300, answer.json
        return answer.json

    token = post("/v1/users", None, {"name": "Fuzzer"})["token"]
    other = post("/v1/users", None, {"name": "Opponent"})["token"]
    waiting = post("/v1/games", token, {"map": "europe", "seats": 3})["id"]
    playing = post("/v1/games", token, {"map": "usa", "seats": 2})["id"]
    post(f"/v1/games/{playing}/players", other, {})
    hidden = post("/v1/games", other, {"map": "nordic", "seats": 2, "private": True})["id"]
    http.put("/v1/users/me/webhook", headers={"Authorization": f"Bearer {token}"},
             json={"url": "https://example.com/fuzz", "secret": "s" * 20})
    return Target(app, {"waiting": waiting, "playing": playing, "private": hidden}, token)


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def target(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[Target]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'fuzz.sqlite3'}"
        yield from _serving(url)
        return
    import psycopg

    admin_url: str = request.getfixturevalue("pg_admin_url")
    schema = "fuzzin_" + secrets.token_hex(6)
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield from _serving(with_search_path(admin_url, schema))
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def _serving(url: str) -> Iterator[Target]:
    found = _target(url)
    yield found
    found.app.extensions["ttr"].close()


# -- sending and judging -----------------------------------------------------------------------

def quote(value: str | bytes) -> str:
    return urllib.parse.quote(value, safe="")


def url_of(target: Target, op: Operation, *, path: dict[str, str] | None = None,
           query: list[tuple[str, str | bytes]] | None = None) -> str:
    values = {"game_id": target.games["playing"], "version": "1", "map_name": "usa",
              **(path or {})}
    url = op.path
    for name, value in values.items():
        url = url.replace("{" + name + "}", value)
    if query:
        url += "?" + "&".join(f"{quote(k)}={quote(v)}" for k, v in query)
    return url


def send(target: Target, op: Operation, url: str, *, headers: dict[str, str] | None = None,
         body: str | bytes | None = None, content_type: str | None = None) -> int:
    """Send one request; its status, after checking it is no 5xx and that a refusal
    changed nothing."""
    sent = {"Authorization": f"Bearer {ADMIN if op.path == '/v1/games/import' else target.token}"}
    if body is not None:
        sent["Content-Type"] = content_type or op.body or "application/json"
    sent.update(headers or {})
    before = target.last or target.fingerprint()
    answer = target.app.test_client().open(url, method=op.method, headers=sent, data=body)
    try:
        status = answer.status_code
        text = answer.get_data(as_text=True)[:300] if status >= 500 else ""
    finally:
        answer.close()
    case = f"{op} {url[:120]!r} {str(headers)[:120]} {str(body)[:120]!r}"
    assert status < 500, f"{case} → {status} {text}"
    target.last = target.fingerprint()
    if 400 <= status < 500:
        assert target.last == before, f"{case} → {status} changed something"
    return status


def json_body(prop: str, raw: str) -> str:
    """A body with one property set to a hostile JSON text (next to a plausible base)."""
    return '{"map": "usa", "seats": 2, "type": "draw_card", "name": "Fuzz", "' + prop \
        + '": ' + raw + "}"


# -- the fixed corpus --------------------------------------------------------------------------

@pytest.mark.parametrize("op", OPERATIONS, ids=str)
def test_hostile_path_ids_answer_below_500(target: Target, op: Operation) -> None:
    for name in ("game_id", "map_name", "version"):
        if "{" + name + "}" not in op.path:
            continue
        for value in STRINGS:
            send(target, op, url_of(target, op, path={name: quote(value)}))
        send(target, op, url_of(target, op, path={name: quote(SURROGATE)}))
        send(target, op, url_of(target, op, path={name: target.games["private"]}))


@pytest.mark.parametrize("op", OPERATIONS, ids=str)
def test_hostile_query_values_and_unknown_names_answer_below_500(target: Target,
                                                                 op: Operation) -> None:
    for name in op.query:
        for value in [*STRINGS, SURROGATE]:
            send(target, op, url_of(target, op, query=[(name, value)]))
    for name in ("unknown", "\x00", HUGE, "min_verison"):
        if name not in op.query:
            status = send(target, op, url_of(target, op, query=[(name, "1")]))
            assert status == 400, (op, name, status)


@pytest.mark.parametrize("op", OPERATIONS, ids=str)
def test_hostile_headers_answer_below_500(target: Target, op: Operation) -> None:
    start = OPERATIONS.index(op)
    for n, name in enumerate(HEADERS):
        for k in range(HEADER_TRIES):
            value = HEADER_VALUES[(start + n + k * 3) % len(HEADER_VALUES)]
            send(target, op, url_of(target, op), headers={name: value})


@pytest.mark.parametrize("op", OPERATIONS, ids=str)
def test_hostile_bodies_answer_below_500(target: Target, op: Operation) -> None:
    url = url_of(target, op)
    for raw in RAW_BODIES if op.body else SOME_VALUES:
        send(target, op, url, body=raw)
    for raw_bytes in BYTES_BODIES:
        send(target, op, url, body=raw_bytes)
    for prop in op.properties:
        for raw in SOME_VALUES:
            send(target, op, url, body=json_body(prop, raw), content_type="application/json")
    if op.body == NDJSON:  # a whole game, replayed: a few of the values only
        export = (ROOT / "tests" / "fixtures" / "europe-3p-rules-v1.ndjson").read_text()
        for raw in (HUGE, "NaN", '"\\ud800"', '"\\u0000"', '""', "[]", "null"):
            send(target, op, url, body=export.replace('"P0"', raw, 1))
            send(target, op, url, body=export.replace('"seats": 3', f'"seats": {raw}', 1))


# -- generated cases ---------------------------------------------------------------------------

LEAVES = st.one_of(st.sampled_from(RAW_VALUES[:25]),
                   st.integers().map(str),
                   st.text(st.characters(codec=None, exclude_categories=()), max_size=20)
                   .map(lambda s: json.dumps(s)))


def _compose(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    items = st.tuples(st.sampled_from(PROPERTIES), children)
    return st.one_of(st.lists(children, max_size=4).map(lambda xs: "[" + ",".join(xs) + "]"),
                     st.lists(items, max_size=4).map(
                         lambda kv: "{" + ",".join(f'"{k}":{v}' for k, v in kv) + "}"))


JSON_TEXTS = st.recursive(LEAVES, _compose, max_leaves=12)
GENERATED = settings(max_examples=10, derandomize=True, database=None, deadline=None,
                     suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("op", OPERATIONS, ids=str)
def test_generated_bodies_and_queries_answer_below_500(target: Target, op: Operation) -> None:
    @GENERATED
    @given(body=JSON_TEXTS, prop=st.sampled_from(PROPERTIES),
           query=st.lists(st.tuples(st.sampled_from([*op.query, "extra"]),
                                    st.text(st.characters(codec=None), max_size=30)),
                          max_size=3))
    def attempt(body: str, prop: str, query: list[tuple[str, str]]) -> None:
        encodable = [(k, v.encode("utf-8", "surrogatepass")) for k, v in query]
        url = url_of(target, op, query=encodable)
        whole = body if op.body and prop == PROPERTIES[0] else json_body(prop, body)
        send(target, op, url, body=whole.encode("utf-8", "surrogatepass"),
             content_type="application/json")

    attempt()
