"""A tournament's log: its events round-trip, and its state and next round follow from it."""

from __future__ import annotations

from domain.tournament_log import (
    EntrantJoined,
    EntrantLeft,
    EntrantWithdrawn,
    GameResult,
    RoundPaired,
    StartBroughtForward,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    fold_tournament,
    next_round_tables,
    tournament_event_from_dict,
    tournament_over,
)

CREATED = TournamentCreated(
    name="Autumn cup", created_by="u_host", map="usa", per_table=2, rounds=2,
    turn_time_limit=60, rated=False, starts_at="2026-11-27T20:00:00+00:00",
    invitation_only=False, bots_allowed=True)


def _log(*more: TournamentEvent) -> list[TournamentEvent]:
    joined = [EntrantJoined(f"u_{c}", c.upper()) for c in "abcd"]
    return [CREATED, *joined, *more]


def test_every_event_survives_a_round_trip_through_its_dict() -> None:
    events = _log(RoundPaired(1, (("u_a", "u_b"), ("u_c", "u_d")), ("g1", "g2")),
                  GameResult(1, "g1", {"u_a": 40, "u_b": 30}, ("u_b",)),
                  EntrantWithdrawn("u_b", 1), TournamentFinished(("u_a", "u_b")))
    assert [tournament_event_from_dict(e.as_dict()) for e in events] == events


def test_a_log_must_start_with_the_creation() -> None:
    try:
        fold_tournament([EntrantJoined("u_a", "A")])
    except ValueError:
        return
    raise AssertionError("a log without its creation was accepted")


def test_the_next_round_waits_for_every_game_of_the_round() -> None:
    state = fold_tournament(_log(RoundPaired(1, (("u_a", "u_b"), ("u_c", "u_d")), ("g1", "g2")),
                      GameResult(1, "g1", {"u_a": 40, "u_b": 30})))
    assert not state.round_complete


def test_the_second_round_pairs_winners_with_winners_who_have_not_met() -> None:
    state = fold_tournament(_log(RoundPaired(1, (("u_a", "u_b"), ("u_c", "u_d")), ("g1", "g2")),
                      GameResult(1, "g1", {"u_a": 40, "u_b": 30}),
                      GameResult(1, "g2", {"u_c": 40, "u_d": 30})))
    assert sorted(map(sorted, next_round_tables(state))) == [["u_a", "u_c"], ["u_b", "u_d"]]


def test_a_withdrawn_entrant_is_not_paired_again() -> None:
    state = fold_tournament(_log(RoundPaired(1, (("u_a", "u_b"), ("u_c", "u_d")), ("g1", "g2")),
                      GameResult(1, "g1", {"u_a": 40, "u_b": 0}, ("u_b",)),
                      EntrantWithdrawn("u_b", 1),
                      GameResult(1, "g2", {"u_c": 40, "u_d": 30})))
    assert "u_b" not in {p for t in next_round_tables(state) for p in t}


def test_the_tournament_is_over_after_its_last_round() -> None:
    state = fold_tournament(_log(RoundPaired(1, (("u_a", "u_b"), ("u_c", "u_d")), ("g1", "g2")),
                      GameResult(1, "g1", {"u_a": 40, "u_b": 30}),
                      GameResult(1, "g2", {"u_c": 40, "u_d": 30}),
                      RoundPaired(2, (("u_a", "u_c"), ("u_b", "u_d")), ("g3", "g4")),
                      GameResult(2, "g3", {"u_a": 40, "u_c": 30}),
                      GameResult(2, "g4", {"u_b": 40, "u_d": 30})))
    assert tournament_over(state)


def test_an_entrant_who_left_is_no_longer_an_entrant() -> None:
    state = fold_tournament(_log(EntrantLeft("u_b")))
    assert list(state.entrants) == ["u_a", "u_c", "u_d"]


def test_a_start_brought_forward_is_the_start() -> None:
    state = fold_tournament(_log(StartBroughtForward("2026-11-27T19:00:00+00:00")))
    assert state.starts_at == "2026-11-27T19:00:00+00:00"


def test_leaving_and_starting_early_survive_a_round_trip() -> None:
    events = _log(EntrantLeft("u_b"), StartBroughtForward("2026-11-27T19:00:00+00:00"))
    assert [tournament_event_from_dict(e.as_dict()) for e in events] == events
