"""Quick reactions as the API takes them: a phrase of the fixed list
(`domain.reactions`), at most a few in a row and then one every few seconds per player
and game, recorded in the game's log by the referee.

Why in the log and not a message beside it: the log is what every stream of the game
already follows, across API processes and reconnections (`Last-Event-ID`), and the
notifier only ever says "look again" (`messaging.notify`); a reaction in the log
reaches each reader exactly once, in its place among the moves, and a replay or an
export shows it. It changes nothing in the game (`domain.reactions`), and the limit
keeps what it adds to the log small.
"""

from __future__ import annotations

from domain.reactions import REACTIONS
from domain.violations import RuleViolation
from events.outcome import Outcome
from service.problems import Problem
from service.ratelimit import retry_after
from service.services import Services

# A short burst (a "good game" and a "thanks" at once), then one every few seconds:
# enough to talk, too little to flood the others' screens or the game's log.
REACTION_BURST = 3
REACTIONS_PER_SECOND = 1 / 3


def send_reaction(s: Services, game_id: str, user_id: str, reaction: str) -> Outcome:
    """Record `user_id`'s `reaction` at the game and tell its streams; raises 422
    `unknown_reaction` (before the limit counts it), `Problem` ``rate-limited`` with
    `Retry-After`, and what `Referee.react` raises."""
    if reaction not in REACTIONS:
        raise RuleViolation("unknown_reaction")
    allowance = s.limiter.check(f"reaction:{game_id}:{user_id}", REACTIONS_PER_SECOND,
                                REACTION_BURST)
    if allowance.wait > 0:
        wait = retry_after(allowance.wait)
        raise Problem("rate-limited", f"Too many reactions; the next one in {wait} s.",
                      headers={"Retry-After": wait})
    return s.referee.react(game_id, user_id, reaction)
