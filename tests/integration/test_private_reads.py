"""Private means private, at the store (`events.ports.Ratings`, every adapter alike): a
private game shows itself in a player's games and in a profile's figures only to its
players, its creator and the operator (`events.onlookers`); to a stranger or an
anonymous reader it is as if it had never been played. A rating, one figure per
player and map, is the same for every reader."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from domain.events import Event
from domain.rating import Finisher, result_of
from domain.table import replay_table
from domain.table_events import GameCreated
from events import NewEvent, system_actor
from events.clock import utcnow
from events.index import summarize
from events.onlookers import ANONYMOUS, OPERATOR, Onlooker
from events.ports import Store
from tests.ratings_support import project_all, scored_stream

STRANGER = Onlooker("stranger")


@pytest.fixture
def store(any_store: Store) -> Store:
    """Every adapter, the in-memory one too."""
    return any_store


def play(store: Store, game_id: str, users: list[str], number: int,
         private: bool = False, created_by: str | None = None) -> list[Event]:
    """A scored game of `users`, indexed as the referee's appends index it (the index
    says who may see a private game); its stream."""
    events = scored_stream("usa", len(users), number, users=users)
    created = events[0]
    assert isinstance(created, GameCreated)
    events[0] = replace(created, private=private,
                        invite_code_sha256="ab" * 32 if private else None,
                        created_by=created_by or created.created_by)
    summary = summarize(game_id, None, replay_table(events), utcnow())
    store.append(game_id, [NewEvent(e, system_actor("test")) for e in events], 0,
                 summary=summary)
    return events


def line_of(events: list[Event], user_id: str) -> Finisher:
    return next(f for f in result_of(events).finishers if f.user_id == user_id)


@pytest.fixture
def games(store: Store) -> dict[str, list[Event]]:
    """Alice's public game with Carol, then her private one with Bob (Alice made it),
    then another public one; projected."""
    store.create_user("a", "Alice", "ab" * 32)
    played = {"pub1": play(store, "pub1", ["a", "c"], 1),
              "priv": play(store, "priv", ["a", "b"], 2, private=True),
              "pub2": play(store, "pub2", ["c", "a"], 3)}
    project_all(store, list(played))
    return played


def test_a_private_game_is_not_among_a_players_games_for_a_stranger(
        store: Store, games: dict[str, list[Event]]) -> None:
    for reader in (ANONYMOUS, STRANGER, Onlooker("c")):
        assert [r.game_id for r in store.results_of_player("a", onlooker=reader)] == [
            "pub2", "pub1"]
        assert [r.game_id for r in store.results_of_player("b", onlooker=reader)] == []


def test_a_private_game_is_among_its_players_games_for_its_players_and_the_operator(
        store: Store, games: dict[str, list[Event]]) -> None:
    for reader in (Onlooker("a"), Onlooker("b"), OPERATOR):
        assert [r.game_id for r in store.results_of_player("a", onlooker=reader)] == [
            "pub2", "priv", "pub1"]
        assert [r.game_id for r in store.results_of_player("b", onlooker=reader)] == [
            "priv"]


def test_a_private_games_creator_sees_it_without_a_seat(store: Store) -> None:
    play(store, "hosted", ["a", "b"], 4, private=True, created_by="host")
    project_all(store, ["hosted"])
    assert [r.game_id for r in store.results_of_player("a", onlooker=Onlooker("host"))] == [
        "hosted"]
    assert store.results_of_player("a", onlooker=STRANGER) == []


def test_the_filters_and_pages_of_a_players_games_count_only_the_games_shown(
        store: Store, games: dict[str, list[Event]]) -> None:
    assert store.results_of_player("a", opponent="b", onlooker=STRANGER) == []
    assert [r.game_id for r in store.results_of_player("a", opponent="b",
                                                       onlooker=Onlooker("b"))] == ["priv"]
    # a page of one is the newest game shown; the next page skips the private game
    first = store.results_of_player("a", limit=1, onlooker=STRANGER)
    assert [r.game_id for r in first] == ["pub2"]
    after = store.results_of_player("a", before=first[0].position, limit=1,
                                    onlooker=STRANGER)
    assert [r.game_id for r in after] == ["pub1"]


def test_a_profiles_figures_leave_out_the_private_games_a_stranger_may_not_see(
        store: Store, games: dict[str, list[Event]]) -> None:
    public = [line_of(games[g], "a") for g in ("pub1", "pub2")]
    every = [*public, line_of(games["priv"], "a")]
    for reader, lines in ((ANONYMOUS, public), (STRANGER, public), (Onlooker("a"), every),
                          (Onlooker("b"), every), (OPERATOR, every)):
        profile = store.profile("a", reader)
        assert profile is not None
        assert [(s.map, s.games, s.wins, s.total_score, s.tickets_kept, s.tickets_completed,
                 s.longest_path_bonuses) for s in profile.stats] == [
            ("usa", len(lines), sum(f.winner for f in lines), sum(f.total for f in lines),
             sum(f.tickets_kept for f in lines), sum(f.tickets_completed for f in lines),
             sum(f.longest_path_bonus for f in lines))], reader
        claims = Counter(route for f in lines for route in f.routes)
        assert list(profile.routes) == sorted(claims.items(),
                                              key=lambda rc: (-rc[1], rc[0]))[:5], reader


def test_a_player_of_only_private_games_shows_a_stranger_no_figures(
        store: Store, games: dict[str, list[Event]]) -> None:
    store.create_user("b", "Bob", "cd" * 32)
    profile = store.profile("b", STRANGER)
    assert profile is not None and (profile.stats, profile.routes) == ((), ())
    own = store.profile("b", Onlooker("b"))
    assert own is not None and [s.games for s in own.stats] == [1] and own.routes


def test_a_rating_is_the_same_figure_for_every_reader(
        store: Store, games: dict[str, list[Event]]) -> None:
    seen = [store.profile("a", reader) for reader in (ANONYMOUS, Onlooker("a"))]
    assert seen[0] is not None and seen[1] is not None
    assert seen[0].ratings == seen[1].ratings
    assert [e.games for e in seen[0].ratings] == [3]
