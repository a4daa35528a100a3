"""A finished game whose best move is known, for the computer analysis's tests: on its
last turn of all one claim wins it, and its player draws two cards instead and loses
(the unit tests of `domain.win_chances`, the replay's win-chance graph)."""

from __future__ import annotations

import random
from functools import cache

from bots.agent import Agent
from bots.agents.route_focus import RouteFocusAgent
from bots.agents.strong import StrongAgent
from bots.analysis_policy import strong_policy
from bots.play import decide_for
from domain.autoplay import game_seed
from domain.commands import ClaimRoute, DrawCard
from domain.decide import execute
from domain.events import Event
from domain.evolve import replay
from domain.setup import start_game
from domain.table import SeatTaken, create_game, replay_table, score_table

LAST_TURN_GAME = 51  # the game (of `game_seed(30, n)`) whose last turn one claim wins


@cache
def thrown_last_turn() -> tuple[tuple[Event, ...], ClaimRoute]:
    """A strong-against-route-focus game on the USA played to the last turn of all,
    where a claim of the last player's would win it; that player draws two cards
    instead and loses. The stream, scored, and the winning claim."""
    seed = game_seed(30, LAST_TURN_GAME)
    played: list[Event] = list(start_game("usa", 2, seed))
    game = replay(played)
    agents: list[Agent] = [StrongAgent(), RouteFocusAgent()]
    rng = random.Random(LAST_TURN_GAME)
    while not (game.phase == "playing" and game.step == "start"
               and game.final_turns_owed == (game.current,)):
        seat = (next(s for s, p in enumerate(game.players) if p.pending_tickets)
                if game.phase == "setup" else game.current)
        events, game = execute(game, seat, decide_for(game, seat, agents[seat], rng))
        played += events
    seat = game.current
    winning = strong_policy(game, seat, random.Random(0))
    assert isinstance(winning, ClaimRoute)
    for _ in range(2):
        events, game = execute(game, seat, DrawCard("deck"))
        played += events
    assert game.phase == "ended"
    stream: list[Event] = [*create_game(map_name="usa", seats=2, created_by="u0", seed=seed),
                           *(SeatTaken(seat=i, user_id=f"u{i}", name=f"U{i}", bot=None)
                             for i in range(2)), *played]
    stream += score_table(replay_table(stream))
    return tuple(stream), winning
