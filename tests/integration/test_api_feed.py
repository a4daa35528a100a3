"""The event feeds: pages, long polls that wake when something happens, SSE streams that
start with a snapshot and resume, and streams served by another API process."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from events.store import StoreUnavailable
from tests.api_support import (
    UNLIMITED,
    CheckedStream,
    Client,
    ContractError,
    Table,
    make_app,
    open_table,
    read_sse,
    stop_server,
)
from tests.ports import free_port


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = make_app(f"sqlite:///{tmp_path / 'feed.sqlite3'}", sse_keepalive=0.2)
    yield app
    app.extensions["ttr"].close()


def keep_move(client: Client, table: Table, seat: int) -> dict[str, Any]:
    moves = client.get(f"/v1/games/{table.game_id}/moves",
                       token=table.tokens[seat]).json["moves"]  # type: ignore[index]
    return next(m for m in moves if m["type"] == "keep_tickets")  # type: ignore[no-any-return]


def act_later(client: Client, table: Table, seat: int, delay: float) -> threading.Thread:
    move = keep_move(client, table, seat)
    other = client.fork()

    def act() -> None:
        time.sleep(delay)
        other.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat], json=move)

    thread = threading.Thread(target=act)
    thread.start()
    return thread


def test_a_page_lists_the_events_after_a_version(client: Client) -> None:
    table = open_table(client, "usa", 2)
    page = client.get(f"/v1/games/{table.game_id}/events?after=2",
                      token=table.tokens[0]).json
    assert page is not None and [e["version"] for e in page["events"]] == list(
        range(3, page["version"] + 1))


def test_a_long_poll_answers_as_soon_as_someone_acts(client: Client) -> None:
    table = open_table(client, "usa", 2)
    latest = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json["version"]  # type: ignore[index]
    thread = act_later(client, table, 1, 0.3)
    started = time.monotonic()
    page = client.get(f"/v1/games/{table.game_id}/events?after={latest}&wait=20",
                      token=table.tokens[0]).json
    elapsed = time.monotonic() - started
    thread.join()
    assert page is not None and page["events"][0]["type"] == "tickets_kept"
    assert 0.2 < elapsed < 10


def test_a_long_poll_with_nothing_new_answers_empty_when_its_wait_ends(client: Client) -> None:
    table = open_table(client, "usa", 2)
    latest = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json["version"]  # type: ignore[index]
    started = time.monotonic()
    page = client.get(f"/v1/games/{table.game_id}/events?after={latest}&wait=0.3",
                      token=table.tokens[0]).json
    assert page is not None and page["events"] == []
    assert time.monotonic() - started >= 0.3


def count(n: int) -> Callable[[list[dict[str, str]]], bool]:
    """`read_sse`'s `done` for "until `n` messages"."""
    return lambda messages: len(messages) >= n


def test_a_stream_starts_with_a_snapshot_then_sends_new_events(client: Client) -> None:
    table = open_table(client, "usa", 2)
    acting: list[threading.Thread] = []

    def act_once_the_snapshot_is_in(messages: list[dict[str, str]]) -> bool:
        # (acting after a fixed delay raced the stream's start on a busy machine: the
        # snapshot then already held the move, and nothing new came)
        # (the first message is the stream's `retry:`, sent before the snapshot is
        # read: acting on it let the snapshot hold the move on a busy machine)
        if any(m.get("event") == "snapshot" for m in messages) and not acting:
            acting.append(act_later(client, table, 1, 0.0))
        # (until an event after the snapshot: counting every message, keep-alives as
        # well, stopped before the move came on a busy machine)
        return sum("event" in m for m in messages) >= 2

    response = client.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0],
                          headers={"Accept": "text/event-stream"}, buffered=False)
    messages = [m for m in read_sse(response, act_once_the_snapshot_is_in)[1]
                if "event" in m]
    for thread in acting:
        thread.join()
    assert messages[0]["event"] == "snapshot"
    snapshot = json.loads(messages[0]["data"])
    assert snapshot["you"]["seat"] == 0
    assert messages[1]["event"] == "tickets_kept"
    assert int(messages[1]["id"]) == snapshot["version"] + 1


def test_a_stream_resumes_after_its_last_event_id(client: Client) -> None:
    table = open_table(client, "usa", 2)
    response = client.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0],
                          headers={"Accept": "text/event-stream", "Last-Event-ID": "2"},
                          buffered=False)
    messages = [m for m in read_sse(response, count(4))[1] if "event" in m]
    assert messages[0]["event"] == "snapshot"
    assert [int(m["id"]) for m in messages[1:3]] == [3, 4]


@pytest.mark.parametrize("feed", ["/v1/games/{game_id}/events", "/v1/users/me/events"])
@pytest.mark.parametrize("resume_at", [str(2**63), "99999999999999999999999", "-1", "two"])
def test_a_stream_cannot_resume_after_an_id_no_event_can_have(
        client: Client, feed: str, resume_at: str) -> None:
    table = open_table(client, "usa", 2)
    response = client.get(feed.format(game_id=table.game_id), token=table.tokens[0],
                          headers={"Accept": "text/event-stream", "Last-Event-ID": resume_at})
    assert response.status_code == 400 and response.json is not None
    assert response.json["type"] == "/problems/invalid-request"
    assert "Last-Event-ID" in response.json["detail"]


EVENT = ('{"game_id": "g_1", "version": 5, "position": 9, "type": "tickets_kept", '
         '"schema_version": 1, "recorded_at": "2026-01-01T00:00:00.000000Z", '
         '"actor": {"kind": "seat", "seat": 0}, "data": {"seat": 0, "kept_count": 2, '
         '"returned_count": 1, "returned_to": "bottom", "shuffle": 3}, "hidden": []}')
EXTRA_FIELD = EVENT.replace('"hidden": []', '"hidden": [], "x": 1')
VERSION_AS_TEXT = EVENT.replace('"version": 5', '"version": "5"')
NO_DATA = EVENT.replace('"data": {"seat": 0,', '"data": {"x": 0,')


@pytest.mark.parametrize("message", [
    f"event: tickets_kept\nid: 6\ndata: {EVENT}\n\n",  # id is not the version
    f"event: card_drawn\nid: 5\ndata: {EVENT}\n\n",  # event is not the type
    f"event: tickets_kept\nid: 5\ndata: {EXTRA_FIELD}\n\n",
    f"event: tickets_kept\nid: 5\ndata: {VERSION_AS_TEXT}\n\n",
    f"event: tickets_kept\nid: 5\ndata: {NO_DATA}\n\n",  # its data is not the type's
    f"event: tickets_kept\nid: 5\nname: x\ndata: {EVENT}\n\n",  # no such SSE field
    f"event: tickets_kept\nid: 5\ndata: {EVENT}",  # the stream ends inside it
])
def test_the_contract_check_refuses_a_stream_message_that_breaks_it(
        client: Client, message: str) -> None:
    stream = CheckedStream([message], client.stream_schemas(), user_feed=False)
    with pytest.raises(ContractError):
        list(stream)


def test_the_contract_check_passes_a_message_that_keeps_it(client: Client) -> None:
    game_feed = CheckedStream([f"event: tickets_kept\nid: 5\ndata: {EVENT}\n\n"],
                              client.stream_schemas(), user_feed=False)
    user_feed = CheckedStream([f"event:tickets_kept\nid:9\ndata:{EVENT}\n\n"],
                              client.stream_schemas(), user_feed=True)
    assert len(list(game_feed)) == 1 and len(list(user_feed)) == 1


def test_an_idle_stream_sends_keep_alive_comments(client: Client) -> None:
    table = open_table(client, "usa", 2)
    response = client.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0],
                          headers={"Accept": "text/event-stream"}, buffered=False)
    messages = read_sse(response, count(4))[1]
    assert any(m.get("comment") == "keep-alive" for m in messages)


def test_an_idle_stream_reads_the_log_again_only_after_every_third_keep_alive(
        tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'idle.sqlite3'}", sse_keepalive=0.02)
    client = Client(app)
    table = open_table(client, "usa", 2)
    store = app.extensions["ttr"].store
    reads = 0
    read_the_log = store.read_stream

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal reads
        reads += 1
        return read_the_log(*args, **kwargs)

    store.read_stream = counted
    response = client.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0],
                          headers={"Accept": "text/event-stream"}, buffered=False)
    messages = read_sse(response, count(14))[1]
    keepalives = sum(m.get("comment") == "keep-alive" for m in messages)
    app.extensions["ttr"].close()
    assert keepalives >= 12 and messages[1]["event"] == "snapshot"
    # a look at the log that finds nothing new is one query (the events after the last
    # one sent): one look at the start, then one after each third keep-alive
    assert keepalives // 3 <= reads <= 2 * (2 + keepalives // 3)


def test_a_stream_finds_a_change_whose_notification_never_came(tmp_path: Path) -> None:
    # two apps on one database are two API processes that do not hear each other
    url = f"sqlite:///{tmp_path / 'deaf.sqlite3'}"
    here = make_app(url, sse_keepalive=0.05)
    there = make_app(url)
    table = open_table(Client(there), "usa", 2)
    reader = Client(here)
    acting: list[threading.Thread] = []

    def act_once_the_snapshot_is_in(messages: list[dict[str, str]]) -> bool:
        # (acting 0.3 s after opening raced the stream's start on a loaded machine: the
        # snapshot then held the move, and no event came after it)
        if any(m.get("event") == "snapshot" for m in messages) and not acting:
            acting.append(act_later(Client(there), table, 1, 0.0))
        # (until the move's event, or read_sse's 10 s: a count of 40 keep-alives ran
        # out before the acting thread's move on a loaded CI machine)
        return any(m.get("event") == "tickets_kept" for m in messages)

    response = reader.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0],
                          headers={"Accept": "text/event-stream"}, buffered=False)
    messages = [m for m in read_sse(response, act_once_the_snapshot_is_in)[1] if "event" in m]
    for thread in acting:
        thread.join()
    for app in (here, there):
        app.extensions["ttr"].close()
    assert [m["event"] for m in messages[:2]] == ["snapshot", "tickets_kept"]


def test_the_user_feed_wakes_on_any_of_the_users_games(client: Client) -> None:
    table = open_table(client, "usa", 2)
    other = open_table(client, "nordic", 2)
    position = client.get("/v1/users/me/events?limit=5000",
                          token=table.tokens[1]).json["position"]  # type: ignore[index]
    thread = act_later(client, table, 0, 0.3)
    page = client.get(f"/v1/users/me/events?after={position}&wait=20",
                      token=table.tokens[1]).json
    thread.join()
    assert page is not None and {e["game_id"] for e in page["events"]} == {table.game_id}
    assert other.game_id not in {e["game_id"] for e in page["events"]}


# -- a stream served by another API process -------------------------------------------------


def test_a_stream_in_another_api_process_wakes_on_a_write_here(
        pg_schema_url: str, redis_url: str, tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, **UNLIMITED, "TTR_DATABASE_URL": pg_schema_url,
           "TTR_REDIS_URL": redis_url, "TTR_SSE_KEEPALIVE": "30"}
    log = open(tmp_path / "server.log", "w")  # noqa: SIM115  (closed below)
    server = subprocess.Popen(
        [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{port}",
         "--workers", "2"], env=env, stdout=subprocess.DEVNULL, stderr=log)
    writer = make_app(pg_schema_url, redis_url=redis_url)
    try:
        client = Client(writer)
        table = open_table(client, "usa", 2)
        move = keep_move(client, table, 1)
        deadline = time.monotonic() + 30
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
                connection.request("GET", f"/v1/games/{table.game_id}/events", headers={
                    "Accept": "text/event-stream",
                    "Authorization": f"Bearer {table.tokens[0]}"})
                stream = connection.getresponse()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise AssertionError("the server did not start: " + (
                        tmp_path / "server.log").read_text()[-2000:]) from None
                time.sleep(0.2)
        assert stream.status == 200
        assert stream.readline().startswith(b"retry:")
        stream.readline()
        assert stream.readline().startswith(b"event: snapshot")
        stream.readline()
        stream.readline()
        started = time.monotonic()
        assert client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[1],
                           json=move).status_code == 200
        line = stream.readline()
        # the write happened in this process; the stream's process learnt it at once
        # through Redis, long before its 30 s keep-alive timeout would have re-read
        assert line == b"event: tickets_kept\n"
        assert time.monotonic() - started < 5
        connection.close()
    finally:
        stop_server(server, 3)  # gunicorn waits for open streams; no need to here
        log.close()
        writer.extensions["ttr"].close()


def test_a_stream_ends_cleanly_when_the_database_goes_away(tmp_path: Path) -> None:
    # its answer has begun: it ends, and the client resumes from its Last-Event-ID
    app = make_app(f"sqlite:///{tmp_path / 'away.sqlite3'}", sse_keepalive=0.05)
    client = Client(app)
    table = open_table(client, "usa", 2)
    game_log = app.extensions["ttr"].log

    def away(*args: Any, **kwargs: Any) -> Any:  # the stream's reads, once it has begun
        raise StoreUnavailable("the database went away")

    game_log.load_after = away
    response = client.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0],
                          headers={"Accept": "text/event-stream"}, buffered=False)
    body = b"".join(response.response)  # type: ignore[attr-defined]
    app.extensions["ttr"].close()
    assert b"event: snapshot" in body
