"""Random legal play: whole games played by picking uniformly among the legal moves.

Used by `ttr simulate`, the property-based tests and the benchmarks. The players'
choices come from `random.Random(choice_seed)`; the game's own shuffles come from
its secret seed as always, so a game is reproducible from the two seeds.

With `Leaving` the random players also leave sometimes: before each decision the
player to act may resign, or let the deadline pass (the system's `TimeOut`, with
the policy's `drop_after`). Without it no extra random number is drawn, so the
games are the same as ever.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from domain.commands import Command, Resign, TimeOut
from domain.decide import decide, decide_system, execute_system, run_command
from domain.events import Event
from domain.evolve import evolve, replay
from domain.moves import legal_moves
from domain.setup import start_game
from domain.state import Game
from domain.turn import Turn

Observer = Callable[[Game, Event], None]


@dataclass(frozen=True, slots=True)
class Leaving:
    """How often random players leave: the chance, before each decision, that the
    player to act resigns, or that their deadline passes; and the drop policy."""

    resign: float = 0.0
    time_out: float = 0.0
    drop_after: int | None = 3


_EPOCH = datetime(2030, 1, 1, tzinfo=UTC)


def deadline(number: int) -> str:
    """A made-up ISO-8601 deadline for the `number`-th time-out of a random game."""
    return (_EPOCH + timedelta(hours=number)).isoformat().replace("+00:00", "Z")


def game_seed(seed: int, number: int) -> bytes:
    """The secret seed of game `number` of a simulation run with `seed`."""
    return hashlib.sha256(f"ttr-simulate:{seed}:{number}".encode()).digest()


def play_random_game(map_name: str, players: int, seed: bytes, choices: random.Random,
                     observe: Observer | None = None,
                     leaving: Leaving | None = None) -> tuple[Game, list[Event]]:
    """Play one game to its end; `observe(state, event)` sees every state after an event."""
    log = start_game(map_name, players, seed)
    game = replay(log)
    if observe is not None:
        for event in log:
            observe(game, event)
    timeouts = 0
    while game.phase != "ended":
        if game.phase == "setup":
            seat = next(s for s, p in enumerate(game.players) if p.pending_tickets)
        else:
            seat = game.current
        events: list[Event]
        if leaving is not None and (roll := choices.random()) < leaving.resign + leaving.time_out:
            if roll < leaving.resign:
                events, game = _run(game, seat, Resign(), observe)
            else:
                timeouts += 1
                command = TimeOut((seat,), deadline(timeouts), leaving.drop_after)
                if observe is None:
                    events, game = execute_system(game, command)
                else:
                    events = decide_system(game, command)
                    game = _observed(game, events, observe)
            log.extend(events)
            continue
        moves = legal_moves(game, seat)
        if observe is None:
            # Speed: no one else sees the states of this loop, so each command
            # changes the state in place instead of copying it (as `_execute_in_place`)
            events, game = run_command(Turn(game, owned=True), seat, choices.choice(moves))
            log.extend(events)
            continue
        events = decide(game, seat, choices.choice(moves))
        game = _observed(game, events, observe)
        log.extend(events)
    return game, log


def _execute_in_place(game: Game, seat: int, command: Command) -> tuple[list[Event], Game]:
    """`domain.decide.execute` for the loop above, which holds the only reference to
    `game` and to its players and gives them up: the events are applied to them in
    place (see `domain._in_place`), and `game` is returned. Only for a legal command:
    a refused one may leave `game` half changed."""
    return run_command(Turn(game, owned=True), seat, command)


def _run(game: Game, seat: int, command: Resign,
         observe: Observer | None) -> tuple[list[Event], Game]:
    if observe is None:
        return _execute_in_place(game, seat, command)
    events = decide(game, seat, command)
    return events, _observed(game, events, observe)


def _observed(game: Game, events: list[Event], observe: Observer) -> Game:
    for event in events:
        game = evolve(game, event)
        observe(game, event)
    return game
