"""Random legal games of every map and player count keep the game's invariants, also
when random players resign, time out and get dropped."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings

from domain.autoplay import Leaving, deadline, play_random_game
from domain.cards import TOTAL_CARDS
from domain.commands import Resign, TimeOut
from domain.decide import decide, decide_system, market_reset_possible
from domain.events import Event, MarketRefilled, MarketReset
from domain.evolve import evolve, replay
from domain.moves import legal_moves
from domain.setup import start_game
from domain.state import Game
from tests.strategies import choice_seeds, game_seeds, leaving, map_and_players

MAX_COMMANDS = 5000

property_settings = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def _check_state(game: Game) -> None:
    assert game.total_cards() == TOTAL_CARDS
    for player in game.players:
        assert player.trains >= 0
        assert player.stations_left >= 0
        assert min(player.hand) >= 0
    assert min(game.discard) >= 0


def _check_market(game: Game, events: list[Event], tolerated: bool) -> bool:
    """No market of 3+ locomotives that the ruling says should have been reset.

    Returns whether a 3+ locomotive market is tolerated now: after the cap of resets
    in a row it stays until the market next changes (`tolerated` carries that over).
    """
    rules = game.rules
    if not rules.market_reset or game.market_locomotives() < rules.market_reset_locomotives:
        return False
    if not any(isinstance(e, MarketRefilled | MarketReset) for e in events):
        assert tolerated, "an untouched market keeps the verdict it had"
        return True
    resets = sum(1 for e in events if isinstance(e, MarketReset))
    assert resets >= rules.market_reset_max_in_a_row or not market_reset_possible(game)
    return True


def _play_checked(map_name: str, players: int, seed: bytes, choices: random.Random,
                  leave: Leaving | None = None) -> None:
    log = start_game(map_name, players, seed)
    game = replay(log)
    _check_state(game)
    tolerated = _check_market(game, log, False)
    for number in range(MAX_COMMANDS):
        if game.phase == "ended":
            break
        seat = (next(s for s, p in enumerate(game.players) if p.pending_tickets)
                if game.phase == "setup" else game.current)
        assert game.players[seat].out is None, "a player who left never acts again"
        for other, p in enumerate(game.players):
            if p.out is not None:
                assert legal_moves(game, other) == []
        moves = legal_moves(game, seat)
        assert moves, "a player to act always has a legal move (a pass at worst)"
        kept_before = [p.tickets for p in game.players]
        roll = choices.random() if leave is not None else 1.0
        if leave is not None and roll < leave.resign:
            events = decide(game, seat, Resign())
        elif leave is not None and roll < leave.resign + leave.time_out:
            events = decide_system(game, TimeOut((seat,), deadline(number), leave.drop_after))
        else:
            events = decide(game, seat, choices.choice(moves))
        for event in events:
            game = evolve(game, event)
            _check_state(game)
        tolerated = _check_market(game, events, tolerated)
        for before, player in zip(kept_before, game.players, strict=True):
            assert player.tickets[:len(before)] == before, "kept tickets are never lost"
        log.extend(events)
    assert game.phase == "ended", "every game ends"
    assert replay(log) == game, "evolve over the whole log rebuilds the same state"


@property_settings
@given(map_and_players, game_seeds, choice_seeds)
def test_random_games_keep_every_invariant(
    map_players: tuple[str, int], seed: bytes, choice_seed: int
) -> None:
    map_name, players = map_players
    _play_checked(map_name, players, seed, random.Random(choice_seed))


@settings(max_examples=10, deadline=None)
@given(map_and_players, game_seeds, choice_seeds)
def test_same_seeds_play_the_same_game(
    map_players: tuple[str, int], seed: bytes, choice_seed: int
) -> None:
    map_name, players = map_players
    first, log1 = play_random_game(map_name, players, seed, random.Random(choice_seed))
    second, log2 = play_random_game(map_name, players, seed, random.Random(choice_seed))
    assert log1 == log2
    assert first == second


@property_settings
@given(map_and_players, game_seeds, choice_seeds, leaving)
def test_random_games_with_players_leaving_keep_every_invariant(
    map_players: tuple[str, int], seed: bytes, choice_seed: int, leave: Leaving
) -> None:
    map_name, players = map_players
    _play_checked(map_name, players, seed, random.Random(choice_seed), leave)


@settings(max_examples=10, deadline=None)
@given(map_and_players, game_seeds, choice_seeds, leaving)
def test_same_seeds_and_leaving_play_the_same_game(
    map_players: tuple[str, int], seed: bytes, choice_seed: int, leave: Leaving
) -> None:
    map_name, players = map_players
    first, log1 = play_random_game(map_name, players, seed, random.Random(choice_seed),
                                   leaving=leave)
    second, log2 = play_random_game(map_name, players, seed, random.Random(choice_seed),
                                    leaving=leave)
    assert log1 == log2 and first == second
    assert first.phase == "ended" and replay(log1) == first


def test_every_map_and_player_count_plays_to_the_end() -> None:
    from tests.strategies import MAP_PLAYERS

    for number, (map_name, players) in enumerate(MAP_PLAYERS):
        _play_checked(map_name, players, bytes([number]) * 32, random.Random(number))


def test_every_map_and_player_count_plays_to_the_end_with_players_leaving() -> None:
    from tests.strategies import MAP_PLAYERS

    seen: set[str] = set()
    for number, (map_name, players) in enumerate(MAP_PLAYERS):
        leave = Leaving(resign=0.004, time_out=0.05, drop_after=2)
        _play_checked(map_name, players, bytes([number]) * 32, random.Random(number), leave)
        game, log = play_random_game(map_name, players, bytes([number]) * 32,
                                     random.Random(number), leaving=leave)
        seen.update(e.TYPE for e in log)
        seen.add(f"ended:{game.end_reason}")
    assert {"player_resigned", "turn_timed_out", "player_dropped", "seed_revealed",
            "ended:last_player"} <= seen
