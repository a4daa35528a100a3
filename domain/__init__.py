"""The rules of Ticket to Ride (North America, Europe, Nordic Countries) as pure functions.

`start_game` deals a game from a seed; `decide` turns a command into events or a
`RuleViolation` (`decide_system` does the same for the server's `TimeOut`); `evolve`
applies an event; `legal_moves` lists what a seat may do; `final_scores` scores a
finished game; `audit` checks a whole log against the rules and the seed. Nothing
here does I/O.
"""

from domain.audit import AuditReport, audit, final_score_matches
from domain.board import Board, Route, Ticket, load_board
from domain.commands import Command, Resign, TimeOut, command_from_dict
from domain.decide import decide, decide_system
from domain.events import EVENT_TYPES, Event, event_from_dict
from domain.evolve import evolve, replay
from domain.maps import MAP_NAMES
from domain.moves import legal_moves
from domain.rules import RULES_VERSION, Rules, rules_for
from domain.setup import start_game
from domain.state import Game, Player
from domain.violations import CODES, RuleViolation

__all__ = [
    "CODES", "EVENT_TYPES", "MAP_NAMES", "RULES_VERSION", "AuditReport", "Board", "Command",
    "Event", "Game", "Player", "Resign", "Route", "RuleViolation", "Rules", "Ticket",
    "TimeOut", "audit", "command_from_dict", "decide", "decide_system", "event_from_dict",
    "evolve", "final_score_matches", "legal_moves", "load_board", "replay", "rules_for",
    "start_game",
]
