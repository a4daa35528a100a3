"""The quick match's pairing, as the rules say it: who sits with whom, and when."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from domain.matching import FormedTable, Seeking, form_tables, rating_window

T0 = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
PLAYERS = {"europe": (2, 5), "nordic": (2, 3), "usa": (2, 5)}


def ask(request_id: str, user_id: str | None = None, *, map_name: str | None = "europe",
        players: tuple[int, int] = (2, 2), rated: bool = True, limit: int | None = 60,
        seconds: float = 0, rating: float | None = None) -> Seeking:
    return Seeking(request_id, user_id or f"u-{request_id}", map_name, players[0], players[1],
                   rated, limit, T0 + timedelta(seconds=seconds), rating)


def seated(tables: list[FormedTable]) -> list[tuple[str, ...]]:
    return [t.request_ids for t in tables]


def test_two_requests_for_the_same_game_sit_together() -> None:
    tables = form_tables([ask("a"), ask("b")], T0, PLAYERS)
    assert [(t.map_name, t.request_ids) for t in tables] == [("europe", ("a", "b"))]


def test_a_lone_request_waits() -> None:
    assert form_tables([ask("a")], T0, PLAYERS) == []


def test_a_table_forms_only_when_every_request_has_the_players_it_asked_for() -> None:
    three = [ask("a", players=(3, 3)), ask("b", players=(3, 3))]
    assert form_tables(three, T0, PLAYERS) == []
    assert seated(form_tables([*three, ask("c", players=(2, 3))], T0, PLAYERS)) == [
        ("a", "b", "c")]


def test_different_maps_rated_or_time_limits_never_sit_together() -> None:
    for other in (ask("b", map_name="usa"), ask("b", rated=False), ask("b", limit=86400)):
        assert form_tables([ask("a"), other], T0, PLAYERS) == []


def test_any_map_sits_with_a_named_map_and_plays_it() -> None:
    tables = form_tables([ask("a", map_name=None), ask("b", map_name="nordic")], T0, PLAYERS)
    assert [(t.map_name, t.request_ids) for t in tables] == [("nordic", ("a", "b"))]


def test_a_player_never_sits_with_themselves() -> None:
    assert form_tables([ask("a", "u1"), ask("b", "u1")], T0, PLAYERS) == []


def test_distant_ratings_wait_until_the_window_has_widened() -> None:
    strong, new = ask("a", rating=30.0), ask("b", rating=0.0)
    assert form_tables([strong, new], T0, PLAYERS) == []
    later = T0 + timedelta(seconds=60)
    assert rating_window(strong, later) >= 30
    assert seated(form_tables([strong, new], later, PLAYERS)) == [("a", "b")]


def test_the_closest_rating_is_preferred() -> None:
    tables = form_tables([ask("a", rating=10.0), ask("far", rating=6.0, seconds=1),
                          ask("near", rating=11.0, seconds=2)], T0 + timedelta(seconds=2),
                         PLAYERS)
    assert seated(tables) == [("a", "near")]


def test_the_oldest_request_is_served_first_and_each_request_sits_once() -> None:
    waiting = [ask(f"r{i}", seconds=i) for i in range(5)]
    tables = form_tables(waiting, T0 + timedelta(seconds=5), PLAYERS)
    assert seated(tables) == [("r0", "r1"), ("r2", "r3")]


def test_a_map_too_small_for_the_players_forms_nothing() -> None:
    four = [ask(c, map_name="nordic", players=(4, 4)) for c in "abcd"]
    assert form_tables(four, T0, PLAYERS) == []


def test_a_request_for_a_bigger_table_never_keeps_two_requests_for_two_apart() -> None:
    waiting = [ask("three", map_name=None, players=(3, 5)),
               ask("a", map_name=None, seconds=1), ask("b", map_name=None, seconds=2)]
    assert seated(form_tables(waiting, T0 + timedelta(seconds=2), PLAYERS)) == [("a", "b")]


def test_the_smallest_table_every_request_accepts_forms_first() -> None:
    waiting = [ask("a", players=(2, 4)), ask("three", players=(3, 4), seconds=1),
               ask("two", players=(2, 2), seconds=2)]
    assert seated(form_tables(waiting, T0 + timedelta(seconds=2), PLAYERS)) == [("a", "two")]
