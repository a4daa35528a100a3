"""Private means private, over HTTP, on every store: every read of the API (each GET
of the spec's paths, found in the spec itself, so that a new endpoint is walked too)
asked by an anonymous client, a stranger and a player.

A stranger must not be able to tell that a private game was ever played: each answer
they get once a private game (finished and rated) and an open one exist is the
answer they got before, the private game's resources answering as a game that does
not exist. The only figures that may move are the ratings (one figure per player
and map, counting every rated game: docs/clients.md,
"Private games: who sees what"). The private games' players,
and the operator, find those games where the endpoint is about them. A player's
e-mail address appears in no answer to anyone else, the operator included.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from itertools import product
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from events.mail_addresses import VERIFY, MailLink
from service.api.pages import build_spec
from tests.api_support import Client, Table, make_app, play_to_the_end, wait_for_score

ADMIN = "walk-operator-7f3c9a2e51d84b06"
MAIL_KEY = "walk-mail-key-0b9d2c4e6f8a1b3c5d7e9f"
ALICE_MAIL = "alice.walker@mail.example"
NO_GAME = "g_00000000000000000000"  # a game id no game has
PEOPLE = ("alice", "bob", "dave", "stranger")
# what each path parameter of a GET is walked with (a parameter missing here fails the
# walk: teach it the new endpoint's)
Values = Callable[["World"], list[str]]
PATH_VALUES: dict[str, Values] = {
    "map_name": lambda w: ["usa"], "version": lambda w: ["1"],
    "user_id": lambda w: [w.ids[p] for p in PEOPLE],
    "game_id": lambda w: [w.public, *w.private],
    # (another player's quick-match request or a tournament: ids that name none, whose
    # answers must not change once private games exist)
    "request_id": lambda w: ["mr_00000000000000000000"],
    "tournament_id": lambda w: ["tn_00000000000000000000"]}
# the query parameters walked with values of their own (others keep their defaults;
# an enum or a boolean is walked with each of its values)
QUERY_VALUES: dict[str, Values] = {
    "opponent": lambda w: [w.ids[p] for p in PEOPLE], "map": lambda w: ["usa"]}
# the figures that may differ for a stranger once private rated games exist: ratings
RATINGS_ONLY = {"/v1/leaderboards/{map_name}": ("entries", "total"),
                "/v1/users/{user_id}": ("ratings",)}
# what moves with the reader's own use, not with any game: when each of their tokens was
# last used (written at most once a minute, so a walk slower than that sees it move)
OWN_USE = {"/v1/users/me/tokens": ("tokens", "last_used_at")}
# where a player finds their own private game listed
THEIR_LISTS = ("/v1/users/me/games", "/v1/users/me/events", "/v1/users/{user_id}/games")


@dataclass
class World:
    client: Client
    tokens: dict[str, str]
    ids: dict[str, str]
    public: str = ""
    private: list[str] = field(default_factory=list)  # the finished one, the open one
    scores: dict[str, dict[str, int]] = field(default_factory=dict)  # game → user → total
    # what each reader (None: anonymous) got from every read before anything private
    # was played, the private games' reads asked of a game that does not exist
    before: dict[str | None, dict[str, tuple[int, Any]]] = field(default_factory=dict)


@pytest.fixture(scope="module")
def app(module_adapter_url: str) -> Iterator[Flask]:
    app = make_app(module_adapter_url, admin_token=ADMIN, mail_keys=(MAIL_KEY,))
    yield app
    app.extensions["ttr"].close()


def play(world: World, players: tuple[str, str], private: bool, seed: int) -> str:
    """A rated game of two played to its end and projected; its id."""
    c, tokens = world.client, [world.tokens[p] for p in players]
    body = c.post("/v1/games", token=tokens[0], json={
        "map": "usa", "seats": 2, "private": private}).json
    assert body is not None
    joining = {"invite_code": body["invite_code"]} if private else {}
    assert c.post(f"/v1/games/{body['id']}/players", token=tokens[1],
                  json=joining).status_code == 200
    table = Table(body["id"], tokens)
    play_to_the_end(c, table, seed=seed)
    world.scores[table.game_id] = {p["user_id"]: p["score"]["total"]
                                   for p in wait_for_score(c, table)["players"]}
    deadline = time.monotonic() + 60
    while not (ratings := c.get(f"/v1/games/{table.game_id}/ratings",
                                token=tokens[0]).json or {}).get("projected"):
        assert time.monotonic() < deadline, "the game's ratings were not projected"
        time.sleep(0.05)
    assert all(p["rated"] for p in ratings["players"])  # (a private game is rated too)
    return table.game_id


def reads(spec: dict[str, Any], world: World) -> Iterator[tuple[str, str]]:
    """Every GET of the spec's /v1 paths, with each walked value: (template, URL)."""
    for template, operations in spec["paths"].items():
        operation = operations.get("get")
        if operation is None or not template.startswith("/v1/"):
            continue
        parameters = [*operations.get("parameters", []), *operation.get("parameters", [])]
        in_path = [p["name"] for p in parameters if p["in"] == "path"]
        missing = [name for name in in_path if name not in PATH_VALUES]
        assert not missing, f"teach the walk {missing} of GET {template}"
        queries = [""] + [urlencode({p["name"]: value}) for p in parameters
                          if p["in"] == "query" for value in _query_values(p, world)]
        for values in product(*(PATH_VALUES[name](world) for name in in_path)):
            path = template
            for name, value in zip(in_path, values, strict=True):
                path = path.replace("{" + name + "}", value)
            for query in queries:
                yield template, path + ("?" + query if query else "")


def _query_values(parameter: dict[str, Any], world: World) -> list[str]:
    schema = parameter.get("schema", {})
    if parameter["name"] in QUERY_VALUES:
        return QUERY_VALUES[parameter["name"]](world)
    if "enum" in schema:
        return [str(v) for v in schema["enum"]]
    return ["true", "false"] if schema.get("type") == "boolean" else []


def answers(world: World, spec: dict[str, Any], token: str | None,
            as_if: dict[str, str]) -> list[tuple[str, tuple[int, Any]]]:
    """Every read's status and body as `token`'s holder gets them, each with its URL;
    the ids in `as_if` replaced (in the URL and the body) by their stand-ins, and the
    figures allowed to move (`RATINGS_ONLY`, `OWN_USE`) left out."""
    found = []
    for template, url in reads(spec, world):
        # (unchecked against the contract: the walk is about what an answer shows)
        response = world.client.get(url, token=token, check=False)
        assert response.status_code < 500, (url, response.get_data(True))
        text = response.get_data(True)
        for real, stand_in in as_if.items():
            url, text = url.replace(real, stand_in), text.replace(real, stand_in)
        found.append((url, (response.status_code,
                            _without(template, _body(response, text)))))
    return found


def _body(response: TestResponse, text: str) -> Any:
    return json.loads(text) if response.is_json else text


def _without(template: str, body: Any) -> Any:
    if not isinstance(body, dict):
        return body
    body = {k: v for k, v in body.items() if k not in RATINGS_ONLY.get(template, ())}
    if template in OWN_USE and isinstance(body.get(OWN_USE[template][0]), list):
        listed, moving = OWN_USE[template]
        body[listed] = [{k: v for k, v in item.items() if k != moving}
                        for item in body[listed]]
    return body


def give_address(app: Flask, user_id: str, address: str) -> None:
    """`address` verified as `user_id`'s (as a verification link's use stores it)."""
    worker = app.extensions["ttr"].worker
    seal, now = worker.addresses, worker.clock()
    worker.store.add_mail_link(MailLink(VERIFY, user_id, seal.seal(address),
                                        seal.lookup(address), now, now + timedelta(hours=1)),
                               "walk-link")
    assert worker.store.use_mail_link("walk-link", VERIFY, now).claimed


@pytest.fixture(scope="module")
def world(app: Flask) -> World:
    """Alice and Dave's public game; what strangers read then; then Alice and Bob's
    private rated game, played, and Alice's open private table."""
    client = Client(app)
    tokens = {p: client.new_user(p.title()) for p in PEOPLE}
    ids = {p: str((client.get("/v1/users/me", token=t).json or {})["id"])
           for p, t in tokens.items()}
    world = World(client, tokens, ids)
    give_address(app, ids["alice"], ALICE_MAIL)
    world.public = play(world, ("alice", "dave"), private=False, seed=1)
    spec = build_spec(app)
    world.private = [NO_GAME]
    world.before = {token: dict(answers(world, spec, token, {}))
                    for token in (None, tokens["stranger"])}
    world.private = [play(world, ("alice", "bob"), private=True, seed=2)]
    table = client.post("/v1/games", token=tokens["alice"],
                        json={"map": "usa", "seats": 2, "private": True}).json
    assert table is not None
    world.private.append(table["id"])
    return world


def test_a_stranger_cannot_tell_that_a_private_game_was_played(
        app: Flask, world: World) -> None:
    spec = build_spec(app)
    as_if = {game_id: NO_GAME for game_id in world.private}
    for token, before in world.before.items():
        after = answers(world, spec, token, as_if)
        assert {url for url, _ in after} == set(before)
        for url, answer in after:
            assert answer == before[url], (token, url)


def test_a_player_finds_their_private_game_where_the_read_is_about_them(
        app: Flask, world: World) -> None:
    finished = world.private[0]
    spec = build_spec(app)
    for reader in ("alice", "bob"):
        listed: set[str] = set()
        for template, url in reads(spec, world):
            response = world.client.get(url, token=world.tokens[reader], check=False)
            assert response.status_code < 500, (url, response.get_data(True))
            if finished in url:
                assert response.status_code == 200, (reader, url, response.get_data(True))
            me = world.ids[reader]
            if template in THEIR_LISTS and (template != THEIR_LISTS[-1] or me in url) \
                    and finished in response.get_data(True):
                listed.add(template)
        assert listed == set(THEIR_LISTS), reader


def test_a_players_profile_counts_their_private_games_for_them_only(world: World) -> None:
    c, alice = world.client, world.ids["alice"]
    mine = world.scores[world.public][alice]
    everything = [world.scores[g][alice] for g in (world.public, world.private[0])]
    for token, games, scores in ((None, 1, [mine]), (world.tokens["stranger"], 1, [mine]),
                                 (world.tokens["bob"], 2, everything),
                                 (world.tokens["alice"], 2, everything),
                                 (ADMIN, 2, everything)):
        profile = c.get(f"/v1/users/{alice}", token=token).json
        assert profile is not None
        assert (profile["games_played"], profile["mean_score"]) == (
            games, sum(scores) / len(scores)), token


def test_the_operator_finds_every_private_game_in_a_players_games(world: World) -> None:
    listed = world.client.get(f"/v1/users/{world.ids['alice']}/games", token=ADMIN).json
    assert listed is not None
    assert {g["game_id"] for g in listed["games"]} == {world.public, world.private[0]}


def test_an_address_appears_in_no_answer_to_anyone_but_its_owner(
        app: Flask, world: World) -> None:
    spec = build_spec(app)
    for token in (None, world.tokens["stranger"], world.tokens["bob"], ADMIN):
        for _, url in reads(spec, world):
            text = world.client.get(url, token=token, check=False).get_data(True)
            assert "alice.walker" not in text.lower(), (token, url)
    mine = world.client.get("/v1/users/me/mail-address", token=world.tokens["alice"]).json
    assert mine is not None and mine["address"] == ALICE_MAIL  # (the walk could see it)
