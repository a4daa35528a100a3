"""The committed generated client (clients/python/ttr_client, openapi-python-client) plays
whole games of every map as generated: typed games, moves, events and scores; the long
poll, the SSE stream (through the client's own httpx client), export, verify and import.
No hand-written HTTP but the stream's one request.

The client talks to the app in this process through httpx's WSGI transport (pytest's
`pythonpath` puts clients/python on the path: the package is not installed).
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from flask import Flask
from ttr_client import AuthenticatedClient, Client
from ttr_client.api.audit import export_game, import_game, verify_export
from ttr_client.api.feed import get_game_events
from ttr_client.api.games import act, create_game, get_game, get_moves, get_score, take_seat
from ttr_client.api.users import create_user
from ttr_client.models import (
    ActionResult,
    BuildStation,
    ClaimRoute,
    DrawCard,
    EventPage,
    Game,
    GameCreated,
    GameEndedEvent,
    GameScoredEvent,
    GameStatus,
    KeepTickets,
    MapName,
    NewGame,
    NewUser,
    PayTunnel,
    Phase,
    Resign,
    RouteClaimedEvent,
    Score,
    TakeSeat,
    UserCreated,
    Verdict,
)

from tests.api_support import make_app, split_messages, sse_fields

ADMIN = "admin-token-of-the-generated-client-test"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    app = make_app(f"sqlite:///{tmp_path_factory.mktemp('client') / 'games.sqlite3'}")
    yield app
    app.extensions["ttr"].close()


@pytest.fixture(scope="module")
def elsewhere(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """Another server, whose administrator imports the games played on `app`."""
    app = make_app(f"sqlite:///{tmp_path_factory.mktemp('other') / 'games.sqlite3'}",
                   admin_token=ADMIN)
    yield app
    app.extensions["ttr"].close()


def anonymous(app: Flask) -> Client:
    return Client(base_url="http://ttr.test", raise_on_unexpected_status=True,
                  httpx_args={"transport": httpx.WSGITransport(app=app)})


def signed_in(app: Flask, token: str) -> AuthenticatedClient:
    return AuthenticatedClient(base_url="http://ttr.test", token=token,
                               raise_on_unexpected_status=True,
                               httpx_args={"transport": httpx.WSGITransport(app=app)})


def new_player(app: Flask, name: str) -> AuthenticatedClient:
    user = create_user.sync(client=anonymous(app), body=NewUser(name=name))
    assert isinstance(user, UserCreated)
    return signed_in(app, user.token)


def choose(moves: list[Any], rng: random.Random) -> Any:
    """Claims first (the game ends sooner), the fewest tickets kept, never resign."""
    moves = [m for m in moves if not isinstance(m, Resign)]
    claims = [m for m in moves if isinstance(m, ClaimRoute | BuildStation | PayTunnel)]
    if claims and rng.random() < 0.85:
        return rng.choice(claims)
    keeps = [m for m in moves if isinstance(m, KeepTickets)]
    if keeps:
        return min(keeps, key=lambda m: len(m.tickets))
    draws = [m for m in moves if isinstance(m, DrawCard)]
    if draws and rng.random() < 0.9:
        return rng.choice(draws)
    return rng.choice(moves)


def play(game: Game, players: list[AuthenticatedClient], seed: int) -> int:
    """Every seat to act picks from its moves until the game ends; the number of actions."""
    rng = random.Random(seed)
    actions = 0
    while game.phase is not Phase.ENDED:
        assert actions < 5000, "no end"
        seat = game.to_act[0]
        if game.turn is not None:  # typed: a Turn, not a placeholder
            assert game.turn.seat == seat and game.turn.number >= 1
        moves = get_moves.sync(game.id, client=players[seat], min_version=game.version)
        assert moves is not None and not isinstance(moves, dict) and moves.moves
        result = act.sync(game.id, client=players[seat], body=choose(moves.moves, rng),
                          idempotency_key=f"{game.id}-{actions}")
        assert isinstance(result, ActionResult) and isinstance(result.game, Game)
        game = result.game
        actions += 1
    return actions


class StreamReader(threading.Thread):
    """The game's SSE stream, read through the generated client's httpx client at the
    generated operation's URL, until the server ends it (the game is finished)."""

    def __init__(self, client: AuthenticatedClient, game_id: str) -> None:
        super().__init__(daemon=True)
        self.client, self.game_id = client, game_id
        self.messages: list[dict[str, str]] = []

    def run(self) -> None:
        request = get_game_events._get_kwargs(self.game_id)
        with self.client.get_httpx_client().stream(
                request["method"], request["url"], params=request.get("params"),
                headers={"Accept": "text/event-stream"}, timeout=60) as response:
            buffer = ""
            for chunk in response.iter_text():
                blocks, buffer = split_messages(buffer + chunk)
                self.messages += [sse_fields(b) for b in blocks]


@pytest.mark.parametrize("map_name", list(MapName))
def test_the_generated_client_plays_a_whole_game(app: Flask, elsewhere: Flask,
                                                 map_name: MapName) -> None:
    players = [new_player(app, f"Bot {i}") for i in range(2)]
    created = create_game.sync(client=players[0], body=NewGame(map_=map_name, seats=2))
    assert isinstance(created, GameCreated) and created.status is GameStatus.OPEN
    game = take_seat.sync(created.id, client=players[1], body=TakeSeat())
    assert isinstance(game, Game) and game.phase is Phase.SETUP
    assert game.you is not None and game.you.pending is not None  # both typed
    assert game.you.pending.keep_at_least is not None

    stream = StreamReader(players[1], game.id)
    stream.start()
    polled: list[Any] = []
    poll = threading.Thread(target=lambda: polled.append(get_game_events.sync(
        game.id, client=players[1], after=game.version, wait=30)))
    poll.start()
    actions = play(game, players, seed=len(map_name.value))
    poll.join(30)
    stream.join(60)

    assert isinstance(polled[0], EventPage) and polled[0].events  # the long poll woke
    final = get_game.sync(game.id, client=players[0])
    assert isinstance(final, Game) and final.phase is Phase.ENDED and actions > 20
    page = get_game_events.sync(game.id, client=players[0], limit=5000)
    assert isinstance(page, EventPage) and len(page.events) == final.version
    assert any(isinstance(e, RouteClaimedEvent) and e.data.points > 0 for e in page.events)
    streamed = [m for m in stream.messages if "data" in m and m.get("event") != "snapshot"]
    assert streamed and streamed[-1]["event"] in ("game_scored", "seed_revealed")
    kinds = {type(e) for e in EventPage.from_dict({"game_id": game.id, "version": 0, "events": [
        json.loads(m["data"]) for m in streamed]}).events}
    assert GameEndedEvent in kinds

    score = wait_for_score(players[0], game.id)
    assert score.winners and all(p.score.total == p.score.routes + p.score.tickets
                                 + p.score.stations + p.score.longest_path
                                 + p.score.globetrotter for p in score.players)
    check_the_audit_trail(players[0], elsewhere, game.id, score)


def wait_for_score(client: AuthenticatedClient, game_id: str) -> Score:
    for _ in range(200):
        score = get_score.sync(game_id, client=client)
        if isinstance(score, Score):
            return score
        threading.Event().wait(0.05)  # 202: being computed
    raise AssertionError("no score")


def check_the_audit_trail(client: AuthenticatedClient, elsewhere: Flask, game_id: str,
                          score: Score) -> None:
    """Export (NDJSON, as text), verify it as typed events, import it on another server."""
    exported = export_game.sync(game_id, client=client)
    assert isinstance(exported, str)
    events = EventPage.from_dict({"game_id": game_id, "version": 0, "events": [
        json.loads(line) for line in exported.splitlines()]}).events
    assert any(isinstance(e, GameScoredEvent) for e in events)
    verdict = verify_export.sync(client=client, body=events)
    assert isinstance(verdict, Verdict) and verdict.ok and verdict.first_failure is None
    assert verdict.score_matches and verdict.winners == score.winners
    imported = import_game.sync(client=signed_in(elsewhere, ADMIN), body=events)
    assert isinstance(imported, Game) and imported.id == game_id
    assert imported.status is GameStatus.FINISHED
