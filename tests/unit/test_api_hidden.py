"""Hidden information, endpoint by endpoint: no response ever shows a player another
player's hand or tickets (dealt, drawn or kept), a card someone else drew blind, or the
order of any deck; once the game has ended, everything is shown."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from domain.table import Table as TableState
from events import MEMORY_URL
from events.catalogue import encode
from events.store import Recorded
from tests.api_support import (
    Client,
    Table,
    choose,
    idle,
    make_app,
    open_table,
    play_to_the_end,
    read_sse,
)


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL, sse_keepalive=0.05)
    yield app
    app.extensions["ttr"].close()


@pytest.fixture(scope="module")
def client(app: Flask) -> Client:
    return Client(app)


def play_some(client: Client, table: Table, actions: int, seed: int = 1) -> None:
    """Play `actions` actions with bots that like drawing (blind draws and tickets)."""
    rng = random.Random(seed)
    for _ in range(actions):
        state = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
        assert state is not None and state["phase"] != "ended"
        seat = state["to_act"][0]
        moves = client.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[seat]).json
        assert moves is not None
        options = moves["moves"]
        tickets = [m for m in options if m["type"] == "draw_tickets"]
        blind = [m for m in options if m["type"] == "draw_card" and m["source"] == "deck"]
        move = (tickets[0] if tickets and rng.random() < 0.2 else
                blind[0] if blind and rng.random() < 0.6 else choose(options, rng))
        assert client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                           json=move).status_code == 200


def truth(app: Flask, game_id: str) -> TableState:
    state: TableState = app.extensions["ttr"].log.load(game_id)
    return state


def secrets_of_others(app: Flask, game_id: str, seat: int) -> set[str]:
    """Strings that must never reach `seat` during play: the other players' ticket ids
    (kept and offered) and stretches of every deck order."""
    state = truth(app, game_id)
    game = state.game
    assert game is not None
    out: set[str] = set()
    for other, player in enumerate(game.players):
        if other != seat:
            out.update(player.tickets)
            out.update(player.pending_tickets)
    for deck in (list(game.deck), list(game.ticket_deck)):
        if len(deck) >= 6:
            out.add(json.dumps(deck[:6], separators=(",", ":")))
            out.add(json.dumps(deck[:6]))
    out.add(game.seed.hex())
    return out


def assert_hidden(text: str, secrets: set[str]) -> None:
    leaked = [s for s in secrets if s in text]
    assert not leaked, f"leaked to the wrong player: {leaked[:5]}"


def assert_players_hidden(view: dict[str, Any], seat: int | None) -> None:
    for player in view["players"]:
        if player["seat"] != seat:
            assert "hand" not in player and "tickets" not in player
            assert "pending_tickets" not in player
    if seat is None:
        assert view["you"] is None
    else:
        assert view["you"]["seat"] == seat


def assert_events_redacted(shown: Sequence[dict[str, Any]], stored: Sequence[Recorded],
                           seat: int | None) -> None:
    """`shown` are the `stored` events as `seat` (None: a spectator) sees them during play:
    of each private field, only what that seat may see."""
    assert [(e["version"], e["type"]) for e in shown] == [(r.version, r.type) for r in stored]
    for event, rec in zip(shown, stored, strict=True):
        for name, who in rec.audience.items():
            if who == "per_seat":
                assert all(v is None for i, v in enumerate(event["data"][name]) if i != seat)
            elif seat not in who:
                assert name not in event["data"] and name in event["hidden"]
            else:
                assert event["data"][name] == rec.private[name]


def hidden_types(events: Sequence[dict[str, Any]]) -> set[str]:
    """The types of the events that kept something from their reader."""
    return {e["type"] for e in events if e["hidden"]}


def events_of(messages: list[dict[str, str]]) -> list[tuple[str, dict[str, Any]]]:
    """The (event, data) of each SSE message that has an event."""
    return [(m["event"], json.loads(m["data"])) for m in messages if "event" in m]


def every_seat_draws_tickets(client: Client, table: Table) -> None:
    """Turns until each seat has drawn tickets (keeping the fewest) once more. (The bots'
    own choices left one game in some forty with a single seat that drew tickets, and
    nothing of that kind hidden from it.)"""
    path = f"/v1/games/{table.game_id}"
    rng = random.Random(7)
    drawn: set[int] = set()
    while len(drawn) < len(table.tokens):
        seat = client.get(path).json["to_act"][0]  # type: ignore[index]
        token = table.tokens[seat]
        moves = client.get(f"{path}/moves", token=token).json["moves"]  # type: ignore[index]
        keeps = [m for m in moves if m["type"] == "keep_tickets"]
        if keeps:
            move = min(keeps, key=lambda m: len(m["tickets"]))
        elif seat not in drawn and {"type": "draw_tickets"} in moves:
            move = {"type": "draw_tickets"}
            drawn.add(seat)
        else:  # (a turn begun otherwise: another card, say)
            move = choose([m for m in moves if m["type"] != "draw_tickets"], rng)
        assert client.post(f"{path}/actions", token=token, json=move).status_code == 200


@pytest.fixture(scope="module")
def midgame(app: Flask, client: Client) -> Table:
    table = open_table(client, "europe", 3)
    play_some(client, table, 60)
    every_seat_draws_tickets(client, table)
    state = truth(app, table.game_id)
    assert state.game is not None and state.game.phase == "playing"
    return table


def test_the_game_view_shows_only_your_own_hand_and_tickets(app: Flask, client: Client,
                                                           midgame: Table) -> None:
    for seat, token in enumerate(midgame.tokens):
        response = client.get(f"/v1/games/{midgame.game_id}", token=token)
        assert_players_hidden(response.json, seat)  # type: ignore[arg-type]
        assert_hidden(response.get_data(True), secrets_of_others(app, midgame.game_id, seat))
        game = truth(app, midgame.game_id).game
        assert game is not None
        you = response.json["you"]  # type: ignore[index]
        assert sum(you["hand"].values()) == game.players[seat].hand_size
        assert [t["id"] for t in you["tickets"]] == list(game.players[seat].tickets)


def test_a_spectator_sees_no_hand_and_no_ticket(app: Flask, client: Client,
                                               midgame: Table) -> None:
    for token in (None, client.new_user("Spectator")):
        response = client.get(f"/v1/games/{midgame.game_id}", token=token)
        assert_players_hidden(response.json, None)  # type: ignore[arg-type]
        assert_hidden(response.get_data(True), secrets_of_others(app, midgame.game_id, -1))


def test_the_event_log_hides_what_others_drew_and_were_dealt(app: Flask, client: Client,
                                                             midgame: Table) -> None:
    stored = app.extensions["ttr"].store.read_stream(midgame.game_id)
    assert {"card_drawn_blind", "tickets_drawn", "tickets_kept", "game_started"} <= {
        r.type for r in stored}
    for seat, token in enumerate(midgame.tokens):
        response = client.get(f"/v1/games/{midgame.game_id}/events?after=0&limit=5000",
                              token=token)
        assert_hidden(response.get_data(True), secrets_of_others(app, midgame.game_id, seat))
        assert_events_redacted(response.json["events"], stored, seat)  # type: ignore[index]


def test_your_own_blind_draws_and_tickets_are_shown_to_you(app: Flask, client: Client,
                                                          midgame: Table) -> None:
    stored = app.extensions["ttr"].store.read_stream(midgame.game_id)
    drawn = next(r for r in stored if r.type == "card_drawn_blind")
    seat = drawn.data["seat"]
    events = client.get(f"/v1/games/{midgame.game_id}/events?after={drawn.version - 1}&limit=1",
                        token=midgame.tokens[seat]).json["events"]  # type: ignore[index]
    assert events[0]["data"]["card"] == drawn.private["card"]


def test_the_legal_moves_are_only_yours(app: Flask, client: Client, midgame: Table) -> None:
    state = truth(app, midgame.game_id)
    assert state.game is not None
    for seat, token in enumerate(midgame.tokens):
        moves = client.get(f"/v1/games/{midgame.game_id}/moves", token=token).json
        assert moves is not None and moves["seat"] == seat
        if seat != state.game.current:
            assert moves["moves"] == [{"type": "resign"}]
        assert_hidden(json.dumps(moves), secrets_of_others(app, midgame.game_id, seat))


def test_a_tables_read_shows_each_reader_only_what_is_theirs(app: Flask, client: Client,
                                                             midgame: Table) -> None:
    stored = app.extensions["ttr"].store.read_stream(midgame.game_id)
    readers = [*enumerate(midgame.tokens), (None, None), (None, client.new_user("Onlooker"))]
    for seat, token in readers:
        response = client.get(f"/v1/games/{midgame.game_id}/table", token=token)
        answer = response.json
        assert answer is not None
        assert_players_hidden(answer["game"], seat)
        assert_events_redacted(answer["events"]["events"], stored, seat)
        assert (answer["moves"] or {}).get("seat") == seat
        assert_hidden(response.get_data(True),
                      secrets_of_others(app, midgame.game_id, -1 if seat is None else seat))


def test_an_action_answer_shows_the_actor_no_one_elses_secrets(app: Flask, client: Client,
                                                              midgame: Table) -> None:
    state = truth(app, midgame.game_id)
    assert state.game is not None
    seat = state.game.current
    secrets = secrets_of_others(app, midgame.game_id, seat)
    moves = client.get(f"/v1/games/{midgame.game_id}/moves",
                       token=midgame.tokens[seat]).json["moves"]  # type: ignore[index]
    move = next(m for m in moves if m["type"] != "resign")
    response = client.post(f"/v1/games/{midgame.game_id}/actions",
                           token=midgame.tokens[seat], json=move)
    assert_players_hidden(response.json["game"], seat)  # type: ignore[index]
    assert_hidden(response.get_data(True), secrets)


def test_past_states_are_public_views_during_play(app: Flask, client: Client,
                                                 midgame: Table) -> None:
    latest = truth(app, midgame.game_id).version
    for v in (1, latest // 2, latest):
        response = client.get(f"/v1/games/{midgame.game_id}/states/{v}",
                              token=midgame.tokens[0])
        assert response.status_code == 200
        assert_players_hidden(response.json, None)  # type: ignore[arg-type]
        assert_hidden(response.get_data(True), secrets_of_others(app, midgame.game_id, -1))


def test_a_users_lists_and_feed_hide_the_others(app: Flask, client: Client,
                                                midgame: Table) -> None:
    for seat, token in enumerate(midgame.tokens):
        secrets = secrets_of_others(app, midgame.game_id, seat)
        games = client.get("/v1/users/me/games", token=token)
        assert_hidden(games.get_data(True), secrets)
        feed = client.get("/v1/users/me/events?limit=5000", token=token)
        assert_hidden(feed.get_data(True), secrets)
        assert len(feed.json["events"]) == truth(app, midgame.game_id).version  # type: ignore[index]


def test_the_event_stream_hides_the_others_too(app: Flask, client: Client,
                                               midgame: Table) -> None:
    seat = 1
    response = client.get(f"/v1/games/{midgame.game_id}/events",
                          token=midgame.tokens[seat],
                          headers={"Accept": "text/event-stream", "Last-Event-ID": "0"},
                          buffered=False)
    assert response.mimetype == "text/event-stream"
    text, read = read_sse(response, idle)
    messages = events_of(read)
    assert messages[0][0] == "snapshot"
    assert_players_hidden(messages[0][1], seat)
    assert len(messages) - 1 == truth(app, midgame.game_id).version
    assert_hidden(text, secrets_of_others(app, midgame.game_id, seat))


def test_the_lobby_shows_no_seed_and_no_ones_cards(app: Flask, client: Client,
                                                  midgame: Table) -> None:
    waiting = open_table(client, "usa", 2, seats=3)
    table = truth(app, waiting.game_id)
    for token in (None, midgame.tokens[0], waiting.tokens[1]):
        lobby = client.get("/v1/games?limit=100", token=token)
        games = lobby.json["games"]  # type: ignore[index]
        assert waiting.game_id in {g["id"] for g in games}
        assert midgame.game_id not in {g["id"] for g in games}
        assert all(set(p) == {"seat", "user_id", "name", "to_act", "out", "bot", "level"}
                   for g in games for p in g["players"])
        assert_hidden(lobby.get_data(True), {table.seed.hex()}
                      | secrets_of_others(app, midgame.game_id, -1))


def test_your_games_list_shows_no_ones_dealt_tickets(app: Flask, client: Client) -> None:
    table = open_table(client, "europe", 3)
    game = truth(app, table.game_id).game
    assert game is not None and game.phase == "setup"
    assert all(p.pending_tickets for p in game.players)
    for token in table.tokens:
        games = client.get("/v1/users/me/games", token=token)
        assert [g["id"] for g in games.json["games"]] == [table.game_id]  # type: ignore[index]
        assert_hidden(games.get_data(True), secrets_of_others(app, table.game_id, -1))


def test_creating_a_game_answers_without_its_seed(app: Flask, client: Client) -> None:
    created = client.post("/v1/games", token=client.new_user("Creator"),
                          json={"map": "nordic", "seats": 3, "private": True})
    assert created.status_code == 201
    body: dict[str, Any] = created.json  # type: ignore[assignment]
    table = truth(app, body["id"])
    assert body["seed"] is None and body["seed_commitment"] == table.seed_commitment
    assert body["invite_code"] and body["deck_count"] == 0 and body["ticket_deck_count"] == 0
    assert_hidden(created.get_data(True), {table.seed.hex(), str(table.invite_code_sha256)})


def test_the_join_answer_shows_only_your_own_dealt_tickets(app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 2, seats=3)
    joined = client.post(f"/v1/games/{table.game_id}/players",
                         token=client.new_user("Last"), json={})
    assert joined.status_code == 200 and joined.json["phase"] == "setup"  # type: ignore[index]
    game = truth(app, table.game_id).game
    assert game is not None
    assert_players_hidden(joined.json, 2)  # type: ignore[arg-type]
    assert [t["id"] for t in joined.json["you"]["pending_tickets"]] == list(  # type: ignore[index]
        game.players[2].pending_tickets)
    assert_hidden(joined.get_data(True), secrets_of_others(app, table.game_id, 2))


def test_starting_early_answers_with_the_starters_dealt_tickets_only(app: Flask,
                                                                   client: Client) -> None:
    table = open_table(client, "usa", 2, seats=3)
    started = client.post(f"/v1/games/{table.game_id}/start", token=table.tokens[0])
    assert started.status_code == 200 and started.json["phase"] == "setup"  # type: ignore[index]
    game = truth(app, table.game_id).game
    assert game is not None and len(game.players) == 2
    assert_players_hidden(started.json, 0)  # type: ignore[arg-type]
    assert [t["id"] for t in started.json["you"]["pending_tickets"]] == list(  # type: ignore[index]
        game.players[0].pending_tickets)
    assert_hidden(started.get_data(True), secrets_of_others(app, table.game_id, 0))


def test_a_long_poll_answered_at_once_hides_the_others_dealt_tickets_and_blind_draws(
        app: Flask, client: Client, midgame: Table) -> None:
    # events are there already, so it answers at once (the next test waits for one)
    stored = app.extensions["ttr"].store.read_stream(midgame.game_id)
    for seat, token in [*enumerate(midgame.tokens), (None, None)]:
        response = client.get(f"/v1/games/{midgame.game_id}/events?after=0&wait=5&limit=5000",
                              token=token)
        events = response.json["events"]  # type: ignore[index]
        assert_events_redacted(events, stored, seat)
        assert {"game_started", "card_drawn_blind", "tickets_drawn"} <= hidden_types(events)
        assert_hidden(response.get_data(True),
                      secrets_of_others(app, midgame.game_id, -1 if seat is None else seat))


def test_a_long_poll_woken_by_another_players_blind_draw_does_not_show_the_card(
        app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 2)
    play_some(client, table, 2)  # both players keep their setup tickets
    state: dict[str, Any] = client.get(f"/v1/games/{table.game_id}",
                                       token=table.tokens[0]).json  # type: ignore[assignment]
    assert state["phase"] == "playing"
    drawer, watcher = state["turn"]["seat"], 1 - state["turn"]["seat"]
    answers: list[int] = []

    def draw_blind() -> None:
        time.sleep(0.3)
        answers.append(client.fork().post(
            f"/v1/games/{table.game_id}/actions", token=table.tokens[drawer],
            json={"type": "draw_card", "source": "deck"}).status_code)

    thread = threading.Thread(target=draw_blind)
    thread.start()
    started = time.monotonic()
    response = client.get(f"/v1/games/{table.game_id}/events?after={state['version']}&wait=20",
                          token=table.tokens[watcher])
    waited = time.monotonic() - started
    thread.join()
    assert answers == [200] and 0.2 < waited < 10
    events = response.json["events"]  # type: ignore[index]
    assert events[0]["type"] == "card_drawn_blind" and events[0]["data"]["seat"] == drawer
    assert "card" not in events[0]["data"] and events[0]["hidden"] == ["card"]
    assert_events_redacted(events, app.extensions["ttr"].store.read_stream(
        table.game_id, after=state["version"]), watcher)


def test_your_event_stream_hides_the_others_secrets(app: Flask, client: Client,
                                                    midgame: Table) -> None:
    seat = 2
    response = client.get("/v1/users/me/events", token=midgame.tokens[seat],
                          headers={"Accept": "text/event-stream", "Last-Event-ID": "0"},
                          buffered=False)
    assert response.mimetype == "text/event-stream"
    text, read = read_sse(response, idle)
    events = [data for _, data in events_of(read)]
    assert_events_redacted(events, app.extensions["ttr"].store.read_stream(midgame.game_id),
                           seat)
    assert {"game_started", "card_drawn_blind", "tickets_drawn"} <= hidden_types(events)
    assert_hidden(text, secrets_of_others(app, midgame.game_id, seat))


def test_an_export_during_play_hides_the_others_tickets_blind_draws_and_decks(
        app: Flask, client: Client, midgame: Table) -> None:
    stored = app.extensions["ttr"].store.read_stream(midgame.game_id)
    for seat, token in [*enumerate(midgame.tokens), (None, None)]:
        export = client.get(f"/v1/games/{midgame.game_id}/export", token=token)
        assert export.status_code == 200
        records = [json.loads(line) for line in export.get_data(True).splitlines()]
        assert_events_redacted(records, stored, seat)
        assert {"game_started", "card_drawn_blind", "tickets_drawn",
                "tickets_kept"} <= hidden_types(records)
        assert_hidden(export.get_data(True),
                      secrets_of_others(app, midgame.game_id, -1 if seat is None else seat))


def test_after_the_end_everything_is_shown(app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 2)
    play_to_the_end(client, table, seed=3)
    state = truth(app, table.game_id)
    view = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
    assert view is not None and view["seed"] == state.seed.hex()
    assert all("hand" in p and "tickets" in p for p in view["players"])
    events = client.get(f"/v1/games/{table.game_id}/events?after=0&limit=5000",
                        token=table.tokens[0]).json["events"]  # type: ignore[index]
    assert all(e["hidden"] == [] for e in events)
    started = next(e for e in events if e["type"] == "game_started")
    data, private, _ = encode(next(r.event() for r in
                                   app.extensions["ttr"].store.read_stream(table.game_id)
                                   if r.type == "game_started"))
    assert started["data"]["deck"] == private["deck"]


def test_a_token_is_shown_once_and_kept_only_as_its_hash(tmp_path: Path) -> None:
    # (on a SQLite file of its own: the test reads every row the database keeps)
    database = tmp_path / "tokens.sqlite3"
    app = make_app(f"sqlite:///{database}")
    try:
        client = Client(app)
        created = client.post("/v1/users", json={"name": "Once"})
        token = created.json["token"]  # type: ignore[index]
        me = client.get("/v1/users/me", token=token)
        assert me.status_code == 200 and token not in me.get_data(True)
        with closing(sqlite3.connect(database)) as conn:
            stored = "\n".join(conn.iterdump())
    finally:
        app.extensions["ttr"].close()
    assert token not in stored
    assert hashlib.sha256(token.encode()).hexdigest() in stored
