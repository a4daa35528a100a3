"""A table's turn deadlines while players are away (see `domain.vacations`).

`pause_deadline` and `resume_deadline` decide the events a vacation's start and end
append to one game; `deadline_after` says what the turn deadline is after a change,
the one rule the games index (`events.index.summarize`) and the referee share:

- no deadline while a seat that must act is away;
- a new turn (or the setup) that is not paused: the whole turn time from now;
- a paused turn that runs again: the time it had left when it was paused if it is
  still that turn, else (it began during the pause) the whole turn time, from now.
  So the deadline moves by exactly the time away.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from domain.events import Event
from domain.table import Table, seats_to_act, turn_key
from domain.vacations import DeadlinePaused, DeadlineResumed, is_correspondence


def paused(table: Table | None) -> bool:
    """Whether the turn deadline of `table` is paused: a seat that must act is away."""
    if table is None or not table.away:
        return False
    return any(seat in table.away for seat in seats_to_act(table))


def deadline_after(before: Table | None, after: Table,
                  now: datetime) -> tuple[datetime | None, bool]:
    """The turn deadline after the change from `before` to `after` at `now`, and
    whether it changed (False: the deadline already stored still stands)."""
    key = turn_key(after)
    limit = after.turn_time_limit
    new_turn = key != turn_key(before)
    if key is None or limit is None:
        return None, new_turn
    now_paused = paused(after)
    was_paused = paused(before)
    if now_paused:
        return None, new_turn or not was_paused
    if new_turn:
        return now + timedelta(seconds=limit), True
    if was_paused:  # the same turn runs again after a pause
        left = after.time_left
        seconds = left[1] if left is not None and left[0] == key else limit
        return now + timedelta(seconds=seconds), True
    return None, False


def pause_deadline(table: Table, user_id: str, until: str,
                   deadline: datetime | None, now: datetime) -> list[Event]:
    """The event pausing `user_id`'s deadlines at `table` until `until` (`deadline`:
    the turn deadline running now); none where nothing is paused: a live game, one not
    being played, a player not seated or already away."""
    seat = table.seat_of(user_id)
    if (seat is None or seat in table.away or table.game is None
            or table.game.phase == "ended" or not is_correspondence(table.turn_time_limit)
            or table.game.players[seat].out is not None):
        return []
    left: int | None = None
    if deadline is not None and seat in seats_to_act(table) and not paused(table):
        left = max(0, int((deadline - now).total_seconds()))
    return [DeadlinePaused(seat=seat, until=until, time_left=left)]


def resume_deadline(table: Table, user_id: str) -> list[Event]:
    """The event ending `user_id`'s pause at `table`; none if they are not away there."""
    seat = table.seat_of(user_id)
    if seat is None or seat not in table.away or table.status != "playing":
        return []
    return [DeadlineResumed(seat=seat)]
