"""Random legal play: whole games played by picking uniformly among the legal moves.

Used by `ttr simulate`, the property-based tests and the benchmarks. The players'
choices come from `random.Random(choice_seed)`; the game's own shuffles come from
its secret seed as always, so a game is reproducible from the two seeds.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

from domain.decide import decide, execute_in_place
from domain.events import Event
from domain.evolve import evolve, replay
from domain.moves import legal_moves
from domain.setup import start_game
from domain.state import Game

Observer = Callable[[Game, Event], None]


def game_seed(seed: int, number: int) -> bytes:
    """The secret seed of game `number` of a simulation run with `seed`."""
    return hashlib.sha256(f"ttr-simulate:{seed}:{number}".encode()).digest()


def play_random_game(map_name: str, players: int, seed: bytes, choices: random.Random,
                     observe: Observer | None = None) -> tuple[Game, list[Event]]:
    """Play one game to its end; `observe(state, event)` sees every state after an event."""
    log = start_game(map_name, players, seed)
    game = replay(log)
    if observe is not None:
        for event in log:
            observe(game, event)
    while game.phase != "ended":
        if game.phase == "setup":
            seat = next(s for s, p in enumerate(game.players) if p.pending_tickets)
        else:
            seat = game.current
        moves = legal_moves(game, seat)
        if observe is None:
            # Speed: no one else sees the states of this loop, so each command
            # changes the state in place instead of copying it
            events, game = execute_in_place(game, seat, choices.choice(moves))
            log.extend(events)
            continue
        for event in decide(game, seat, choices.choice(moves)):
            game = evolve(game, event)
            log.append(event)
            observe(game, event)
    return game, log
