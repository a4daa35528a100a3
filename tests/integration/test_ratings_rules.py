"""The rules against farming ratings (docs/ratings.md, `domain.rating_rules`) as every
store projects them: an early exit leaves a game unrated for everyone, a pair of people
stops moving each other after a few games a day, a newcomer does not move an
established player, and the board shows only players with enough rated games. The
games are whole scored streams appended to the log, so each test knows who played
what and how."""

from __future__ import annotations

import pytest

from domain.rating_rules import (
    ESTABLISHED_GAMES,
    LEADERBOARD_MIN_GAMES,
    MIN_OWN_TURNS,
    REPEATS_RATED,
)
from events import SqlStore
from events.ports import Store
from events.ratings_read import ResultRow
from tests.ratings_support import append_scored, leaving_stream, project_all, scored_stream


def lines(store: Store, game_id: str) -> dict[str, ResultRow]:
    return {r.user_id: r for r in store.results_of_games([game_id])[game_id]}


def reasons(store: Store, game_id: str) -> dict[str, str | None]:
    return {u: r.unrated_reason for u, r in lines(store, game_id).items()}


def rated(store: Store, game_id: str) -> dict[str, bool]:
    return {u: r.mu_after is not None for u, r in lines(store, game_id).items()}


def play(store: Store, game_id: str, users: list[str], number: int = 1,
         bots: frozenset[str] = frozenset()) -> None:
    append_scored(store, game_id, scored_stream("usa", len(users), number, users=users,
                                                bots=bots))


def test_a_resignation_before_the_minimum_of_turns_leaves_the_game_unrated_for_everyone(
        any_store: Store) -> None:
    append_scored(any_store, "g1", leaving_stream(["a", "b"], 1, 1, "resign", MIN_OWN_TURNS - 1))
    project_all(any_store, ["g1"])
    assert rated(any_store, "g1") == {"a": False, "b": False}
    assert reasons(any_store, "g1") == {"a": "early_resignation", "b": "early_resignation"}
    assert any_store.board_entry("usa", "a", min_games=0) is None


def test_a_time_out_before_the_minimum_of_turns_leaves_the_game_unrated_for_everyone(
        any_store: Store) -> None:
    append_scored(any_store, "g1", leaving_stream(["a", "b"], 2, 0, "time_out", 0))
    project_all(any_store, ["g1"])
    assert rated(any_store, "g1") == {"a": False, "b": False}
    assert reasons(any_store, "g1") == {"a": "early_timeout", "b": "early_timeout"}


def test_a_resignation_after_the_minimum_of_turns_is_a_rated_loss(any_store: Store) -> None:
    append_scored(any_store, "g1", leaving_stream(["a", "b"], 3, 1, "resign", MIN_OWN_TURNS))
    project_all(any_store, ["g1"])
    assert rated(any_store, "g1") == {"a": True, "b": True}
    line = lines(any_store, "g1")["b"]
    assert line.mu_after is not None and line.mu_after < line.mu_before


def test_games_between_the_same_two_people_stop_counting_after_a_few_a_day(
        any_store: Store) -> None:
    games = [f"g{n}" for n in range(REPEATS_RATED + 1)]
    for n, game_id in enumerate(games):
        play(any_store, game_id, ["a", "b"], number=n + 1)
    project_all(any_store, games)
    assert [rated(any_store, g) for g in games] == (
        [{"a": True, "b": True}] * REPEATS_RATED + [{"a": False, "b": False}])
    assert reasons(any_store, games[-1]) == {"a": "repeat_opponents", "b": "repeat_opponents"}
    entry = any_store.board_entry("usa", "a", min_games=1)
    assert entry is not None and entry.games == REPEATS_RATED


def test_the_repeat_rule_leaves_each_player_their_other_opponents(any_store: Store) -> None:
    for n in range(REPEATS_RATED):
        play(any_store, f"g{n}", ["a", "b"], number=n + 1)
    play(any_store, "g-three", ["a", "b", "c"], number=9)
    project_all(any_store, [f"g{n}" for n in range(REPEATS_RATED)] + ["g-three"])
    assert rated(any_store, "g-three") == {"a": True, "b": True, "c": True}
    assert reasons(any_store, "g-three") == {"a": None, "b": None, "c": None}


def test_a_bot_can_be_played_again_and_again(any_store: Store) -> None:
    any_store.add_bot("bot-1", "Robo", "easy")
    games = [f"g{n}" for n in range(REPEATS_RATED + 2)]
    for n, game_id in enumerate(games):
        play(any_store, game_id, ["a", "bot-1"], number=n + 1, bots=frozenset({"bot-1"}))
    project_all(any_store, games)
    assert all(rated(any_store, g) == {"a": True, "bot-1": True} for g in games)


def test_a_newcomer_does_not_move_an_established_players_rating(any_store: Store) -> None:
    for n in range(ESTABLISHED_GAMES):  # a different newcomer each time: all rated
        play(any_store, f"g{n}", ["e", f"n{n}"], number=n + 1)
    play(any_store, "g-new", ["e", "newcomer"], number=7)
    project_all(any_store, [f"g{n}" for n in range(ESTABLISHED_GAMES)] + ["g-new"])
    line = lines(any_store, "g-new")
    assert line["e"].games_before == ESTABLISHED_GAMES
    assert line["e"].mu_after is None and line["e"].unrated_reason == "new_opponents"
    assert line["newcomer"].mu_after is not None
    entry = any_store.board_entry("usa", "e", min_games=1)
    assert entry is not None and entry.games == ESTABLISHED_GAMES


def test_a_newcomer_moves_established_players_once_they_have_the_minimum(
        any_store: Store) -> None:
    games = []
    for who in ("e", "m"):  # two players established against newcomers of their own
        for n in range(ESTABLISHED_GAMES):
            games.append(f"g-{who}{n}")
            play(any_store, games[-1], [who, f"{who}-n{n}"], number=n + 1)
    play(any_store, "g-both", ["e", "m"], number=8)
    project_all(any_store, [*games, "g-both"])
    assert rated(any_store, "g-both") == {"e": True, "m": True}
    assert reasons(any_store, "g-both") == {"e": None, "m": None}


def test_the_board_shows_only_players_with_the_minimum_of_rated_games(any_store: Store) -> None:
    for n in range(LEADERBOARD_MIN_GAMES):
        play(any_store, f"g{n}", ["regular", f"n{n}"], number=n + 1)
    project_all(any_store, [f"g{n}" for n in range(LEADERBOARD_MIN_GAMES)])
    size, board = any_store.leaderboard("usa", False, 0, 100)
    assert size == 1 and [(e.user_id, e.rank) for e in board] == [("regular", 1)]
    assert any_store.board_entry("usa", "n0") is None
    entry = any_store.board_entry("usa", "regular")
    assert entry is not None and entry.rank == 1


def test_a_rank_counts_only_the_players_shown(any_store: Store) -> None:
    for n in range(LEADERBOARD_MIN_GAMES):
        play(any_store, f"g{n}", ["regular", f"n{n}"], number=n + 1)
    project_all(any_store, [f"g{n}" for n in range(LEADERBOARD_MIN_GAMES)])
    _, everyone = any_store.leaderboard("usa", False, 0, 100, min_games=1)
    above = [e.user_id for e in everyone].index("regular")
    assert above > 0  # a newcomer who beat them rates higher, unshown
    any_store.create_user("regular", "Reg", "ab" * 32)
    profile = any_store.profile("regular")
    assert profile is not None and [(e.map, e.rank) for e in profile.ratings] == [("usa", 1)]


def test_six_quick_resignations_do_not_put_the_farmer_on_the_board(any_store: Store) -> None:
    """The farming of issue 29: a second account resigns at its first move, six times."""
    games = [f"farm{n}" for n in range(6)]
    for n, game_id in enumerate(games):
        append_scored(any_store, game_id, leaving_stream(["farmer", "alt"], n + 1, 1, "resign", 0))
    project_all(any_store, games)
    assert all(reasons(any_store, g)["farmer"] == "early_resignation" for g in games)
    assert any_store.leaderboard("usa", False, 0, 100) == (0, [])
    assert any_store.board_entry("usa", "farmer", min_games=0) is None


def test_ttr_ratings_rebuild_judges_the_games_scored_before_the_rules(
        store: SqlStore, store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from bootstrap.cli import main as ttr

    games = [f"farm{n}" for n in range(6)]
    for n, game_id in enumerate(games):
        append_scored(store, game_id,
                      leaving_stream(["farmer", "alt"], n + 1, 1, "resign", 0))
    project_all(store, games)
    # the projection as it stood before the rules: every farmed game rated, the farmer
    # on the board with six games
    with store.transaction() as cur:
        cur.execute("UPDATE player_results SET mu_after = mu_before + 2, "
                    "sigma_after = sigma_before, unrated_reason = NULL")
        cur.execute("INSERT INTO ratings (map, user_id, bot, mu, sigma, rating, games) "
                    "VALUES ('usa', 'farmer', %s, 31.0, 2.0, 25.0, 6)", (False,))
    assert store.board_entry("usa", "farmer") is not None
    monkeypatch.setenv("TTR_DATABASE_URL", store_url)
    assert ttr(["ratings", "rebuild"]) == 0
    assert store.board_entry("usa", "farmer", min_games=0) is None
    assert [reasons(store, g) for g in games] == [
        {"farmer": "early_resignation", "alt": "early_resignation"}] * 6
