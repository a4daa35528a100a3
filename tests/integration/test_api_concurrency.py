"""Clients acting at the same moment, and retries: nothing lost, nothing applied twice."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from messaging.hearsay import Hearsay
from messaging.notify import LocalNotifier
from tests.api_support import Client, Table, make_app, open_table


@pytest.fixture
def app(store_url: str) -> Iterator[Flask]:
    app = make_app(store_url)
    yield app
    app.extensions["ttr"].close()


def at_once(client: Client, calls: list[Callable[[Client], Any]]) -> list[Any]:
    """Run each call in its own thread, all released together."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        own = client.fork()
        barrier.wait()
        results[i] = calls[i](own)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_every_player_choosing_tickets_at_once_is_recorded(app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 5)
    keeps = []
    for token in table.tokens:
        moves = client.get(f"/v1/games/{table.game_id}/moves", token=token).json["moves"]  # type: ignore[index]
        keeps.append(next(m for m in moves if m["type"] == "keep_tickets"))
    responses = at_once(client, [
        (lambda c, t=token, m=move: c.post(f"/v1/games/{table.game_id}/actions", token=t,
                                          json=m))
        for token, move in zip(table.tokens, keeps, strict=True)])
    assert [r.status_code for r in responses] == [200] * 5
    events = app.extensions["ttr"].store.read_stream(table.game_id)
    assert [e.version for e in events] == list(range(1, len(events) + 1))
    assert sum(e.type == "tickets_kept" for e in events) == 5
    view = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
    assert view is not None and view["phase"] == "playing"


def test_two_commands_of_one_player_at_once_are_each_judged_on_the_state_they_meet(
        app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 2)
    for token in table.tokens:
        moves = client.get(f"/v1/games/{table.game_id}/moves", token=token).json["moves"]  # type: ignore[index]
        client.post(f"/v1/games/{table.game_id}/actions", token=token, json=next(
            m for m in moves if m["type"] == "keep_tickets"))
    view = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
    seat = view["turn"]["seat"]  # type: ignore[index]
    token = table.tokens[seat]
    before = app.extensions["ttr"].store.current_version(table.game_id)
    draw = {"type": "draw_tickets"}
    responses = at_once(client, [
        lambda c: c.post(f"/v1/games/{table.game_id}/actions", token=token, json=draw),
        lambda c: c.post(f"/v1/games/{table.game_id}/actions", token=token, json=draw)])
    statuses = sorted(r.status_code for r in responses)
    # the second is decided again on the state after the first: now a keep is due
    assert statuses == [200, 422]
    loser = next(r for r in responses if r.status_code == 422)
    assert loser.json["code"] == "wrong_step"
    events = app.extensions["ttr"].store.read_stream(table.game_id, after=before)
    assert [e.type for e in events] == ["tickets_drawn"]


def test_concurrent_retries_with_one_idempotency_key_act_once(app: Flask,
                                                              client: Client) -> None:
    table = open_table(client, "usa", 2)
    moves = client.get(f"/v1/games/{table.game_id}/moves",
                       token=table.tokens[0]).json["moves"]  # type: ignore[index]
    keep = next(m for m in moves if m["type"] == "keep_tickets")
    before = app.extensions["ttr"].store.current_version(table.game_id)
    responses = at_once(client, [
        (lambda c: c.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[0],
                          json=keep, headers={"Idempotency-Key": "retry-me"}))
        for _ in range(6)])
    assert [r.status_code for r in responses] == [200] * 6
    assert len({r.get_data() for r in responses}) == 1
    assert app.extensions["ttr"].store.current_version(table.game_id) == before + 1


def test_a_retry_after_success_returns_the_first_answer(app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 2)
    moves = client.get(f"/v1/games/{table.game_id}/moves",
                       token=table.tokens[1]).json["moves"]  # type: ignore[index]
    keep = next(m for m in moves if m["type"] == "keep_tickets")
    first = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[1],
                        json=keep, headers={"Idempotency-Key": "once"})
    # the other player acts in between; the retry still gets the first answer
    other = client.get(f"/v1/games/{table.game_id}/moves",
                       token=table.tokens[0]).json["moves"]  # type: ignore[index]
    client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[0],
                json=next(m for m in other if m["type"] == "keep_tickets"))
    version = app.extensions["ttr"].store.current_version(table.game_id)
    again = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[1],
                        json=keep, headers={"Idempotency-Key": "once"})
    assert again.status_code == 200 and again.get_data() == first.get_data()
    assert again.headers["ETag"] == first.headers["ETag"]
    assert app.extensions["ttr"].store.current_version(table.game_id) == version


class _Unheard(Hearsay):
    """Follows every game it is asked about, and hears nothing of them."""

    def game_session(self, game_id: str) -> int | None:
        if super().game_session(game_id) is None:
            self.following(game_id, True)
        return super().game_session(game_id)


class _Deaf(LocalNotifier):
    """A process that believes it hears every change of the games it follows but hears
    none from elsewhere (a notification not yet arrived): its cached states are vouched
    for while stale."""

    def __init__(self) -> None:
        super().__init__()
        self._hearsay = _Unheard()
        self._hearsay.listening(True)

    @property
    def hearsay(self) -> Hearsay | None:
        return self._hearsay


@pytest.fixture
def two_processes(store_url: str) -> Iterator[tuple[Client, Client]]:
    """Two API processes on one store: the first hears nothing of the second's changes."""
    deaf = make_app(store_url, notifier=_Deaf())
    other = make_app(store_url)
    yield Client(deaf), Client(other)
    for app in (deaf, other):
        app.extensions["ttr"].close()


def _started(deaf: Client, other: Client) -> tuple[Table, int]:
    """A 2-player game through `deaf`, tickets kept; the game and the seat to act."""
    table = open_table(deaf, "usa", 2)
    for token in table.tokens:
        moves = deaf.get(f"/v1/games/{table.game_id}/moves", token=token).json["moves"]  # type: ignore[index]
        deaf.post(f"/v1/games/{table.game_id}/actions", token=token,
                  json=next(m for m in moves if m["type"] == "keep_tickets"))
    view = deaf.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
    return table, view["turn"]["seat"]  # type: ignore[index]


def _draw_tickets(client: Client, table: Table, seat: int) -> Any:
    """`seat` asks `client`'s process to draw tickets: the answer."""
    return client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                       json={"type": "draw_tickets"})


def _assert_the_log_ends_with_one_ticket_choice(client: Client, table: Table) -> None:
    """The log has no gap, and the tickets were drawn and kept once."""
    events = client.app.extensions["ttr"].store.read_stream(table.game_id)
    assert [e.version for e in events] == list(range(1, len(events) + 1))
    assert [e.type for e in events[-3:]] == ["tickets_drawn", "tickets_kept", "turn_ended"]


def test_an_action_on_a_state_changed_unheard_elsewhere_is_judged_on_the_log(
        two_processes: tuple[Client, Client]) -> None:
    deaf, other = two_processes
    table, seat = _started(deaf, other)
    path = f"/v1/games/{table.game_id}/actions"
    # the player to act draws tickets through the other process: the turn moves on to a
    # ticket choice the deaf process has not heard of
    drawn = _draw_tickets(other, table, seat)
    assert drawn.status_code == 200
    log = deaf.app.extensions["ttr"].log
    stale = log.vouched(table.game_id)
    assert stale is not None and stale.version == drawn.json["version"] - 1  # type: ignore[index]
    keep = next(m for m in drawn.json["moves"] if m["type"] == "keep_tickets")  # type: ignore[index]
    kept = deaf.post(path, token=table.tokens[seat], json=keep)
    assert kept.status_code == 200, kept.json
    _assert_the_log_ends_with_one_ticket_choice(deaf, table)


def test_an_action_the_unheard_change_forbids_is_refused_and_changes_nothing(
        two_processes: tuple[Client, Client]) -> None:
    deaf, other = two_processes
    table, seat = _started(deaf, other)
    assert _draw_tickets(other, table, seat).status_code == 200
    store = deaf.app.extensions["ttr"].store
    version = store.current_version(table.game_id)
    assert deaf.app.extensions["ttr"].log.vouched(table.game_id).version == version - 1
    # legal on the deaf process's cached state, not on the log's
    again = _draw_tickets(deaf, table, seat)
    assert again.status_code == 422 and again.json["code"] == "wrong_step"  # type: ignore[index]
    assert store.current_version(table.game_id) == version


# -- moves at a version the client has seen ------------------------------------------------

def test_moves_without_a_version_seen_come_from_the_log(
        two_processes: tuple[Client, Client]) -> None:
    deaf, other = two_processes
    table, seat = _started(deaf, other)
    drawn = other.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                       json={"type": "draw_tickets"})
    moves = deaf.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[seat]).json
    assert moves["version"] == drawn.json["version"]  # type: ignore[index]
    assert {m["type"] for m in moves["moves"]} == {"keep_tickets", "resign"}  # type: ignore[index]


def test_moves_at_a_version_the_process_has_not_heard_of_come_from_the_log(
        two_processes: tuple[Client, Client]) -> None:
    deaf, other = two_processes
    table, seat = _started(deaf, other)
    drawn = other.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                       json={"type": "draw_tickets"}).json
    moves = deaf.get(f"/v1/games/{table.game_id}/moves?min_version={drawn['version']}",  # type: ignore[index]
                     token=table.tokens[seat]).json
    assert moves["version"] == drawn["version"]  # type: ignore[index]
    assert {m["type"] for m in moves["moves"]} == {"keep_tickets", "resign"}  # type: ignore[index]


def _held_then_drawn_elsewhere(deaf: Client, other: Client) -> tuple[Table, int, int]:
    """A started game whose version the deaf process holds, then a draw made through the
    other one: the table, the seat that drew, the version held."""
    table, seat = _started(deaf, other)
    held = deaf.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json["version"]  # type: ignore[index]
    other.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
               json={"type": "draw_tickets"})
    return table, seat, held


def test_moves_at_a_version_already_held_come_from_memory_and_say_their_version(
        two_processes: tuple[Client, Client]) -> None:
    table, seat, held = _held_then_drawn_elsewhere(*two_processes)
    deaf, _ = two_processes
    moves = deaf.get(f"/v1/games/{table.game_id}/moves?min_version={held}",
                     token=table.tokens[seat]).json
    # the deaf process has not heard of the draw: the state it holds is as new as asked
    assert moves["version"] == held  # type: ignore[index]
    assert "draw_tickets" in {m["type"] for m in moves["moves"]}  # type: ignore[index]


def test_min_version_read_by_the_documented_parser_still_counts(
        two_processes: tuple[Client, Client]) -> None:
    table, seat, held = _held_then_drawn_elsewhere(*two_processes)
    deaf, _ = two_processes
    # percent-encoded, the query is not the fast path's `min_version=N` (another
    # parameter beside it is refused now: unknown parameters are 400)
    moves = deaf.get(f"/v1/games/{table.game_id}/moves?min_version=%30{held}",
                     token=table.tokens[seat]).json
    # read as alone: from memory, at the version held
    assert moves["version"] == held  # type: ignore[index]


def test_moves_at_a_version_the_game_has_not_reached_are_the_latest(
        app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 2)
    latest = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json["version"]  # type: ignore[index]
    moves = client.get(f"/v1/games/{table.game_id}/moves?min_version={latest + 1000}",
                       token=table.tokens[0]).json
    assert moves["version"] == latest  # type: ignore[index]


@pytest.mark.parametrize("value", ["-1", "soon", "4611686018427387905"])
def test_a_min_version_that_is_no_version_is_refused(app: Flask, client: Client,
                                                     value: str) -> None:
    table = open_table(client, "usa", 2)
    answer = client.get(f"/v1/games/{table.game_id}/moves?min_version={value}",
                        token=table.tokens[0])
    assert answer.status_code == 400
    assert answer.json["type"].endswith("/invalid-request")  # type: ignore[index]


# -- If-Match: a race lost is a precondition failed ---------------------------------------

def _keeps(client: Client, table: Table) -> list[dict[str, Any]]:
    """Each seat's ticket keep (every seat may keep at once)."""
    keeps = []
    for token in table.tokens:
        moves = client.get(f"/v1/games/{table.game_id}/moves", token=token).json["moves"]  # type: ignore[index]
        keeps.append(next(m for m in moves if m["type"] == "keep_tickets"))
    return keeps


def test_an_if_match_beaten_to_the_append_is_a_precondition_failed(
        app: Flask, client: Client, store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = open_table(client, "usa", 2)
    keeps = _keeps(client, table)
    version = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json["version"]  # type: ignore[index]
    other = make_app(store_url)
    store = app.extensions["ttr"].store
    append = store.append

    def beaten(*args: Any, **kwargs: Any) -> Any:
        # after this request has judged the game at `version`: another process acts first
        monkeypatch.setattr(store, "append", append)
        won = Client(other).post(f"/v1/games/{table.game_id}/actions", token=table.tokens[1],
                                 json=keeps[1])
        assert won.status_code == 200
        return append(*args, **kwargs)

    monkeypatch.setattr(store, "append", beaten)
    try:
        lost = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[0],
                           json=keeps[0], headers={"If-Match": f'"{version}"'})
    finally:
        other.extensions["ttr"].close()
    assert lost.status_code == 412, lost.json
    assert lost.json["current_version"] == version + 1  # type: ignore[index]
    events = store.read_stream(table.game_id)
    assert [e.version for e in events] == list(range(1, version + 2))
    assert sum(e.type == "tickets_kept" for e in events) == 1


def test_players_racing_with_if_match_get_one_success_and_only_precondition_failures(
        app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 5)
    waiting = dict(enumerate(_keeps(client, table)))  # seat: its keep, not yet made
    for _ in range(3):  # each round: every player left keeps at once, naming one version
        version = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json["version"]  # type: ignore[index]
        seats = sorted(waiting)
        responses = at_once(client, [
            (lambda c, t=table.tokens[seat], m=waiting[seat], v=version: c.post(
                f"/v1/games/{table.game_id}/actions", token=t, json=m,
                headers={"If-Match": f'"{v}"'}))
            for seat in seats])
        statuses = sorted(r.status_code for r in responses)
        assert statuses == [200] + [412] * (len(seats) - 1)
        del waiting[next(seat for seat, r in zip(seats, responses, strict=True)
                         if r.status_code == 200)]
    events = app.extensions["ttr"].store.read_stream(table.game_id)
    assert [e.version for e in events] == list(range(1, len(events) + 1))
    assert sum(e.type == "tickets_kept" for e in events) == 3


# -- commands guessed on the cache of a game this process does not follow ------------------

def _reads(app: Flask) -> list[str]:
    """The games whose events are read from now on."""
    store = app.extensions["ttr"].store
    reads: list[str] = []
    real = store.read_stream

    def spy(game_id: str, after: int = 0, limit: int | None = None):  # type: ignore[no-untyped-def]
        reads.append(game_id)
        return real(game_id, after, limit)

    store.read_stream = spy
    return reads


def test_an_action_of_a_game_played_through_one_process_reads_no_events(
        app: Flask, client: Client) -> None:
    table, seat = _started(client, client)
    reads = _reads(app)
    drawn = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                        json={"type": "draw_card", "source": "deck"})
    assert drawn.status_code == 200 and drawn.json["events"]  # type: ignore[index]
    assert reads == []


@pytest.fixture
def two_plain_processes(store_url: str) -> Iterator[tuple[Client, Client]]:
    """Two API processes on one store, neither following the games the tests play."""
    apps = make_app(store_url), make_app(store_url)
    yield Client(apps[0]), Client(apps[1])
    for app in apps:
        app.extensions["ttr"].close()


def test_an_action_guessed_on_a_state_changed_elsewhere_is_judged_on_the_log(
        two_plain_processes: tuple[Client, Client]) -> None:
    mine, elsewhere = two_plain_processes
    table, seat = _started(mine, elsewhere)
    path = f"/v1/games/{table.game_id}/actions"
    assert _draw_tickets(elsewhere, table, seat).status_code == 200
    # legal on the state this process last wrote, not on the log's
    again = _draw_tickets(mine, table, seat)
    assert again.status_code == 422 and again.json["code"] == "wrong_step"  # type: ignore[index]
    moves = mine.get(f"{path[:-8]}/moves", token=table.tokens[seat]).json["moves"]  # type: ignore[index]
    kept = mine.post(path, token=table.tokens[seat],
                     json=next(m for m in moves if m["type"] == "keep_tickets"))
    assert kept.status_code == 200
    _assert_the_log_ends_with_one_ticket_choice(mine, table)


def test_moves_asked_for_just_after_an_action_here_read_no_events(
        app: Flask, client: Client) -> None:
    table, seat = _started(client, client)
    path = f"/v1/games/{table.game_id}"
    drawn = client.post(f"{path}/actions", token=table.tokens[seat],
                        json={"type": "draw_tickets"}).json
    reads = _reads(app)
    moves = client.get(f"{path}/moves?min_version={drawn['version']}",  # type: ignore[index]
                       token=table.tokens[seat]).json
    assert moves["version"] == drawn["version"]  # type: ignore[index]
    assert reads == []


def test_moves_at_a_version_held_longer_than_a_moment_come_from_the_log(
        two_plain_processes: tuple[Client, Client], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("service.api.games.MOVES_RECENT_SECONDS", 0.0)
    mine, elsewhere = two_plain_processes
    table, seat = _started(mine, elsewhere)
    path = f"/v1/games/{table.game_id}"
    held = mine.get(path, token=table.tokens[0]).json["version"]  # type: ignore[index]
    drawn = elsewhere.post(f"{path}/actions", token=table.tokens[seat],
                           json={"type": "draw_tickets"}).json
    moves = mine.get(f"{path}/moves?min_version={held}", token=table.tokens[seat]).json
    assert moves["version"] == drawn["version"]  # type: ignore[index]
    assert {m["type"] for m in moves["moves"]} == {"keep_tickets", "resign"}  # type: ignore[index]
