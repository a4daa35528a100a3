"""The computer analysis of a finished game: each player's chance of winning after every
turn, and the turns where a player's choice lost the most.

`estimate_win_chances(events, policy, proposer, budget)` reads the whole stream of a
scored game. The game is over, so everything is public: each position is the real
state of the game (every hand, every ticket), and only what was still to come — the
order of the deck and of the ticket deck — is dealt afresh for each playout. From each
position, `policy` (the strong agent, handed in by the caller: the domain knows no
agent) plays every seat to the end; a player's win chance is the share of those
playouts they win (a tie shared among its winners). After the last turn the chances
are the real result: 1 for the winner, 0 for the others.

**Key moments.** The turns whose player's chance fell most from before to after them
(at most `KEY_TURNS`) are looked at closer: at the turn's start, the move its player
chose (the turn's first command) and a few candidates (`proposer`'s, at most
`CANDIDATES` in all) are each played out from the same dealt decks (common random
numbers: the comparison is not luck of the draw); the turn's *loss* is the best
candidate's win chance less the chosen move's, for the player who moved. Thresholds
(docs/analysis.md): inaccuracy ≥ `INACCURACY`, mistake ≥ `MISTAKE`, blunder ≥
`BLUNDER`; and a loss is named only when it is beyond the playouts' noise (`noise`),
so few playouts name only the clear ones.

**Bounded and repeatable.** No clock is read. `budget` (seconds of CPU) becomes a
count of agent decisions at `SECONDS_PER_DECISION` each (bench/analysis.py measures
the real figure). `GRAPH_SHARE` of it goes to the chances after every turn: the
playouts per position are the most that fit the decisions the finished game suggests
remain, between `MIN_PLAYOUTS` and `MAX_PLAYOUTS`; when even the fewest do not fit,
only every k-th turn (counted back from the last) and the position before it are
analysed, the others have no chances (`null`). The rest goes to the key moments,
shared among the turns looked at. A count of the decisions made stops the work for
good once the allowance is spent (the turns are analysed from the last back, so what
is left out is the start). Every playout's rng derives from `seed`, the turn, the
candidate and the playout's number, so the same game, budget and seed give the same
analysis.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from domain import events as ev
from domain.commands import Command
from domain.decide import decide, execute
from domain.ending import score_game
from domain.events import Event
from domain.moves import legal_moves
from domain.state import Game, changed
from domain.table import GameScored, Table, evolve_table
from domain.violations import RuleViolation

# what a policy and a proposer are: the move of `seat` at `game` (one of its legal
# moves), and a few moves worth comparing there
Policy = Callable[[Game, int, random.Random], Command]
Proposer = Callable[[Game, int, random.Random], Sequence[Command]]

INACCURACY = 0.05  # win chance lost by a turn's choice (0–1)
MISTAKE = 0.10
BLUNDER = 0.20
CANDIDATES = 3  # moves compared at a turn, the chosen one included
KEY_TURNS = 8  # turns looked at closer for key moments: those whose player's chance fell most
GRAPH_SHARE = 0.5  # of the budget, for the chances after every turn (the rest: key moments)
MIN_PLAYOUTS = 4
MAX_PLAYOUTS = 32
SECONDS_PER_DECISION = 0.0005  # the dearest map's mean decision (Nordic; bench/analysis.py)
DECISIONS_PER_TURN = 1.8  # a turn of cards is two decisions, a claim one
MAX_DECISIONS = 5000  # a playout that does not end (it never should) counts as a draw


class NotScored(ValueError):
    """The stream is not that of a scored game."""


@dataclass(frozen=True, slots=True)
class KeyMoment:
    turn: int
    seat: int
    version: int  # the game's version at the start of the turn (the board to show)
    label: str  # "inaccuracy", "mistake" or "blunder"
    loss: float
    chosen: dict[str, Any]
    chosen_chance: float
    best: dict[str, Any]
    best_chance: float

    def as_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "seat": self.seat, "version": self.version,
                "label": self.label, "loss": self.loss, "chosen": self.chosen,
                "chosen_chance": self.chosen_chance, "best": self.best,
                "best_chance": self.best_chance}


@dataclass(frozen=True, slots=True)
class WinChances:
    playouts: int  # per position of the graph
    every: int  # every how many turns a position was analysed
    decisions: int  # agent decisions made: the work done
    turns: tuple[dict[str, Any], ...]  # {"turn", "version", "chances": [per seat] | None}
    key_moments: tuple[KeyMoment, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"playouts": self.playouts, "every": self.every,
                "decisions": self.decisions, "turns": list(self.turns),
                "key_moments": [k.as_dict() for k in self.key_moments]}


@dataclass(frozen=True, slots=True)
class _Position:
    turn: int  # the turn that ended here (0: the setup)
    version: int
    index: int  # the events before it
    game: Game


def label_of(loss: float) -> str | None:
    """The name of a loss of win chance (None: too small to name)."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def noise(playouts: int) -> float:
    """The smallest loss told apart from the luck of `playouts` deals: 1/√playouts
    (about two standard errors of a difference of two win shares near one half; the
    common deals make it smaller). A certain loss (a last turn) is 1."""
    return 1 / math.sqrt(playouts)


def estimate_win_chances(events: Sequence[Event], policy: Policy, proposer: Proposer,
                         budget: float, seed: bytes = b"") -> WinChances:
    """The win chances and key moments of the scored game `events` (see the module)."""
    positions, table = _positions(events)
    final = positions[-1]
    allowance = int(budget / SECONDS_PER_DECISION)
    turns_played = final.turn
    # the decisions one playout takes from each position (as many turns are left as
    # the game had: the agents' games are no longer)
    left = [max(1.0, (turns_played - p.turn) * DECISIONS_PER_TURN) for p in positions]
    graph_allowance = int(allowance * GRAPH_SHARE)
    per_round = sum(left[:-1])
    playouts = min(MAX_PLAYOUTS, int(graph_allowance / per_round)) if per_round else 0
    every = 1
    if playouts < MIN_PLAYOUTS:
        # every k-th turn, with the position just before it (a turn's two ends: how
        # much its player's chance fell, for the key moments): two positions in k
        playouts = MIN_PLAYOUTS
        every = max(2, math.ceil(2 * per_round * MIN_PLAYOUTS / max(1, graph_allowance)))
    work = _Work(policy, graph_allowance, seed)
    seats = len(final.game.players)
    chances: list[list[float] | None] = [None] * len(positions)
    chances[-1] = _result(table, seats)
    # from the last turn back: the cheapest playouts and the decisive turns come first,
    # and the k-th turns counted from the end, so the last turn is always among them
    for i in range(len(positions) - 2, -1, -1):
        if (turns_played - positions[i].turn) % every in (0, 1) and not work.spent:
            chances[i] = work.chances(positions[i], playouts, seats)
    rows = tuple({"turn": p.turn, "version": p.version, "chances": c}
                 for p, c in zip(positions, chances, strict=True))
    # the key moments: the turns whose player's chance fell most are looked at closer
    work.allowance = allowance
    screened = _screened(positions, chances)
    moments: list[KeyMoment] = []
    if screened:
        cost = CANDIDATES * sum(left[i] for i in screened) / len(screened)
        share = (allowance - work.decisions) / len(screened)
        closer = max(MIN_PLAYOUTS, min(MAX_PLAYOUTS, int(share / cost)))
        for i in screened:
            if work.spent:
                break
            moment = _key_moment(work, events, positions[i], positions[i + 1], proposer,
                                 closer)
            if moment is not None:
                moments.append(moment)
    moments.sort(key=lambda m: (-m.loss, m.turn))
    return WinChances(playouts=playouts, every=every, decisions=work.decisions,
                      turns=rows, key_moments=tuple(moments))


def _screened(positions: Sequence[_Position], chances: Sequence[list[float] | None]
              ) -> list[int]:
    """The turns (by the index of the position they start from) whose player's chance
    fell most from before to after it, at most `KEY_TURNS`, largest fall first: only
    turns with both ends analysed, a fall, and a player to choose at their start."""
    falls = []
    for i in range(len(positions) - 1):
        before, after, game = chances[i], chances[i + 1], positions[i].game
        if before is None or after is None:
            continue
        if game.phase != "playing" or game.step != "start":
            continue
        fall = before[game.current] - after[game.current]
        if fall > 0:
            falls.append((-fall, positions[i].turn, i))
    falls.sort()
    return [i for _, _, i in falls[:KEY_TURNS]]


def _positions(events: Sequence[Event]) -> tuple[list[_Position], Table]:
    """The game after the setup (turn 0) and after each turn, and the final table."""
    table: Table | None = None
    positions: list[_Position] = []
    turn = 0
    for i, e in enumerate(events):
        table = evolve_table(table, e)
        game = table.game
        if game is None:
            continue
        if not positions and game.phase != "setup":
            positions.append(_Position(0, table.version, i + 1, game))
        elif positions and isinstance(e, ev.GameEnded) and positions[-1].index == i:
            # the end right after a turn's end: the same turn (as `domain.analysis`)
            positions[-1] = _Position(turn, table.version, i + 1, game)
        elif positions and isinstance(e, ev.TurnEnded | ev.GameEnded):
            turn += 1
            positions.append(_Position(turn, table.version, i + 1, game))
    if table is None or table.score is None or not isinstance(events[-1], GameScored):
        raise NotScored("the game has not been scored")
    if not positions or positions[-1].game.phase != "ended":
        raise NotScored("the game did not end by its turns")
    return positions, table


def _result(table: Table, seats: int) -> list[float]:
    assert table.score is not None
    winners = [int(s["seat"]) for s in table.score if s["winner"]]
    return [round(1 / len(winners), 4) if s in winners else 0.0 for s in range(seats)]


class _Work:
    """The playouts, and the count of decisions they made (the budget's measure)."""

    def __init__(self, policy: Policy, allowance: int, seed: bytes) -> None:
        self.policy = policy
        self.allowance = allowance
        self.seed = seed
        self.decisions = 0

    @property
    def spent(self) -> bool:
        return self.decisions >= self.allowance

    def rng(self, *parts: object) -> random.Random:
        digest = hashlib.sha256(self.seed + repr(parts).encode()).digest()
        return random.Random(int.from_bytes(digest[:16], "big"))

    def dealt(self, game: Game, rng: random.Random) -> Game:
        """`game` with what was still to come dealt afresh: the deck and ticket deck."""
        deck = list(game.deck)
        tickets = list(game.ticket_deck)
        rng.shuffle(deck)
        rng.shuffle(tickets)
        return changed(game, deck=tuple(deck), ticket_deck=tuple(tickets),
                       seed=rng.randbytes(32))

    def shares(self, game: Game, rng: random.Random) -> list[float]:
        """Play `game` to its end by the policy: each seat's share of the win."""
        for _ in range(MAX_DECISIONS):
            if game.phase == "ended":
                break
            seat = _to_act(game)
            game = execute(game, seat, self.policy(game, seat, rng))[1]
            self.decisions += 1
        seats = len(game.players)
        if game.phase != "ended":
            return [1 / seats] * seats
        winners = [s.seat for s in score_game(game) if s.winner]
        return [1 / len(winners) if s in winners else 0.0 for s in range(seats)]

    def chances(self, position: _Position, playouts: int, seats: int) -> list[float]:
        total = [0.0] * seats
        for n in range(playouts):
            rng = self.rng("position", position.turn, n)
            for s, share in enumerate(self.shares(self.dealt(position.game, rng), rng)):
                total[s] += share
        return [round(t / playouts, 4) for t in total]

    def value(self, game: Game, seat: int, move: Command, turn: int,
              playouts: int) -> float:
        """`seat`'s win chance after `move` at `game` (the same deals for every move)."""
        total = 0.0
        for n in range(playouts):
            rng = self.rng("turn", turn, n)
            start = self.dealt(game, rng)
            after = execute(start, seat, move)[1]
            self.decisions += 1
            total += self.shares(after, rng)[seat]
        return round(total / playouts, 4)


def _to_act(game: Game) -> int:
    if game.phase == "setup":
        return next(s for s, p in enumerate(game.players) if p.pending_tickets)
    return game.current


def _chosen(events: Sequence[Event], before: _Position, after: _Position
            ) -> Command | None:
    """The first command of the turn played from `before` to `after`: the legal move
    whose first event is the one the game recorded (the real state, deck included,
    decides it the same way)."""
    game = before.game
    seat = game.current
    first = next((e for e in events[before.index:after.index]
                  if getattr(e, "seat", None) == seat), None)
    if first is None:
        return None
    for move in legal_moves(game, seat):
        try:
            made = decide(game, seat, move)
        except RuleViolation:
            continue
        if made and made[0] == first:
            return move
    return None


def _key_moment(work: _Work, events: Sequence[Event], before: _Position,
                after: _Position, proposer: Proposer, playouts: int) -> KeyMoment | None:
    game = before.game
    if game.phase != "playing" or game.step != "start":
        return None
    seat = game.current
    chosen = _chosen(events, before, after)
    if chosen is None:
        return None
    moves = [chosen]
    for move in proposer(game, seat, work.rng("propose", before.turn)):
        if move not in moves and len(moves) < CANDIDATES:
            moves.append(move)
    if len(moves) == 1:
        return None
    values = [work.value(game, seat, m, before.turn + 1, playouts) for m in moves]
    best = max(range(len(moves)), key=lambda i: (values[i], -i))
    loss = round(values[best] - values[0], 4)
    label = label_of(loss)
    if label is None or loss < noise(playouts):
        return None
    return KeyMoment(turn=before.turn + 1, seat=seat, version=before.version, label=label,
                     loss=loss, chosen=chosen.as_dict(), chosen_chance=values[0],
                     best=moves[best].as_dict(), best_chance=values[best])
