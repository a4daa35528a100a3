"""The table: creating a game, taking and leaving seats, starting, and the final score."""

from __future__ import annotations

import pytest

from domain import RuleViolation
from domain.commands import KeepTickets
from domain.events import GameStarted
from domain.shuffle import commitment
from domain.table import (
    GameCreated,
    GameScored,
    LeaveSeat,
    SeatLeft,
    SeatTaken,
    StartGame,
    Table,
    TakeSeat,
    create_game,
    decide_table,
    evolve_table,
    replay_table,
    score_table,
)

SEED = b"table-tests"


def table(seats: int = 3, map_name: str = "usa", **options: object) -> Table:
    return replay_table(create_game(map_name=map_name, seats=seats, created_by="alice",
                                    seed=SEED, **options))  # type: ignore[arg-type]


def act(t: Table, user: str, command: object) -> Table:
    return replay_table(decide_table(t, user, command), t)  # type: ignore[arg-type]


def seated(t: Table, *users: str) -> Table:
    for user in users:
        t = act(t, user, TakeSeat(user.title()))
    return t


def test_a_new_table_publishes_the_commitment_to_its_seed() -> None:
    created = create_game(map_name="europe", seats=4, created_by="alice", seed=SEED)[0]
    assert isinstance(created, GameCreated)
    assert created.seed_commitment == commitment(SEED)
    assert created.PRIVATE["seed"] == "nobody"


def test_a_table_has_as_many_seats_as_the_map_allows() -> None:
    with pytest.raises(RuleViolation) as refused:
        create_game(map_name="nordic", seats=4, created_by="alice", seed=SEED)
    assert refused.value.code == "malformed_command"


def test_an_unknown_map_is_refused() -> None:
    with pytest.raises(RuleViolation, match="Unknown map"):
        create_game(map_name="mars", seats=2, created_by="alice", seed=SEED)


def test_seats_are_taken_in_order() -> None:
    t = seated(table(), "bob", "carol")
    assert [s.user_id for s in t.seats] == ["bob", "carol"]
    assert t.seat_of("carol") == 1 and t.status == "open"


def test_a_user_takes_one_seat_only() -> None:
    t = seated(table(), "bob")
    with pytest.raises(RuleViolation) as refused:
        decide_table(t, "bob", TakeSeat("Bob again"))
    assert refused.value.code == "already_seated"


def test_the_game_starts_when_the_last_seat_is_taken() -> None:
    t = seated(table(seats=2), "bob", "carol")
    assert t.status == "playing" and t.game is not None
    assert len(t.game.players) == 2


def test_a_private_table_needs_its_invite_code() -> None:
    t = table(private=True, invite_code="open-sesame")
    with pytest.raises(RuleViolation) as refused:
        decide_table(t, "bob", TakeSeat("Bob", invite_code="wrong"))
    assert refused.value.code == "invite_required"
    assert act(t, "bob", TakeSeat("Bob", invite_code="open-sesame")).seat_of("bob") == 0


def test_the_creator_needs_no_invite_code() -> None:
    t = table(private=True, invite_code="open-sesame")
    assert act(t, "alice", TakeSeat("Alice")).seat_of("alice") == 0


def test_leaving_before_the_start_moves_later_players_up() -> None:
    t = seated(table(seats=4), "bob", "carol", "dave")
    events = decide_table(t, "bob", LeaveSeat())
    assert events == [SeatLeft(seat=0, user_id="bob")]
    t = replay_table(events, t)
    assert t.seat_of("carol") == 0 and t.seat_of("dave") == 1 and t.seat_of("bob") is None


def test_the_creator_may_start_early_with_enough_players() -> None:
    t = seated(table(seats=4), "alice", "bob")
    events = decide_table(t, "alice", StartGame())
    assert isinstance(events[0], GameStarted) and events[0].players == 2


def test_only_the_creator_starts_early() -> None:
    t = seated(table(seats=4), "alice", "bob")
    with pytest.raises(RuleViolation) as refused:
        decide_table(t, "bob", StartGame())
    assert refused.value.code == "not_creator"


def test_a_table_needs_the_maps_minimum_to_start() -> None:
    t = seated(table(seats=4), "alice")
    with pytest.raises(RuleViolation) as refused:
        decide_table(t, "alice", StartGame())
    assert refused.value.code == "not_enough_players"


def test_no_seat_is_taken_after_the_start() -> None:
    t = act(seated(table(seats=4), "alice", "bob"), "alice", StartGame())
    with pytest.raises(RuleViolation) as refused:
        decide_table(t, "carol", TakeSeat("Carol"))
    assert refused.value.code == "game_already_started"


def test_only_a_seated_player_acts_in_the_game() -> None:
    t = seated(table(seats=2), "bob", "carol")
    with pytest.raises(RuleViolation) as refused:
        decide_table(t, "mallory", KeepTickets(()))
    assert refused.value.code == "not_seated"


def test_a_game_command_goes_to_the_users_seat() -> None:
    t = seated(table(seats=2), "bob", "carol")
    assert t.game is not None
    offered = t.game.players[1].pending_tickets
    t = act(t, "carol", KeepTickets(offered))
    assert t.game is not None and t.game.players[1].tickets == offered


def test_the_score_is_recorded_once_the_game_has_ended() -> None:
    t = seated(table(seats=2), "bob", "carol")
    with pytest.raises(RuleViolation) as refused:
        score_table(t)
    assert refused.value.code == "game_not_over"


def test_a_scored_table_is_finished() -> None:
    from dataclasses import replace

    t = seated(table(seats=2), "bob", "carol")
    assert t.game is not None
    ended = replace(t, game=replace(t.game, phase="ended"))
    scored = score_table(ended)
    assert isinstance(scored[0], GameScored) and len(scored[0].players) == 2
    done = evolve_table(ended, scored[0])
    assert done.status == "finished" and done.score == scored[0].players
    with pytest.raises(RuleViolation) as refused:
        score_table(done)
    assert refused.value.code == "already_scored"


def test_seat_events_name_the_user() -> None:
    events = decide_table(table(), "bob", TakeSeat("  Bob  "))
    assert events == [SeatTaken(seat=0, user_id="bob", name="Bob")]


def test_resigning_before_the_start_leaves_the_seat() -> None:
    from domain.commands import Resign

    t = seated(table(seats=3), "bob", "carol")
    assert decide_table(t, "bob", Resign()) == [SeatLeft(seat=0, user_id="bob")]
