"""What the ratings port shows (`events.ports.Ratings`), on every adapter alike: the
leaderboards (their order, ties, pages, the bots' own board; these with a minimum of one
rated game, the minimum's own tests are in test_ratings_rules.py), a profile's figures, a
player's results and their filters, a game's lines. The games are whole scored streams
appended to the log, so each test knows who played what."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.rating import result_of
from events.ports import Store
from tests.ratings_support import append_scored, scored_stream


@pytest.fixture
def store(any_store: Store) -> Store:
    """Every adapter, the in-memory one too."""
    return any_store


def play(store: Store, game_id: str, users: list[str], number: int = 1, map_name: str = "usa",
         rated: bool = True) -> None:
    """A scored game of `users` (game `number`: the same number, the same play)."""
    append_scored(store, game_id, scored_stream(map_name, len(users), number, rated=rated,
                                                users=users))


def test_the_board_is_best_first_and_a_tie_goes_to_the_smaller_user_id(store: Store) -> None:
    # the same game played by three pairs: each pair's winners tie, and so do their losers
    for n, pair in enumerate((["c", "d"], ["a", "b"], ["e", "f"])):
        play(store, f"g{n}", pair)
    store.project_scored_games()
    size, board = store.leaderboard("usa", False, 0, 100, min_games=1)
    assert size == 6 and [e.rank for e in board] == [1, 2, 3, 4, 5, 6]
    ratings = {e.user_id: e.rating for e in board}
    assert ratings["a"] == ratings["c"] == ratings["e"]
    order = [e.user_id for e in board]
    assert order.index("a") < order.index("c") < order.index("e")
    for previous, entry in zip(board, board[1:], strict=False):
        assert (previous.rating > entry.rating
                or (previous.rating == entry.rating and previous.user_id < entry.user_id))


def test_a_page_of_the_board_is_its_slice_with_the_same_ranks(store: Store) -> None:
    for n, pair in enumerate((["a", "b"], ["c", "d"], ["e", "f"])):
        play(store, f"g{n}", pair, number=n + 1)
    store.project_scored_games()
    _, whole = store.leaderboard("usa", False, 0, 100, min_games=1)
    size, page = store.leaderboard("usa", False, 2, 3, min_games=1)
    assert size == 6 and page == whole[2:5]
    assert store.leaderboard("usa", False, 6, 10, min_games=1) == (6, [])
    assert store.leaderboard("europe", False, 0, 10, min_games=1) == (0, [])


def test_an_entrys_rank_is_its_place_on_the_board(store: Store) -> None:
    for n, pair in enumerate((["c", "d"], ["a", "b"], ["e", "f"])):
        play(store, f"g{n}", pair, number=1 + n % 2)
    store.project_scored_games()
    _, board = store.leaderboard("usa", False, 0, 100, min_games=1)
    for entry in board:
        assert store.board_entry("usa", entry.user_id, min_games=1) == entry
    assert store.board_entry("usa", "nobody", min_games=1) is None
    assert store.board_entry("europe", "a", min_games=1) is None


def test_bots_have_a_board_of_their_own(store: Store) -> None:
    store.add_bot("bot-1", "Robo", "easy")
    play(store, "g1", ["a", "bot-1"])
    store.project_scored_games()
    assert [e.user_id for e in store.leaderboard("usa", False, 0, 10, min_games=1)[1]] == ["a"]
    size, bots = store.leaderboard("usa", True, 0, 10, min_games=1)
    assert size == 1 and bots[0].user_id == "bot-1" and bots[0].bot
    assert bots[0].name == "Robo" and bots[0].rank == 1
    entry = store.board_entry("usa", "bot-1", min_games=1)
    assert entry is not None and entry.rank == 1 and entry.bot


def test_a_board_names_a_user_by_their_account_else_by_their_id(store: Store) -> None:
    store.create_user("a", "Alice", "ab" * 32)
    play(store, "g1", ["a", "b"])
    store.project_scored_games()
    names = {e.user_id: e.name for e in store.leaderboard("usa", False, 0, 10, min_games=1)[1]}
    assert names == {"a": "Alice", "b": "b"}


def test_an_unrated_game_moves_no_rating_but_counts_in_the_results(store: Store) -> None:
    play(store, "g1", ["a", "b"], rated=False)
    assert store.project_scored_games() == ["g1"]
    assert store.leaderboard("usa", False, 0, 10, min_games=1) == (0, [])
    assert store.board_entry("usa", "a", min_games=1) is None
    lines = store.results_of_games(["g1"])["g1"]
    assert [(r.mu_after, r.sigma_after, r.games_before) for r in lines] == [(None, None, 0)] * 2


def test_a_profile_adds_up_the_players_games_map_by_map(store: Store) -> None:
    store.create_user("a", "Alice", "ab" * 32)
    streams = {"g1": scored_stream("usa", 2, 1, users=["a", "b"]),
               "g2": scored_stream("usa", 3, 2, users=["c", "a", "b"]),
               "g3": scored_stream("europe", 2, 3, users=["b", "a"])}
    for game_id, events in streams.items():
        append_scored(store, game_id, events)
    store.project_scored_games()
    profile = store.profile("a", min_games=1)
    assert profile is not None and profile.name == "Alice" and not profile.bot
    mine = {g: next(f for f in result_of(e).finishers if f.user_id == "a")
            for g, e in streams.items()}
    usa, europe = [mine["g1"], mine["g2"]], [mine["g3"]]
    assert [(s.map, s.games, s.wins, s.total_score, s.tickets_kept, s.tickets_completed,
             s.longest_path_bonuses) for s in profile.stats] == [
        (m, len(fs), sum(f.winner for f in fs), sum(f.total for f in fs),
         sum(f.tickets_kept for f in fs), sum(f.tickets_completed for f in fs),
         sum(f.longest_path_bonus for f in fs))
        for m, fs in (("europe", europe), ("usa", usa))]
    assert [(e.map, e.games) for e in profile.ratings] == [("europe", 1), ("usa", 2)]
    for e in profile.ratings:
        assert e == store.board_entry(e.map, "a", min_games=1)
    claims = Counter(route for f in mine.values() for route in f.routes)
    assert list(profile.routes) == sorted(claims.items(), key=lambda rc: (-rc[1], rc[0]))[:5]


def test_a_profile_is_of_a_user_only(store: Store) -> None:
    play(store, "g1", ["a", "b"])
    store.project_scored_games()
    assert store.profile("a") is None  # played, but holds no account
    store.create_user("n", "Newcomer", "cd" * 32)
    fresh = store.profile("n")
    assert fresh is not None and (fresh.ratings, fresh.stats, fresh.routes) == ((), (), ())


def test_a_players_results_are_latest_first_and_filtered(store: Store) -> None:
    play(store, "g1", ["a", "b"], number=1)
    play(store, "g2", ["a", "c"], number=2, map_name="europe")
    play(store, "g3", ["c", "a", "b"], number=3)
    play(store, "g4", ["b", "c"], number=4)
    store.project_scored_games()
    games = [r.game_id for r in store.results_of_player("a")]
    assert games == ["g3", "g2", "g1"]
    assert [r.game_id for r in store.results_of_player("a", map_name="usa")] == ["g3", "g1"]
    assert [r.game_id for r in store.results_of_player("a", opponent="c")] == ["g3", "g2"]
    assert [r.game_id for r in store.results_of_player("a", limit=2)] == ["g3", "g2"]
    position = store.results_of_player("a")[1].position
    assert [r.game_id for r in store.results_of_player("a", before=position)] == ["g1"]
    winners = {r.game_id for r in store.results_of_player("a") if r.winner}
    assert {r.game_id for r in store.results_of_player("a", won=True)} == winners
    assert {r.game_id for r in store.results_of_player("a", won=False)} == {
        "g1", "g2", "g3"} - winners
    assert store.results_of_player("nobody") == []


def test_a_games_lines_are_in_seat_order(store: Store) -> None:
    play(store, "g1", ["c", "a", "b"], number=3)
    store.project_scored_games()
    found = store.results_of_games(["g1", "g-none"])
    assert found["g-none"] == []
    assert [(r.seat, r.user_id, r.name) for r in found["g1"]] == [
        (0, "c", "C"), (1, "a", "A"), (2, "b", "B")]
    assert store.results_of_games([]) == {}
