"""Test clients for the HTTP API: every response they receive is checked against the
OpenAPI contract, and bots that play whole games by picking from `/moves`."""

from __future__ import annotations

import http.client
import json
import os
import random
import subprocess
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flask import Flask
from openapi_core import Config, OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_schema_validator import OAS30Validator
from werkzeug.datastructures import Headers
from werkzeug.test import EnvironBuilder, TestResponse
from werkzeug.wrappers import Request

from bootstrap.web import create_app
from events import SqlStore
from messaging.notify import Notifier
from referee.ports import Clock, Jobs
from referee.settings import settings_from_env
from service.api.pages import build_spec
from service.config import HttpSettings, Settings
from service.problems import PROBLEM_JSON

# rate limits out of the way, for servers started by tests and benchmarks
UNLIMITED = {"TTR_RATE_PER_TOKEN": "1000000", "TTR_BURST_PER_TOKEN": "1000000",
             "TTR_RATE_PER_ADDRESS": "1000000", "TTR_BURST_PER_ADDRESS": "1000000",
             "TTR_ACCOUNTS_PER_ADDRESS_PER_HOUR": "1000000",
             "TTR_CONNECTIONS_PER_ADDRESS": "1000000"}


# the settings `make_app` hands to `HttpSettings` rather than to the application's
HTTP_FIELDS = frozenset(f.name for f in fields(HttpSettings))


NOTIFY = settings_from_env({k: v for k, v in os.environ.items()
                            if k.startswith("TTR_NOTIFY_")})


def make_app(database_url: str, *, store: SqlStore | None = None,
             notifier: Notifier | None = None, jobs: Jobs | None = None,
             clock: Clock | None = None, **settings: Any) -> Flask:
    """The app on `database_url`, embedded jobs; rate limits out of the way unless asked.
    `settings`: fields of the application's `Settings` or of `HttpSettings`, by name.
    `store`, `notifier`, `jobs`, `clock`: adapters of the test's own."""
    settings.setdefault("rate_per_token", 1e6)
    settings.setdefault("burst_per_token", 10**6)
    settings.setdefault("rate_per_address", 1e6)
    settings.setdefault("burst_per_address", 10**6)
    # no computer analysis of the games the tests finish (its own tests ask for it)
    settings.setdefault("analysis_budget", 0.0)
    if settings.get("redis_url") and NOTIFY.notify_redis_url:
        # The suite run with its notifications on a Redis of their own, e.g. the cluster
        # of `python -m tests.redis_cluster`: TTR_NOTIFY_REDIS_URL and
        # TTR_NOTIFY_REDIS_CLUSTER in the environment, which the servers the tests
        # start read too (jobs stay on the tests' one Redis).
        settings.setdefault("notify_redis_url", NOTIFY.notify_redis_url)
        settings.setdefault("notify_redis_cluster", NOTIFY.notify_redis_cluster)
    own = {name: settings.pop(name) for name in list(settings) if name in HTTP_FIELDS}
    return create_app(Settings(database_url=database_url, **settings),
                      http=HttpSettings(**own), store=store, notifier=notifier, jobs=jobs,
                      clock=clock)


class StillClock:
    """A clock that stands where the test puts it (`now`): for what expires."""

    def __init__(self) -> None:
        self.now = datetime(2030, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def app_on(database_url: str, clock: StillClock) -> Iterator[Flask]:
    """The body of an `app` fixture: the app on `database_url` and `clock`, closed
    afterwards."""
    app = make_app(database_url, clock=clock)
    yield app
    app.extensions["ttr"].close()


def wait_until_serving(port: int, server: subprocess.Popen[Any], log: Path,
                       timeout: float = 90, path: str = "/healthz") -> None:
    """Until the server started on `port` answers `path` with 200; fails at once, with
    the end of its `log`, if it exits first or does not answer within `timeout` s (a
    bound for a server that hangs, not a speed: under a full suite on two cores a
    worker took 11 s to import the app, and its first answer came after 30 s)."""
    deadline = time.monotonic() + timeout
    while True:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        try:
            connection.request("GET", path)
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        finally:
            connection.close()
        assert server.poll() is None, f"the server exited:\n{log.read_text()[-3000:]}"
        assert time.monotonic() < deadline, f"no answer on {path}:\n{log.read_text()[-3000:]}"
        time.sleep(0.1)


def stop_server(server: subprocess.Popen[Any], grace: float = 30) -> None:
    """Stops a server a test started: SIGTERM, then SIGKILL if it has not exited within
    `grace` s (gunicorn's own graceful stop can take as long on a busy machine, and a
    server left running would outlive the test)."""
    server.terminate()
    try:
        server.wait(grace)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(10)


class ContractError(AssertionError):
    """A response that the OpenAPI contract does not allow."""


SSE_FIELDS = ("event", "id", "data", "retry")


def sse_fields(block: str) -> dict[str, str]:
    """One Server-Sent Events message's fields, read as SSE reads them (one space after
    the colon dropped, data lines joined with newlines); a comment is `comment`."""
    fields: dict[str, str] = {}
    for line in block.split("\n"):
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "":
            fields["comment"] = value  # `: keep-alive`
        elif name == "data" and name in fields:
            fields[name] += "\n" + value
        else:
            fields[name] = value
    return fields


def split_messages(buffer: str) -> tuple[list[str], str]:
    """The whole SSE messages at the start of `buffer`, and what is left of it."""
    *blocks, rest = buffer.split("\n\n")
    return blocks, rest


def read_sse(response: Any, done: Callable[[list[dict[str, str]]], bool],
             timeout: float = 10.0) -> tuple[str, list[dict[str, str]]]:
    """A streaming test response read until `done(messages so far)` or `timeout`, then
    closed: its text, and its messages (`sse_fields` of each)."""
    text, buffer = "", ""
    messages: list[dict[str, str]] = []
    deadline = time.monotonic() + timeout
    for chunk in response.response:
        part = chunk.decode() if isinstance(chunk, bytes) else chunk
        text += part
        blocks, buffer = split_messages(buffer + part)
        messages += map(sse_fields, blocks)
        if done(messages) or time.monotonic() > deadline:
            break
    response.close()
    return text, messages


def idle(messages: list[dict[str, str]]) -> bool:
    """`read_sse`'s `done` for "until the first keep-alive" (nothing more to send)."""
    return any(m.get("comment") == "keep-alive" for m in messages)


# a stream's messages that are not one event: the game (`snapshot`), a seat's moves
# (`moves`, with `snapshots=each`), as the spec's SSE description says, by schema
WHOLE_MESSAGES = {"snapshot": "Game", "moves": "LegalMoves"}


class CheckedStream:
    """A Server-Sent Events body that holds each message to the contract as it passes:
    its `data` is the schema the spec's SSE description names, its `event:` the event's
    type and its `id:` the event's version (the global position in the user feed)."""

    def __init__(self, chunks: Iterable[Any], schemas: dict[str, OAS30Validator], *,
                 user_feed: bool) -> None:
        self.chunks = chunks
        self.schemas = schemas
        self.user_feed = user_feed
        self.buffer = ""

    def __iter__(self) -> Iterator[Any]:
        for chunk in self.chunks:
            blocks, self.buffer = split_messages(
                self.buffer + (chunk.decode() if isinstance(chunk, bytes) else chunk))
            for block in blocks:
                self.check(block)
            yield chunk
        # the server ended the stream (a test that stops reading early never gets here)
        if self.buffer.strip():
            raise ContractError(f"the stream ended inside a message: {self.buffer[:500]!r}")

    def close(self) -> None:
        close = getattr(self.chunks, "close", None)
        if close is not None:
            close()

    def check(self, block: str) -> None:
        fields = sse_fields(block)
        unknown = set(fields) - {"comment", *SSE_FIELDS}
        if unknown:
            raise ContractError(f"a stream sent fields SSE does not have: {sorted(unknown)}")
        if "data" not in fields:
            return
        data = json.loads(fields["data"])
        event = fields.get("event")
        if event == "spectators":  # (the count, as the spec's SSE description says)
            if set(data) != {"count"} or not isinstance(data["count"], int) or \
                    data["count"] < 0 or "id" in fields:
                raise ContractError(f"a spectators message is not a count: {block[:500]}")
            return
        schema = self.schemas[WHOLE_MESSAGES.get(event or "", "Event")]
        errors = sorted(schema.iter_errors(data), key=str)
        if errors:
            raise ContractError(f"stream message {event}: {errors[0].message}\n{block[:2000]}")
        if event not in WHOLE_MESSAGES:
            expected_id = data["position"] if self.user_feed else data["version"]
            if event != data["type"] or fields.get("id") != str(expected_id):
                raise ContractError(f"stream message's event and id disagree with its data: "
                                    f"{block[:500]}")


# Each spec read once per process: building one and reading it into openapi-core takes
# over half a second, and thousands of tests each start an app whose spec is the same
# as the last one's (told apart by what flask-smorest holds, before it is amended).
_CONTRACTS: dict[str, tuple[OpenAPI, dict[str, Any]]] = {}


def _contract(app: Flask) -> tuple[OpenAPI, dict[str, Any]]:
    """The app's OpenAPI document, read to check against, and as built."""
    held = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    key = json.dumps(held, sort_keys=True, default=str)
    if key not in _CONTRACTS:
        spec = build_spec(app)
        # problem+json is JSON too; an NDJSON export is text (its schema is a string)
        _CONTRACTS[key] = (OpenAPI.from_dict(spec, config=Config(
            extra_media_type_deserializers={PROBLEM_JSON: json.loads,
                                            "application/x-ndjson": bytes.decode})), spec)
    return _CONTRACTS[key]


def contract_of(app: Flask) -> OpenAPI:
    """The app's OpenAPI document, ready to check requests and answers against."""
    return _contract(app)[0]


class Client:
    """A Flask test client that holds every response to the contract."""

    def __init__(self, app: Flask, spec: OpenAPI | None = None, *,
                 checking: bool = True) -> None:
        self.app = app
        # off only where a test plays many games just to have them (four times faster)
        self.checking = checking
        self.http = app.test_client()
        self.spec = spec or contract_of(app)
        self.checked = 0
        self._stream_schemas: dict[str, OAS30Validator] | None = None

    def fork(self) -> Client:
        """Another client of the same app (one per thread), checking against the same spec."""
        return Client(self.app, self.spec)

    def request(self, method: str, path: str, *, token: str | None = None,
                json: Any = None, headers: dict[str, str] | None = None,
                check: bool | None = None, **kwargs: Any) -> TestResponse:
        all_headers = dict(headers or {})
        if token is not None:
            all_headers["Authorization"] = f"Bearer {token}"
        buffered = kwargs.pop("buffered", False)
        builder = EnvironBuilder(path=path, method=method, json=json,
                                 headers=Headers(all_headers), **kwargs)
        response = self.http.open(builder, buffered=buffered)
        if self.checking if check is None else check:
            self.check(response, Request(builder.get_environ()))
        return response

    def check(self, response: TestResponse, sent: Request) -> None:
        if response.mimetype == "text/event-stream":
            # a stream has no end to check: each message is checked as the test reads it
            response.response = CheckedStream(response.response, self.stream_schemas(),
                                              user_feed=sent.path == "/v1/users/me/events")
            self.checked += 1
            return
        request = WerkzeugOpenAPIRequest(sent)
        errors = list(self.spec.iter_response_errors(request, WerkzeugOpenAPIResponse(response)))
        if errors:
            detail = "; ".join(f"{e}: {getattr(e, '__cause__', '')}" for e in errors)
            body = response.get_data(True)[:2000]
            raise ContractError(f"{response.request.method} {response.request.path} → "
                                f"{response.status_code}: {detail}\n{body}")
        self.checked += 1

    def stream_schemas(self) -> dict[str, OAS30Validator]:
        """Validators of a stream's messages: the `snapshot` is the game as in `GET
        /v1/games/{id}`; every other message is an event as in the JSON pages."""
        if self._stream_schemas is None:
            spec = _contract(self.app)[1]
            self._stream_schemas = {
                name: OAS30Validator({"$ref": f"#/components/schemas/{name}",
                                      "components": spec["components"]},
                                     format_checker=OAS30Validator.FORMAT_CHECKER)
                for name in ("Game", "Event", "LegalMoves")}
        return self._stream_schemas

    def get(self, path: str, **kwargs: Any) -> TestResponse:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> TestResponse:
        return self.request("POST", path, **kwargs)

    def new_user(self, name: str = "Player") -> str:
        response = self.post("/v1/users", json={"name": name})
        assert response.status_code == 201, response.json
        token: str = response.json["token"]  # type: ignore[index]
        return token


@dataclass
class Table:
    """A game and its players' tokens, seat by seat."""
    game_id: str
    tokens: list[str]
    created: dict[str, Any] = field(default_factory=dict)


def open_table(client: Client, map_name: str, players: int, **options: Any) -> Table:
    """Create a game and seat `players` users (the game then starts)."""
    tokens = [client.new_user(f"P{i}") for i in range(players)]
    created = client.post("/v1/games", token=tokens[0],
                          json={"map": map_name, "seats": players, **options})
    assert created.status_code == 201, created.json
    body: dict[str, Any] = created.json  # type: ignore[assignment]
    game_id = body["id"]
    for token in tokens[1:]:
        joined = client.post(f"/v1/games/{game_id}/players", token=token, json={})
        assert joined.status_code == 200, joined.json
    return Table(game_id, tokens, body)


def choose(moves: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A bot's choice: claims first (the game ends sooner), never resign."""
    moves = [m for m in moves if m["type"] != "resign"]
    claims = [m for m in moves if m["type"] in ("claim_route", "build_station", "pay_tunnel")]
    if claims and rng.random() < 0.85:
        return rng.choice(claims)
    keeps = [m for m in moves if m["type"] == "keep_tickets"]
    if keeps:
        return min(keeps, key=lambda m: len(m["tickets"]))
    draws = [m for m in moves if m["type"] == "draw_card"]
    if draws and rng.random() < 0.9:
        return rng.choice(draws)
    return rng.choice(moves)


def play_to_the_end(client: Client, table: Table, seed: int = 0,
                    max_actions: int = 5000, *, checked: bool = False) -> int:
    """Play the game with bots picking from `/moves`; returns the number of actions.

    `checked`: hold every answer to the contract (four times slower). Only the tests of
    a whole game over HTTP need it: the others play a game to have it played."""
    rng = random.Random(seed)
    actions = 0
    while actions < max_actions:
        state = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0],
                           check=checked).json
        assert state is not None
        if state["phase"] == "ended":
            return actions
        for seat in state["to_act"]:
            token = table.tokens[seat]
            moves = client.get(f"/v1/games/{table.game_id}/moves", token=token,
                               check=checked).json
            assert moves is not None and moves["moves"], (state, moves)
            move = choose(moves["moves"], rng)
            response = client.post(f"/v1/games/{table.game_id}/actions", token=token,
                                   json=move, check=checked)
            assert response.status_code == 200, (move, response.json)
            actions += 1
    raise AssertionError(f"no end after {max_actions} actions")


def wait_for_score(client: Client, table: Table, timeout: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        response = client.get(f"/v1/games/{table.game_id}/score", token=table.tokens[0])
        if response.status_code == 200:
            body: dict[str, Any] = response.json  # type: ignore[assignment]
            return body
        assert response.status_code == 202, response.json
        assert response.headers["Retry-After"]
        if time.monotonic() > deadline:
            raise AssertionError("the game was not scored in time")
        time.sleep(0.05)


def feed_games(client: Client, token: str, game_id: str, within: float = 10.0) -> set[str]:
    """The games whose events the user's feed (`/v1/users/me/events`) shows, read again
    until `game_id` is among them or `within` seconds have passed. PostgreSQL's feed
    shows an append once every transaction older than it has ended, anywhere in the
    database: with the whole suite writing beside it, a moment after the append's own
    answer, as the contract says a feed may lag."""
    deadline = time.monotonic() + within
    while True:
        feed = client.get("/v1/users/me/events?limit=5000", token=token).json
        assert feed is not None
        games = {e["game_id"] for e in feed["events"]}
        if game_id in games or time.monotonic() > deadline:
            return games
        time.sleep(0.05)
