"""The read replica (`events.replica`, `service.replica_reads`) on a real PostgreSQL
primary and streaming replica (`tests.pg_replica`): the lobby, the feeds' pages,
profiles and leaderboards are read from the replica; the player who just acted reads
what they did, even through another API process; a lagging or stopped replica is not
read, and one that comes back is read again; a finished game's export reaches the
version its reader was shown.

The replica is caught in the past by pausing its replay (`pg_wal_replay_pause()`):
what one player then writes, another reads only from the primary, so an answer
without it came from the replica.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator

import psycopg
import pytest

from events import open_store
from events.replica import replica_reads
from tests.api_support import Client, make_app
from tests.pg_pool import with_search_path
from tests.pg_replica import ReplicaPair, replica_pair  # noqa: F401 (a fixture)
from tests.ratings_support import append_scored, scored_stream
from tests.worker_support import clear_queue

pytestmark = pytest.mark.postgres

WAIT = 60.0  # seconds a test waits for the replica to be read again, on a busy machine


class World:
    """Two API processes (apps) on the pair's primary and replica, sharing Redis (the
    players' write marks), in a schema of the module's own."""

    def __init__(self, pair: ReplicaPair, primary: str, replica: str, redis_url: str,
                 queue: str) -> None:
        self.pair, self.primary_url, self.replica_url = pair, primary, replica
        # (the limits' buckets live in Redis and outlast a test: accounts without limit)
        self.apps = [make_app(primary, replica_database_url=replica, replica_max_lag=3600.0,
                              redis_url=redis_url, queue=queue, leaderboard_min_games=1,
                              accounts_per_address_per_hour=10**6)
                     for _ in range(2)]
        self.one = Client(self.apps[0])
        self.two = Client(self.apps[1], self.one.spec)

    def user(self, name: str) -> tuple[str, str]:
        """A new player: their token and id."""
        token = self.one.new_user(name)
        me = self.one.get("/v1/users/me", token=token)
        return token, me.json["id"]  # type: ignore[index]

    def new_game(self, token: str, seats: int = 2, client: Client | None = None) -> str:
        created = (client or self.one).post("/v1/games", token=token,
                                            json={"map": "usa", "seats": seats})
        assert created.status_code == 201, created.json
        game_id: str = created.json["id"]  # type: ignore[index]
        return game_id

    def lobby(self, token: str | None = None, client: Client | None = None) -> set[str]:
        answer = (client or self.two).get("/v1/games?limit=100", token=token)
        assert answer.status_code == 200, answer.json
        return {g["id"] for g in answer.json["games"]}  # type: ignore[index]

    def close(self) -> None:
        for app in self.apps:
            app.extensions["ttr"].close()


@pytest.fixture(scope="module")
def world(replica_pair: ReplicaPair, redis_url: str) -> Iterator[World]:  # noqa: F811
    schema = "t_" + secrets.token_hex(6)
    with psycopg.connect(replica_pair.primary_url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    queue = f"ttr-test-replica-{secrets.token_hex(3)}"
    built = World(replica_pair, with_search_path(replica_pair.primary_url, schema),
                  with_search_path(replica_pair.replica_url, schema), redis_url, queue)
    replica_pair.wait_replayed()  # the migrated tables, there too
    try:
        yield built
    finally:
        built.close()
        clear_queue(redis_url, queue)
        with psycopg.connect(replica_pair.primary_url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def pair(world: World) -> Iterator[ReplicaPair]:
    """The replica, for the test to pause (resumed and caught up afterwards)."""
    try:
        yield world.pair
    finally:
        world.pair.resume_replay()
        world.pair.wait_replayed()


def pause_now(pair: ReplicaPair) -> None:
    """Pause the replica once it has replayed everything written so far."""
    pair.wait_replayed()
    pair.pause_replay()


def test_a_player_sees_their_new_game_while_another_reads_the_lobby_from_the_replica(
        world: World, pair: ReplicaPair) -> None:
    creator, _ = world.user("Creator")
    other, _ = world.user("Other")
    pause_now(pair)
    game_id = world.new_game(creator)  # through the first process
    # read through the second: the creator's mark came with them (Redis)
    assert game_id in world.lobby(creator)
    mine = world.two.get("/v1/users/me/games", token=creator)
    assert game_id in {g["id"] for g in mine.json["games"]}  # type: ignore[index]
    assert game_id not in world.lobby(other)
    assert game_id not in world.lobby()
    pair.resume_replay()
    pair.wait_replayed()
    assert game_id in world.lobby(other)


def test_a_players_feed_page_is_read_from_the_replica_once_it_has_their_last_write(
        world: World, pair: ReplicaPair) -> None:
    host, _ = world.user("Host")
    guest, _ = world.user("Guest")
    late, _ = world.user("Late")
    game_id = world.new_game(host, seats=3)
    assert world.one.post(f"/v1/games/{game_id}/players", token=guest,
                          json={}).status_code == 200
    pause_now(pair)
    before = _feed_versions(world, guest, game_id)
    joined = world.one.post(f"/v1/games/{game_id}/players", token=late, json={})
    assert joined.status_code == 200, joined.json
    # the guest's page comes from the replica, which has not replayed the late join yet;
    # the late player's, written just now, from the primary
    assert _feed_versions(world, guest, game_id) == before
    assert max(_feed_versions(world, late, game_id)) > max(before)


def _feed_versions(world: World, token: str, game_id: str) -> list[int]:
    page = world.two.get("/v1/users/me/events?limit=1000", token=token)
    assert page.status_code == 200, page.json
    return [e["version"] for e in page.json["events"]  # type: ignore[index]
            if e["game_id"] == game_id]


def test_leaderboards_and_profiles_come_from_the_replica(world: World,
                                                         pair: ReplicaPair) -> None:
    _, first = world.user("First")
    _, second = world.user("Second")
    pause_now(pair)
    board = _board(world)
    store = open_store(world.primary_url)
    try:
        game_id = "g_" + secrets.token_hex(6)
        append_scored(store, game_id, scored_stream("usa", 2, 7, users=[first, second]))
        store.project_scored_games()
    finally:
        store.close()
    assert _board(world) == board and first not in board and _played(world, first) == 0
    pair.resume_replay()
    pair.wait_replayed()
    assert {first, second} <= _board(world)
    assert _played(world, first) == 1


def _board(world: World) -> set[str]:
    board = world.two.get("/v1/leaderboards/usa?limit=100")
    assert board.status_code == 200, board.json
    return {e["user_id"] for e in board.json["entries"]}  # type: ignore[index]


def _played(world: World, user_id: str) -> int:
    profile = world.two.get(f"/v1/users/{user_id}")
    assert profile.status_code == 200, profile.json
    games: int = profile.json["games_played"]  # type: ignore[index]
    return games


def test_a_profile_the_replica_does_not_know_yet_is_found_on_the_primary(
        world: World, pair: ReplicaPair) -> None:
    pause_now(pair)
    _, newcomer = world.user("Newcomer")  # after the pause
    assert world.two.get(f"/v1/users/{newcomer}").status_code == 200


def test_an_export_reaches_the_version_its_reader_was_shown(world: World,
                                                           pair: ReplicaPair) -> None:
    _, first = world.user("Exporter")
    _, second = world.user("Partner")
    pause_now(pair)
    game_id = "g_" + secrets.token_hex(6)
    events = scored_stream("usa", 2, 8, users=[first, second])
    store = open_store(world.primary_url)
    try:
        append_scored(store, game_id, events)
    finally:
        store.close()
    export = world.two.get(f"/v1/games/{game_id}/export")
    assert export.status_code == 200
    assert len(export.get_data(True).splitlines()) == len(events)


def test_a_replica_lagging_past_its_bound_is_not_read(world: World,
                                                      pair: ReplicaPair) -> None:
    pause_now(pair)
    strict = Client(make_app(world.primary_url, replica_database_url=world.replica_url,
                             replica_max_lag=0.0), world.one.spec)
    try:
        creator, _ = world.user("Hurried")
        game_id = world.new_game(creator)
        pair.wait_received()  # behind by what it received and has not replayed
        assert game_id not in world.lobby()  # within the first app's hour of lag
        assert game_id in world.lobby(client=strict)
    finally:
        strict.app.extensions["ttr"].close()


def test_reads_go_to_the_primary_while_the_replica_is_stopped_and_back_after(
        world: World, pair: ReplicaPair) -> None:
    creator, creator_id = world.user("Steady")
    reader, _ = world.user("Reader")
    pair.stop_replica()
    try:
        game_id = world.new_game(creator)
        assert game_id in world.lobby(reader)
        assert world.two.get(f"/v1/users/{creator_id}").status_code == 200
        assert world.two.get("/v1/leaderboards/usa").status_code == 200
        assert world.two.get("/v1/users/me/events", token=creator).status_code == 200
    finally:
        pair.start_replica()
    pause_now(pair)
    later = world.new_game(creator)
    deadline = time.monotonic() + WAIT
    # the replica is read again (without a restart): the other reader stops seeing what
    # it has not replayed
    while later in world.lobby(reader):
        assert time.monotonic() < deadline, "the replica was not read again"
        time.sleep(0.1)


def test_without_a_replica_every_read_sees_every_write(world: World,
                                                       pair: ReplicaPair) -> None:
    pause_now(pair)
    plain = make_app(world.primary_url)
    try:
        services = plain.extensions["ttr"]
        assert services.marks is None and services.store.written_mark() is None
        creator, _ = world.user("Plain")
        game_id = world.new_game(creator)
        with plain.app_context(), replica_reads():  # marked, with nowhere else to go
            assert game_id in {g.game_id for g in services.store.open_games(limit=100)}
        assert game_id in world.lobby(client=Client(plain, world.one.spec))
    finally:
        plain.extensions["ttr"].close()
