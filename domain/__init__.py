"""The rules of Ticket to Ride (North America, Europe, Nordic Countries) as pure functions.

A game's stream starts at its table (`create_game`, `decide_table`, `replay_table`,
`score_table` in `domain.table`); once it starts, `domain.decide` turns a command
into events or a `RuleViolation` (`decide_system` does the same for the server's
`TimeOut`), `domain.evolve` applies an event, `legal_moves` lists what a seat may
do, `score_game` scores a finished game and `audit` checks a whole log against the
rules and the seed. Nothing here does I/O.

`__all__` is the API the outer layers (events, referee, worker, service, bench) use;
`tests/unit/test_domain_surface.py` holds it, so a change to it is a visible diff.
"""

from domain.audit import audit, final_score_matches
from domain.autoplay import game_seed, play_random_game
from domain.board import Board, load_board
from domain.cards import KINDS, as_mapping
from domain.commands import COMMAND_TYPES, Command, TimeOut, command_from_dict
from domain.decide import decide_system
from domain.ending import score_game
from domain.events import (
    EVENT_TYPES,
    CardDrawnBlind,
    Event,
    GameEnded,
    GameStarted,
    PlayerDropped,
    PlayerResigned,
    TurnEnded,
    TurnTimedOut,
)
from domain.frozen import freeze, thaw
from domain.longest_path import longest_path
from domain.maps import MAP_NAMES, MapEntry, map_entry, map_names
from domain.moves import legal_moves
from domain.rules import RULES_VERSION, Rules, rules_for
from domain.shuffle import commitment
from domain.state import Game, PendingTunnel, Player
from domain.table import (
    MAX_TURN_TIME_LIMIT,
    TABLE_EVENT_TYPES,
    GameCreated,
    GameScored,
    Seat,
    SeatLeft,
    SeatTaken,
    StartGame,
    Table,
    TableCommand,
    TakeSeat,
    create_game,
    decide_table,
    evolve_table,
    replay_table,
    score_table,
    turn_key,
)
from domain.violations import CODES, RuleViolation

__all__ = [
    "CODES", "COMMAND_TYPES", "EVENT_TYPES", "KINDS", "MAP_NAMES", "MAX_TURN_TIME_LIMIT",
    "RULES_VERSION", "TABLE_EVENT_TYPES", "Board", "CardDrawnBlind", "Command", "Event", "Game",
    "GameCreated", "GameEnded", "GameScored", "GameStarted", "MapEntry", "PendingTunnel", "Player",
    "PlayerDropped", "PlayerResigned", "RuleViolation", "Rules", "Seat", "SeatLeft", "SeatTaken",
    "StartGame", "Table", "TableCommand", "TakeSeat", "TimeOut", "TurnEnded", "TurnTimedOut",
    "as_mapping", "audit", "command_from_dict", "commitment", "create_game", "decide_system",
    "decide_table", "evolve_table", "final_score_matches", "freeze", "game_seed", "legal_moves",
    "load_board", "longest_path", "map_entry", "map_names", "play_random_game", "replay_table",
    "rules_for", "score_game", "score_table", "thaw", "turn_key"
]
