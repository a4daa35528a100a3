"""Bots at the table, as the rules decide them (`domain.stand_ins`, `domain.table`): seated
by the creator, standing in for a player who resigns or times out at a table with the
option, a player's return, and how the events are stored and read back."""

from __future__ import annotations

import pytest

from domain import RuleViolation
from domain.commands import KeepTickets, Resign
from domain.events import PlayerDropped, TurnTimedOut
from domain.stand_ins import PlayerReturned, ReturnToSeat, SeatBot, StandInSeated
from domain.table import (
    GameCreated,
    SeatTaken,
    Table,
    TakeSeat,
    create_game,
    decide_table,
    replay_table,
    time_out_table,
)
from events.catalogue import decode, encode
from events.snapshots import from_json, to_json

SEED = bytes(range(32))


def table(seats: int = 2, **options: object) -> Table:
    return replay_table(create_game(map_name="usa", seats=seats, created_by="alice",
                                    seed=SEED, **options))  # type: ignore[arg-type]


def act(t: Table, user: str, command: object) -> Table:
    return replay_table(decide_table(t, user, command), t)  # type: ignore[arg-type]


def started(seats: int = 2, **options: object) -> Table:
    t = table(seats, **options)
    for user in ["alice", "bob", "carol"][:seats]:
        t = act(t, user, TakeSeat(user.capitalize()))
    assert t.game is not None
    return t


def test_the_creator_seats_a_bot_as_a_user_of_its_level() -> None:
    t = act(act(table(3), "alice", TakeSeat("Alice")), "alice", SeatBot("hard"))
    assert [(s.user_id, s.name, s.bot) for s in t.seats] == [
        ("alice", "Alice", None), ("bot-hard-1", "Hard bot", "hard")]
    t = act(t, "alice", SeatBot("hard"))
    assert t.seats[2].user_id == "bot-hard-2" and t.game is not None  # full: it starts


def test_a_bot_level_must_be_one_of_the_levels() -> None:
    with pytest.raises(RuleViolation) as refused:
        decide_table(table(), "alice", SeatBot("grandmaster"))
    assert refused.value.code == "malformed_command"


def test_only_the_creator_seats_bots() -> None:
    with pytest.raises(RuleViolation) as refused:
        decide_table(table(), "bob", SeatBot("easy"))
    assert refused.value.code == "not_creator"


def test_bots_in_setup_are_seats_to_act() -> None:
    t = act(act(table(2), "alice", TakeSeat("Alice")), "alice", SeatBot("easy"))
    assert t.bots_to_act() == (1,)
    t = act(t, "bot-easy-1", KeepTickets(t.game.players[1].pending_tickets))  # type: ignore[union-attr]
    assert t.bots_to_act() == ()


def test_without_stand_ins_a_player_who_times_out_too_often_is_dropped() -> None:
    t = started(drop_after_timeouts=1)
    events = time_out_table(t, (0, 1), "2026-01-01T00:00:00Z")
    assert any(isinstance(e, PlayerDropped) for e in events)
    assert not any(isinstance(e, StandInSeated) for e in events)


def test_with_stand_ins_a_bot_takes_the_seat_instead_of_a_drop() -> None:
    t = started(3, drop_after_timeouts=1, stand_in="medium")
    events = time_out_table(t, (0, 2), "2026-01-01T00:00:00Z")
    assert not any(isinstance(e, PlayerDropped) for e in events)
    assert [type(e) for e in events if not isinstance(e, StandInSeated)].count(TurnTimedOut) == 2
    took = [e for e in events if isinstance(e, StandInSeated)]
    assert [(e.seat, e.user_id, e.replaced, e.reason) for e in took] == [
        (0, "bot-medium-1", "alice", "timed_out"), (2, "bot-medium-2", "carol", "timed_out")]
    after = replay_table(events, t)
    assert after.seat_of("bot-medium-1") == 0 and after.seat_of("alice") is None
    assert after.seats[0].stands_in_for == "alice"
    assert all(p.out is None for p in after.game.players)  # type: ignore[union-attr]


def test_a_time_out_short_of_the_policy_brings_no_stand_in() -> None:
    t = started(drop_after_timeouts=2, stand_in="easy")
    events = time_out_table(t, (0,), "2026-01-01T00:00:00Z")
    assert not any(isinstance(e, StandInSeated) for e in events)


def test_with_stand_ins_a_resignation_hands_the_seat_to_a_bot() -> None:
    t = started(stand_in="hard")
    events = decide_table(t, "bob", Resign())
    assert events == [StandInSeated(seat=1, user_id="bot-hard-1", name="Hard bot",
                                    level="hard", replaced="bob", reason="resigned")]
    after = replay_table(events, t)
    assert after.game == t.game  # the game itself goes on unchanged: only its player changed


def test_a_player_returns_to_the_seat_held_for_them() -> None:
    t = started(stand_in="hard")
    t = act(t, "bob", Resign())
    events = decide_table(t, "bob", ReturnToSeat())
    assert events == [PlayerReturned(seat=1, user_id="bob", name="Bob",
                                     bot_user_id="bot-hard-1")]
    back = replay_table(events, t)
    assert back.seats[1].user_id == "bob" and back.seats[1].bot is None
    assert back.seat_of("bob") == 1 and back.seat_of("bot-hard-1") is None


@pytest.mark.parametrize(("options", "user", "code"), [
    ({}, "bob", "no_stand_in"),
    ({"stand_in": "hard"}, "bob", "not_replaced"),
])
def test_nobody_returns_to_a_seat_not_held_for_them(options: dict[str, object], user: str,
                                                    code: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        decide_table(started(**options), user, ReturnToSeat())
    assert refused.value.code == code


def test_the_stand_in_option_is_a_bot_level() -> None:
    with pytest.raises(RuleViolation):
        create_game(map_name="usa", seats=2, created_by="a", seed=SEED, stand_in="ultra")


def test_old_table_events_read_back_without_bots() -> None:
    old = {"map": "usa", "seats": 2, "rules_version": 1, "seed_commitment": "c", "seed": "00",
           "created_by": "a", "private": False, "invite_code_sha256": None,
           "turn_time_limit": None, "drop_after_timeouts": 3}
    created = decode("game_created", 1, old, None)
    assert isinstance(created, GameCreated) and created.stand_in is None
    taken = decode("seat_taken", 1, {"seat": 0, "user_id": "a", "name": "A"}, None)
    assert isinstance(taken, SeatTaken) and taken.bot is None


def test_the_new_events_store_and_read_back() -> None:
    for event in (StandInSeated(seat=1, user_id="bot-hard-1", name="Hard bot", level="hard",
                                replaced="bob", reason="resigned"),
                  PlayerReturned(seat=1, user_id="bob", name="Bob", bot_user_id="bot-hard-1"),
                  SeatTaken(seat=1, user_id="bot-easy-1", name="Easy bot", bot="easy")):
        data, private, _ = encode(event)
        assert decode(event.TYPE, 2 if event.TYPE == "seat_taken" else 1, data,
                      private) == event


def test_a_table_with_a_stand_in_survives_a_snapshot() -> None:
    t = act(started(stand_in="hard"), "bob", Resign())
    back = from_json(to_json(t))
    assert back.seats == t.seats and back.stand_in == "hard"
