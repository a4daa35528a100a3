"""An independent audit of a game's log: replay it from `GameStarted`, trusting nothing.

`audit(events)` takes a game's full, unredacted log (after the end, with the seed)
and checks, in order:

1. the seed in `game_started` matches its public commitment (sha256 of the seed);
2. `game_started` and the market events after it are exactly what `start_game` gives
   for that map, player count, seed and rules version: the deal is the seed's;
3. then, command by command, each run of events is exactly what `decide` returns for
   the command that caused it. The command is read off the run's first event and the
   state before it:

   | first event | command |
   |---|---|
   | `card_drawn_blind`; `deck_reshuffled` | `draw_card` from the deck (the current player's) |
   | `card_taken` | `draw_card` from that market slot |
   | `tunnel_attempted`; `route_claimed` outside a tunnel step | `claim_route` with those cards |
   | `route_claimed` in a tunnel step | `pay_tunnel` with the cards paid less those laid down |
   | `tunnel_declined` | `decline_tunnel` |
   | `tickets_drawn` / `tickets_kept` | `draw_tickets` / `keep_tickets` with those kept |
   | `station_built` | `build_station` with those cards |
   | `passed` / `player_resigned` | `pass` / `resign` |
   | `turn_timed_out` | the system's `TimeOut` for that seat and deadline |

   A `TimeOut` is replayed under the game's `drop_after` policy (an argument of the
   audit), so a `player_dropped` must agree with it.

   Every shuffle, refill, reveal, turn end and end of game in the run is re-derived
   by `decide` itself, so a changed card, a missing, extra or swapped event, a
   payment the player could not make or a drop the policy did not call for shows up
   as the first event that differs. `seed_revealed` must reveal the game's seed.

The report names the first event that fails (its index in the log) and why. A
running game's log can be audited too (everything but the seed's secrecy is
checked; the seed is in `game_started`, so the log must be the unredacted one).

`final_score_matches(game, claimed)` compares a claimed final score (the list of
`PlayerScore.as_dict()`) with the score the engine computes for the audited game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import events as ev
from domain.cards import counts_from_mapping, subtract
from domain.commands import (
    BuildStation,
    ClaimRoute,
    Command,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    Resign,
    TimeOut,
)
from domain.decide import execute, execute_system
from domain.ending import score_game
from domain.evolve import replay
from domain.setup import start_game
from domain.shuffle import commitment
from domain.state import Game
from domain.violations import RuleViolation

# what a malformed (tampered) event can make the engine raise while it is replayed
_BROKEN = (RuleViolation, KeyError, TypeError, ValueError, IndexError, AttributeError)


@dataclass(frozen=True, slots=True)
class AuditReport:
    """The verdict: `ok`, or the first event that fails (`index` in the log) and why.

    `checked` counts the events verified before the failure (all of them when `ok`);
    `game` is the state they lead to (None if not even the start could be checked).
    """

    ok: bool
    checked: int
    index: int | None
    reason: str
    game: Game | None

    def as_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "checked": self.checked, "index": self.index,
                "reason": self.reason}


class _Failed(Exception):
    def __init__(self, index: int, reason: str) -> None:
        super().__init__(reason)
        self.index = index
        self.reason = reason


def audit(events: Sequence[ev.Event | Mapping[str, Any]],
          drop_after: int | None = None) -> AuditReport:
    """Check a game's whole log (events, or their `as_dict` shapes) from its start.

    `drop_after` is the game's time-out policy (None: nobody is ever dropped); every
    `turn_timed_out` is replayed under it, so a `player_dropped` must agree with it.
    """
    game: Game | None = None
    checked = 0
    try:
        log = [_event(i, e) for i, e in enumerate(events)]
        expected = _start(log)
        _compare(expected, log, 0)
        game = replay(expected)
        checked = i = len(expected)
        while i < len(log):
            if game.phase == "ended":
                raise _Failed(i, f"{log[i].TYPE} after the end of the game")
            produced, after = _replay_command(game, log[i], i, drop_after)
            _compare(produced, log, i)
            game = after
            checked = i = i + len(produced)
    except _Failed as failure:
        return AuditReport(ok=False, checked=checked, index=failure.index,
                           reason=failure.reason, game=game)
    ended = game.phase == "ended"
    return AuditReport(ok=True, checked=checked, index=None, game=game,
                       reason=f"{checked} events verified"
                              + (f"; the game ended ({game.end_reason})" if ended
                                 else "; the game is still running"))


def final_score_matches(game: Game, claimed: Sequence[Mapping[str, Any]]) -> str | None:
    """None when `claimed` (each player's `PlayerScore.as_dict()`, in seat order) is the
    score of the finished `game`; otherwise what differs first."""
    if game.phase != "ended":
        return "the game has not ended: it has no final score yet"
    scored = [s.as_dict() for s in score_game(game)]
    if len(claimed) != len(scored):
        return f"the claim scores {len(claimed)} players; the game has {len(scored)}"
    for seat, (mine, theirs) in enumerate(zip(scored, claimed, strict=True)):
        if not isinstance(theirs, Mapping):
            return f"seat {seat}: the claim is not an object"
        for key in sorted(mine.keys() | theirs.keys()):
            if mine.get(key) != theirs.get(key):
                return (f"seat {seat}: {key} claimed {_short(theirs.get(key))}, "
                        f"scored {_short(mine.get(key))}")
    return None


# -- the steps -------------------------------------------------------------------------

def _event(index: int, value: ev.Event | Mapping[str, Any]) -> ev.Event:
    if isinstance(value, ev.Event):
        return value
    try:
        return ev.event_from_dict(value)
    except _BROKEN as error:
        raise _Failed(index, f"not an event: {error!r}") from None


def _start(log: list[ev.Event]) -> list[ev.Event]:
    """The start the seed gives (the seed checked against its commitment first)."""
    if not log or not isinstance(log[0], ev.GameStarted):
        raise _Failed(0, "the log does not start with game_started")
    started = log[0]
    try:
        seed = bytes.fromhex(started.seed)
    except (TypeError, ValueError):
        raise _Failed(0, "the seed in game_started is not hexadecimal") from None
    if commitment(seed) != started.seed_commitment:
        raise _Failed(0, "the seed in game_started does not match its commitment")
    try:
        return start_game(started.map, started.players, seed, started.rules_version)
    except _BROKEN as error:
        raise _Failed(0, f"no game starts with this map, player count and rules version: "
                         f"{error}") from None


def _replay_command(game: Game, first: ev.Event, index: int,
                    drop_after: int | None) -> tuple[list[ev.Event], Game]:
    """The events of the command that `first` starts, as `decide` makes them."""
    try:
        seat, command = _command_of(game, first, drop_after)
    except _BROKEN as error:
        raise _Failed(index, f"{first.TYPE} names no valid command: {error!r}") from None
    if seat is None:
        raise _Failed(index, f"{first.TYPE} does not start a command")
    try:
        if isinstance(command, TimeOut):
            return execute_system(game, command)
        return execute(game, seat, command)
    except _BROKEN as error:
        who = "the system" if isinstance(command, TimeOut) else f"seat {seat}"
        raise _Failed(index, f"{first.TYPE}: {_command_name(command)} by {who} is "
                             f"refused by the rules: {error}") from None


def _command_of(game: Game, e: ev.Event,
                drop_after: int | None) -> tuple[int | None, Command | TimeOut]:
    """The seat and command whose events start with `e` (seat None: no command does)."""
    if isinstance(e, ev.CardDrawnBlind):
        return e.seat, DrawCard("deck")
    if isinstance(e, ev.DeckReshuffled) and game.phase == "playing":
        return game.current, DrawCard("deck")  # a blind draw from an empty deck
    if isinstance(e, ev.CardTaken):
        return e.seat, DrawCard("market", e.slot)
    if isinstance(e, ev.TunnelAttempted):
        return e.seat, ClaimRoute(e.route, counts_from_mapping(e.cards))
    if isinstance(e, ev.RouteClaimed):
        paid = counts_from_mapping(e.cards)
        if game.step == "tunnel" and game.tunnel is not None:
            extra = subtract(paid, game.tunnel.cards)
            if min(extra) < 0:
                raise ValueError("the cards paid do not include the cards laid down")
            return e.seat, PayTunnel(extra)
        return e.seat, ClaimRoute(e.route, paid)
    if isinstance(e, ev.TunnelDeclined):
        return e.seat, DeclineTunnel()
    if isinstance(e, ev.TicketsDrawn):
        return e.seat, DrawTickets()
    if isinstance(e, ev.TicketsKept):
        return e.seat, KeepTickets(tuple(e.kept))
    if isinstance(e, ev.StationBuilt):
        return e.seat, BuildStation(e.city, counts_from_mapping(e.cards))
    if isinstance(e, ev.Passed):
        return e.seat, Pass()
    if isinstance(e, ev.PlayerResigned):
        return e.seat, Resign()
    if isinstance(e, ev.TurnTimedOut):
        return e.seat, TimeOut((e.seat,), e.deadline, drop_after)
    return None, Pass()


def _compare(expected: list[ev.Event], log: list[ev.Event], start: int) -> None:
    """Fail at the first event of `log` from `start` on that is not the expected one."""
    for offset, want in enumerate(expected):
        index = start + offset
        if index >= len(log):
            raise _Failed(index, f"the log ends in the middle of a command: "
                                 f"{want.TYPE} is missing")
        got = log[index]
        if got == want:
            continue
        wanted, found = want.as_dict(), got.as_dict()
        if wanted == found:
            continue
        if ev.PlayerDropped.TYPE in (wanted["type"], found["type"]):
            raise _Failed(index, f"the time-out policy does not agree: expected {want.TYPE} "
                                 f"here, found {got.TYPE}")
        if wanted["type"] != found["type"]:
            raise _Failed(index, f"expected {want.TYPE} here, found {got.TYPE}")
        if isinstance(want, ev.SeedRevealed):
            raise _Failed(index, "the revealed seed is not the game's seed")
        if isinstance(want, ev.GameStarted):
            raise _Failed(index, "game_started is not the deal its seed gives: "
                                 + _fields_differing(wanted, found))
        raise _Failed(index, f"{want.TYPE} is not what the rules give: "
                             + _fields_differing(wanted, found))


def _fields_differing(wanted: dict[str, Any], found: dict[str, Any]) -> str:
    return "; ".join(f"{key} should be {_short(wanted.get(key))}, "
                     f"is {_short(found.get(key))}"
                     for key in sorted(wanted.keys() | found.keys())
                     if wanted.get(key) != found.get(key))


def _command_name(command: Command | TimeOut) -> str:
    return str(command.as_dict())


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
