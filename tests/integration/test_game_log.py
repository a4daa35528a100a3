"""GameLog: loading states cheaply and running commands on the latest state, on every
adapter."""

from __future__ import annotations

import random
import threading

import pytest

from domain import RuleViolation
from domain.moves import legal_moves
from domain.table import (
    SeatTaken,
    Table,
    TakeSeat,
    create_game,
    decide_table,
    replay_table,
)
from events import GameLog, IdempotencyMismatch, NewEvent, SqlStore, VersionConflict
from events.outcome import Outcome, StaleVersion
from events.snapshots import FORMAT
from messaging.hearsay import Hearsay


def new_game(log: GameLog, game_id: str = "g1", seats: int = 2) -> Table:
    events = create_game(map_name="usa", seats=seats, created_by="alice", seed=b"log")
    return log.execute(game_id, lambda _: events, "user:alice", new=True).after


def sit(log: GameLog, user: str, game_id: str = "g1") -> Table:
    return log.execute(game_id, lambda t: decide_table(t, user, TakeSeat(user)),
                       "user:" + user).after


def test_state_from_a_snapshot_equals_state_from_the_full_replay(store: SqlStore) -> None:
    log = GameLog(store, snapshot_every=16)
    new_game(log)
    sit(log, "alice")
    table = sit(log, "bob")
    choices = random.Random(5)
    while table.game is not None and table.game.phase != "ended" and table.version < 200:
        game = table.game
        seat = (next(s for s, p in enumerate(game.players) if p.pending_tickets)
                if game.phase == "setup" else game.current)
        user = table.seats[seat].user_id
        command = choices.choice(legal_moves(game, seat))
        table = log.execute("g1", lambda t: decide_table(t, user, command),  # noqa: B023
                            f"seat:{seat}").after
    snapshot = store.load_snapshot("g1", FORMAT)
    assert snapshot is not None and snapshot[0] > 16
    from_snapshot = GameLog(store).load("g1")
    full = replay_table([r.event() for r in store.read_stream("g1")])
    assert from_snapshot == full == table
    assert from_snapshot.game == full.game


def _one_behind(store: SqlStore) -> GameLog:
    """A process that holds version 2 of game g1 while the log is at version 3."""
    log = GameLog(store)
    new_game(log, seats=3)
    sit(log, "a")
    other = GameLog(store)
    other.load("g1")
    sit(log, "b")
    return other


def _reads_of(store: SqlStore) -> list[int]:
    """The `after` of every read of a stream from now on."""
    reads: list[int] = []
    real = store.read_stream

    def spy(game_id: str, after: int = 0, limit: int | None = None):  # type: ignore[no-untyped-def]
        reads.append(after)
        return real(game_id, after, limit)

    store.read_stream = spy  # type: ignore[method-assign]
    return reads


def test_a_load_reads_only_the_events_after_its_cached_state(store: SqlStore) -> None:
    other = _one_behind(store)
    reads = _reads_of(store)
    assert other.load("g1").seats[1].user_id == "b"
    assert reads == [2]


def test_a_stream_gets_the_new_events_and_the_latest_state_from_one_read(
        store: SqlStore) -> None:
    other = _one_behind(store)
    reads = _reads_of(store)
    records, table = other.load_after("g1", 1)
    assert [r.version for r in records] == [2, 3] and table.version == 3
    assert reads == [1] and other.load("g1").version == 3 and reads == [1, 3]


def test_a_state_at_least_as_new_as_asked_is_taken_from_the_cache(store: SqlStore) -> None:
    other = _one_behind(store)
    assert other.at_least("g1", 2).version == 2  # cached, not read
    assert other.at_least("g1", 3).version == 3  # older than asked: the latest


def test_state_at_a_version_replays_up_to_it(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log, seats=3)
    sit(log, "a")
    table = sit(log, "b")
    assert [s.user_id for s in log.state_at("g1", 2).seats] == ["a"]
    assert log.state_at("g1", 3) == table


def test_a_command_against_the_rules_changes_nothing(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log)
    sit(log, "a")
    with pytest.raises(RuleViolation):
        log.execute("g1", lambda t: decide_table(t, "a", TakeSeat("again")), "user:a")
    assert store.current_version("g1") == 2


def test_a_lost_race_is_decided_again_on_the_new_state(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log, seats=3)
    seen: list[int] = []
    rival = GameLog(store)

    def decide(t: Table | None) -> list:  # type: ignore[type-arg]
        assert t is not None
        seen.append(t.version)
        if len(seen) == 1:  # another writer appends between our load and our append
            sit(rival, "rival")
        return decide_table(t, "a", TakeSeat("a"))

    outcome = log.execute("g1", decide, "user:a")
    assert seen == [1, 2]
    assert [s.user_id for s in outcome.after.seats] == ["rival", "a"]
    assert outcome.first_version == outcome.last_version == 3


def test_losing_every_race_ends_in_a_conflict(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log, seats=5)
    count = iter(range(100))

    def decide(t: Table | None) -> list:  # type: ignore[type-arg]
        assert t is not None  # a rival appends every time before we do
        n = next(count)
        store.append("g1", [NewEvent(SeatTaken(seat=0, user_id=f"x{n}", name="x"), "user:x")],
                     store.current_version("g1"))
        return [SeatTaken(seat=1, user_id=f"y{n}", name="y")]

    with pytest.raises(VersionConflict):
        log.execute("g1", decide, "user:y", attempts=3)


def test_an_expected_version_that_is_not_the_latest_is_refused(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log, seats=3)
    sit(log, "a")
    with pytest.raises(StaleVersion) as stale:
        log.execute("g1", lambda t: decide_table(t, "b", TakeSeat("b")), "user:b",
                    expected_version=1)
    assert (stale.value.expected, stale.value.current) == (1, 2)
    assert store.current_version("g1") == 2


def test_a_retry_with_the_same_key_gets_the_first_outcome(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log, seats=3)

    def run() -> Outcome:
        return log.execute("g1", lambda t: decide_table(t, "a", TakeSeat("a")), "user:a",
                           idempotency_key="k", request_hash="h")

    first = run()
    sit(log, "b")  # another writer in between: the retry still gets the first outcome
    again = run()
    assert again.replayed and not first.replayed
    assert (again.first_version, again.last_version) == (first.first_version, 2)
    assert again.events == first.events and again.after == first.after
    assert again.recorded_at == first.recorded_at and again.remembered == first.remembered
    assert store.current_version("g1") == 3


def test_a_key_reused_for_another_request_is_refused(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log, seats=3)
    log.execute("g1", lambda t: decide_table(t, "a", TakeSeat("a")), "user:a",
                idempotency_key="k", request_hash="h1")
    with pytest.raises(IdempotencyMismatch):
        log.execute("g1", lambda t: decide_table(t, "a", TakeSeat("a")), "user:a",
                    idempotency_key="k", request_hash="h2")


def test_concurrent_retries_with_one_key_act_once(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log, seats=5)
    results: list[Outcome] = []
    barrier = threading.Barrier(6)

    def retry() -> None:
        own = GameLog(store)
        barrier.wait()
        results.append(own.execute(
            "g1", lambda t: decide_table(t, "a", TakeSeat("a")), "user:a",
            idempotency_key="same", request_hash="h"))

    threads = [threading.Thread(target=retry) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.current_version("g1") == 2
    assert all((r.last_version, r.events, r.remembered)
               == (2, results[0].events, results[0].remembered) for r in results)
    assert sum(not r.replayed for r in results) == 1


def test_the_index_follows_each_command(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log)
    sit(log, "a")
    row = store.game_row("g1")
    assert row is not None and row.status == "open" and [p.user_id for p in row.players] == ["a"]
    sit(log, "b")
    row = store.game_row("g1")
    assert row is not None and row.status == "playing" and row.version == 4
    assert [p.to_act for p in row.players] == [True, True]  # both choose their tickets


def following(game_id: str = "g1") -> Hearsay:
    hearsay = Hearsay()
    hearsay.following(game_id, True)
    return hearsay


def test_a_cached_state_is_vouched_for_until_a_newer_version_is_heard(store: SqlStore) -> None:
    hearsay = following("g1")
    log = GameLog(store, hearsay=hearsay)
    table = new_game(log)
    assert log.vouched("g1") is table
    hearsay.heard("g1", table.version + 1)
    assert log.vouched("g1") is None


def test_no_state_is_vouched_for_unless_following_the_game_since_it_was_the_latest(
        store: SqlStore) -> None:
    hearsay = Hearsay()
    log = GameLog(store, hearsay=hearsay)
    new_game(log)
    assert log.vouched("g1") is None
    hearsay.following("g1", True)  # changes may have gone unheard before this
    assert log.vouched("g1") is None
    assert log.load("g1") is log.vouched("g1")
    hearsay.following("g1", False)  # its subscription broke, or was dropped
    assert log.vouched("g1") is None


def test_a_game_this_process_does_not_follow_is_never_vouched_for(store: SqlStore) -> None:
    # hearing the changes of the games it follows says nothing of the others'
    hearsay = following("another")
    hearsay.listening(True)  # (and neither does hearing what is told to every process)
    log = GameLog(store, hearsay=hearsay)
    new_game(log)
    assert log.load("g1").version == 1
    assert log.vouched("g1") is None


def test_a_process_that_hears_nothing_vouches_for_nothing(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log)
    assert log.load("g1").version == 1
    assert log.vouched("g1") is None


def test_a_vouched_state_that_lost_a_race_gives_up_at_once(store: SqlStore) -> None:
    log = GameLog(store, hearsay=following("g1"))
    new_game(log, seats=3)
    stale = log.vouched("g1")
    assert stale is not None
    sit(GameLog(store), "rival")  # unheard: another process
    decided: list[int] = []

    def decide(t: Table | None) -> list:  # type: ignore[type-arg]
        assert t is not None
        decided.append(t.version)
        return decide_table(t, "a", TakeSeat("a"))

    with pytest.raises(VersionConflict):
        log.execute("g1", decide, "user:a", loaded=stale, vouched=True)
    assert decided == [1]
    assert store.current_version("g1") == 2


# -- a guess for a game this process does not follow ---------------------------------------

def test_a_game_changed_only_here_is_guessed_latest_from_the_cache(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log, seats=3)
    table = sit(log, "a")
    assert log.likely_latest("g1") is table


def test_a_cache_found_behind_is_no_guess_until_a_read_finds_it_current(
        store: SqlStore) -> None:
    other = _one_behind(store)
    assert other.likely_latest("g1") is not None  # nothing read yet: taken as the latest
    other.load("g1")  # the read finds version 3 beyond its 2: changed elsewhere too
    assert other.likely_latest("g1") is None
    assert other.load("g1").version == 3  # nothing newer this time
    assert other.likely_latest("g1") is other.load("g1")


def test_its_own_append_leaves_a_doubt_as_it_was(store: SqlStore) -> None:
    log, other = GameLog(store), GameLog(store)
    new_game(log, seats=4)
    other.load("g1")
    sit(log, "a")
    other.load("g1")  # found behind
    sit(log, "b")  # changed elsewhere again, then here on the state read from the log
    sit(other, "c")
    assert store.current_version("g1") == 4
    assert other.likely_latest("g1") is None


def test_a_followed_game_is_guessed_only_as_vouched(store: SqlStore) -> None:
    hearsay = following("g1")
    log = GameLog(store, hearsay=hearsay)
    table = new_game(log)
    assert log.likely_latest("g1") is table
    hearsay.heard("g1", table.version + 1)  # heard to be stale: no guess
    assert log.likely_latest("g1") is None


def test_a_guess_that_lost_its_race_changes_nothing(store: SqlStore) -> None:
    log = GameLog(store)
    new_game(log, seats=3)
    guess = log.likely_latest("g1")
    sit(GameLog(store), "rival")  # another process
    assert guess is not None and guess.version == 1
    with pytest.raises(VersionConflict):
        log.execute("g1", lambda t: decide_table(t, "a", TakeSeat("a")), "user:a",
                    loaded=guess, vouched=True)
    assert store.current_version("g1") == 2


def test_a_state_read_or_written_a_moment_ago_is_recent(store: SqlStore) -> None:
    log = GameLog(store)
    table = new_game(log)
    assert log.recent("g1", within=60.0) is table
    assert log.recent("g1", within=0.0) is None  # no longer known to be the latest
    sit(GameLog(store), "a")  # another process
    assert log.recent("g1", within=60.0) is table  # (a moment is a moment's doubt)


def test_a_followed_game_is_recent_only_as_vouched(store: SqlStore) -> None:
    hearsay = following("g1")
    log = GameLog(store, hearsay=hearsay)
    table = new_game(log)
    hearsay.heard("g1", table.version + 1)
    assert log.recent("g1", within=60.0) is None
