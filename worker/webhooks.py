"""Webhooks: what a change of a game tells whom, and delivering it — signed, retried.

**Who hears what.** `notices(outcome)` reads a committed change (the tables before
and after, and the events) in memory and returns the messages it calls for:

==================  =====================================  =============================
kind                when                                   to whom
==================  =====================================  =============================
``your_turn``       a seat has just become one that must   that seat's user
                    act (its turn, or the setup tickets)
``game_started``    the game started                       every player
``game_ended``      the game ended (`reason`)              every player
``game_scored``     the final score is in (`winners`)      every player
``player_timed_out`` a player's turn deadline passed       the other players
``player_left``     a player resigned, was dropped, or     the other players
                    left their seat before the start
``ping``            ``POST /v1/users/me/webhook/ping``     the caller
==================  =====================================  =============================

`hand_over(ctx, outcome)` (called by `worker.effects.follow_up` after every change)
first looks at a per-process cache of the users who have a webhook (`Recipients`,
read again every few seconds): a game none of whose players has one costs a set
look-up and nothing else. Otherwise the notices for users with a webhook go to one
fan-out job (`Jobs.webhook_fan_out`, one per game and version), which stores a
delivery per notice (unique per user, game, version and kind: a repeated fan-out
stores nothing twice) and asks for each to be delivered (`Jobs.webhook`).

**Delivering** (`worker.webhook_delivery`): each delivery is claimed, signed, POSTed
through the sender port (`worker.webhook_sender`) and retried on the schedule of
`WebhookConfig`; the jobs keep their queued names here (`fan_out_webhooks`,
`deliver_webhook`) so that jobs queued by an earlier release still run.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from domain.events import GameEnded, GameStarted, PlayerDropped, PlayerResigned, TurnTimedOut
from domain.table import GameScored, SeatLeft, Table
from events.clock import iso, utcnow
from events.index import seats_to_act
from events.repository import Outcome
from events.sql import SqlStore
from events.webhooks import webhook_users
from worker.context import WorkerContext
from worker.webhook_sender import HttpSender, WebhookSender

log = logging.getLogger(__name__)

ALLOW_PRIVATE_ENV = "TTR_WEBHOOK_ALLOW_PRIVATE"
# seconds to wait after each failed attempt; one attempt more than there are waits
RETRY_DELAYS: tuple[float, ...] = (10, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800,
                                   28800)
TIMEOUT = 5.0  # seconds an attempt may take
REFRESH = 5.0  # seconds between reads of the users who have a webhook
KINDS = ("your_turn", "game_started", "game_ended", "game_scored", "player_timed_out",
         "player_left", "ping")

Clock = Callable[[], datetime]


# -- configuration and the recipients' cache ---------------------------------------------

class Recipients:
    """The users who have a webhook, read from the store at most every `refresh` s.

    A registration takes effect in other processes within `refresh` seconds (the
    API's own process drops its cache when a webhook is registered or removed).
    """

    def __init__(self, refresh: float = REFRESH) -> None:
        self.refresh = refresh
        self._users: frozenset[str] = frozenset()
        self._read_at = float("-inf")
        self._lock = threading.Lock()

    def users(self, store: SqlStore) -> frozenset[str]:
        if time.monotonic() - self._read_at < self.refresh:
            return self._users
        if not self._lock.acquire(blocking=False):
            return self._users  # another thread is reading them: the last set will do
        try:
            if time.monotonic() - self._read_at >= self.refresh:
                try:
                    self._users = webhook_users(store)
                except Exception as error:  # the store is away: try again next time
                    log.warning("could not read the users with a webhook: %s", error)
                self._read_at = time.monotonic()
            return self._users
        finally:
            self._lock.release()

    def invalidate(self) -> None:
        self._read_at = float("-inf")


@dataclass
class WebhookConfig:
    """How a process delivers webhooks (`WorkerContext.webhooks`)."""

    allow_private: bool = False  # TTR_WEBHOOK_ALLOW_PRIVATE
    retry_delays: tuple[float, ...] = RETRY_DELAYS
    timeout: float = TIMEOUT
    clock: Clock = utcnow
    recipients: Recipients = field(default_factory=Recipients)
    # how an attempt is sent (tests plug in a fake: `worker.webhook_sender`)
    sender: WebhookSender = field(default_factory=HttpSender)

    @staticmethod
    def from_env(environ: Mapping[str, str] | None = None) -> WebhookConfig:
        env = os.environ if environ is None else environ
        allow = env.get(ALLOW_PRIVATE_ENV, "").strip().lower() in ("1", "true", "yes", "on")
        return WebhookConfig(allow_private=allow)

    def retry_after(self, attempt: int) -> float | None:
        """Seconds from failed attempt number `attempt` to the next; None: give up."""
        if attempt > len(self.retry_delays):
            return None
        return float(self.retry_delays[attempt - 1])


# -- who hears what ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Notice:
    """One message to one user about one version of a game."""
    user_id: str
    kind: str
    version: int
    created_at: str  # ISO-8601: when the change happened
    data: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "kind": self.kind, "version": self.version,
                "created_at": self.created_at, "data": self.data}


def notices(outcome: Outcome) -> list[Notice]:
    """Every message `outcome` calls for, whoever has a webhook (pure, in memory)."""
    if outcome.replayed or not outcome.events:
        return []
    after, before = outcome.after, outcome.before
    game_id = outcome.game_id
    at = iso(outcome.recorded_at)
    links = {"game_url": f"/v1/games/{game_id}"}
    found: list[Notice] = []

    def to_everyone(kind: str, version: int, data: dict[str, Any]) -> None:
        for seat, s in enumerate(after.seats):
            found.append(Notice(s.user_id, kind, version, at, {"seat": seat, **data}))

    def to_others(kind: str, version: int, about: int, name: str,
                  data: dict[str, Any]) -> None:
        for seat, s in enumerate(after.seats):
            if seat != about:
                found.append(Notice(s.user_id, kind, version, at,
                                    {"seat": about, "name": name, **data, **links}))

    for i, event in enumerate(outcome.events):
        version = outcome.first_version + i
        if isinstance(event, GameStarted):
            to_everyone("game_started", version, {
                "map": after.map, "first_player": event.first_player,
                "players": _players(after), **links})
        elif isinstance(event, GameEnded):
            to_everyone("game_ended", version, {
                "reason": event.reason, "score_url": f"/v1/games/{game_id}/score", **links})
        elif isinstance(event, GameScored):
            to_everyone("game_scored", version, {
                "winners": list(event.winners), "standings": _standings(after, event),
                "score_url": f"/v1/games/{game_id}/score", **links})
        elif isinstance(event, TurnTimedOut):
            to_others("player_timed_out", version, event.seat, _name(after, event.seat),
                      {"deadline": event.deadline, "consecutive": event.consecutive})
        elif isinstance(event, PlayerDropped | PlayerResigned):
            reason = "dropped" if isinstance(event, PlayerDropped) else "resigned"
            to_others("player_left", version, event.seat, _name(after, event.seat),
                      {"reason": reason})
        elif isinstance(event, SeatLeft):
            # before the start: the players after them have moved up one seat
            name = before.seats[event.seat].name if before is not None else ""
            for seat, s in enumerate(after.seats):
                found.append(Notice(s.user_id, "player_left", version, at, {
                    "seat": event.seat, "name": name, "reason": "left", "your_seat": seat,
                    **links}))
    found += _your_turn(outcome, at, links)
    return found


def _your_turn(outcome: Outcome, at: str, links: dict[str, str]) -> list[Notice]:
    after, before = outcome.after, outcome.before
    game = after.game
    if game is None:
        return []
    now_key, was_key = _turn_key(after), _turn_key(before)
    earlier = set(seats_to_act(before)) if before is not None and now_key == was_key else set()
    fresh = [seat for seat in seats_to_act(after) if seat not in earlier]
    if not fresh:
        return []
    deadline = None
    if after.turn_time_limit is not None and now_key != was_key:
        # as the games index computed it in the same append (see events.index.summarize)
        deadline = iso(outcome.recorded_at + timedelta(seconds=after.turn_time_limit))
    game_id = outcome.game_id
    return [Notice(after.seats[seat].user_id, "your_turn", outcome.last_version, at, {
        "seat": seat, "phase": game.phase, "turn": game.turns, "deadline": deadline,
        **links, "moves_url": f"/v1/games/{game_id}/moves",
        "actions_url": f"/v1/games/{game_id}/actions"}) for seat in fresh]


def _turn_key(table: Table | None) -> tuple[object, ...] | None:
    game = table.game if table is not None else None
    if game is None or game.phase == "ended":
        return None
    return ("setup",) if game.phase == "setup" else ("turn", game.turns)


def _name(table: Table, seat: int) -> str:
    return table.seats[seat].name if seat < len(table.seats) else ""


def _players(table: Table) -> list[dict[str, Any]]:
    return [{"seat": seat, "name": s.name} for seat, s in enumerate(table.seats)]


def _standings(table: Table, scored: GameScored) -> list[dict[str, Any]]:
    return [{"seat": p["seat"], "name": _name(table, int(p["seat"])),
             "total": p["score"]["total"], "rank": p["rank"], "winner": p["winner"]}
            for p in scored.players]


def hand_over(ctx: WorkerContext, outcome: Outcome) -> int:
    """Give the notices of `outcome` for users with a webhook to a fan-out job; returns
    how many. Cheap when no player has a webhook: a cached set, no query."""
    if outcome.replayed or not outcome.events:
        return 0
    users = ctx.webhooks.recipients.users(ctx.store)
    if not users:
        return 0
    if users.isdisjoint(outcome.seated()):
        return 0
    wanted = [n.as_dict() for n in notices(outcome) if n.user_id in users]
    if wanted:
        ctx.jobs.webhook_fan_out(outcome.game_id, outcome.last_version, wanted)
    return len(wanted)


# -- the jobs, by the names they are queued under (`worker.queue.FAN_OUT`, `DELIVER`) ---

def fan_out_webhooks(game_id: str, notices: Sequence[Mapping[str, Any]]) -> int:
    """The fan-out job (`worker.webhook_delivery.fan_out_webhooks`)."""
    from worker import webhook_delivery

    return webhook_delivery.fan_out_webhooks(game_id, notices)


def deliver_webhook(delivery_id: str) -> str:
    """The delivery job (`worker.webhook_delivery.deliver_webhook`)."""
    from worker import webhook_delivery

    return webhook_delivery.deliver_webhook(delivery_id)
