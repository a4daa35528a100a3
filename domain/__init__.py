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

from domain.analysis import analyse
from domain.audit import audit, final_score_matches
from domain.autoplay import game_seed, play_random_game
from domain.board import GRAY, Board, Route
from domain.cards import (
    CARDS_PER_COLOR,
    COLORS,
    KIND_INDEX,
    KINDS,
    LOCO,
    LOCOMOTIVE,
    LOCOMOTIVES_IN_DECK,
    Counts,
    as_mapping,
    counts_of,
    subtract,
)
from domain.commands import (
    COMMAND_TYPES,
    BuildStation,
    ClaimRoute,
    Command,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    KeepTickets,
    PayTunnel,
    Resign,
    TimeOut,
    command_from_dict,
)
from domain.deadline_pauses import deadline_after, pause_deadline, resume_deadline
from domain.decide import decide_system, execute
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
from domain.evolve import replay
from domain.frozen import freeze, thaw
from domain.hints import HintGiven, check_hint, give_hint
from domain.longest_path import forget_counted, longest_path
from domain.maps import MAP_NAMES, MapEntry, load_board, map_entry, map_names, rules_for
from domain.matching import FormedTable, Seeking, form_tables
from domain.moves import legal_moves
from domain.payment import locomotives_allowed
from domain.rating import NEW_PLAYER, PROVISIONAL_GAMES, Result, Skill, rate, result_of
from domain.rating_rules import (
    ESTABLISHED_GAMES,
    LEADERBOARD_MIN_GAMES,
    MIN_OWN_TURNS,
    PLAY_EVENTS,
    REASONS,
    REPEAT_WINDOW,
    REPEATS_RATED,
    Contender,
    judge,
    pair,
)
from domain.reactions import FAREWELLS, REACTIONS, ReactionSent, check_reaction, react
from domain.rules import RULES_VERSION, Rules
from domain.setup import start_game
from domain.shuffle import commitment
from domain.stand_ins import (
    BOT_LEVELS,
    MAX_BOTS_PER_LEVEL,
    PlayerReturned,
    ReturnToSeat,
    SeatBot,
    StandInSeated,
    bot_name,
    bot_user_id,
)
from domain.standings import Standing, TableResult, placing_points, standings
from domain.state import FREE, Game, PendingTunnel, Phase, Player, Step
from domain.swiss import meetings, pair_round, table_sizes
from domain.table import (
    MAX_TURN_TIME_LIMIT,
    TABLE_EVENT_TYPES,
    GameCreated,
    GameScored,
    LeaveSeat,
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
    invite_matches,
    replay_table,
    score_table,
    seats_to_act,
    time_out_table,
    turn_key,
)
from domain.tournament_log import (
    TOURNAMENT_EVENT_TYPES,
    EntrantJoined,
    EntrantLeft,
    EntrantWithdrawn,
    GameResult,
    RoundPaired,
    StartBroughtForward,
    Tournament,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    fold_tournament,
    next_round_tables,
    tournament_event_from_dict,
    tournament_over,
)
from domain.vacations import (
    MAX_VACATION_DAYS,
    AwayPeriod,
    DeadlinePaused,
    DeadlineResumed,
    check_vacation,
    days_left,
    is_correspondence,
)
from domain.violations import CODES, RuleViolation
from domain.win_chances import SECONDS_PER_DECISION, NotScored, estimate_win_chances

__all__ = [
    "AwayPeriod", "DeadlinePaused", "DeadlineResumed", "MAX_VACATION_DAYS", "check_vacation",
    "days_left", "deadline_after", "is_correspondence", "pause_deadline", "resume_deadline",
    "FormedTable", "Seeking", "form_tables",
    "TOURNAMENT_EVENT_TYPES", "EntrantJoined", "EntrantLeft", "EntrantWithdrawn", "GameResult",
    "RoundPaired", "StartBroughtForward",
    "Standing", "TableResult", "Tournament", "TournamentCreated", "TournamentEvent",
    "TournamentFinished", "fold_tournament", "meetings", "next_round_tables", "pair_round",
    "placing_points", "standings", "table_sizes", "tournament_event_from_dict", "tournament_over",
    "ESTABLISHED_GAMES", "LEADERBOARD_MIN_GAMES", "MIN_OWN_TURNS", "PLAY_EVENTS", "REASONS",
    "REPEATS_RATED", "REPEAT_WINDOW", "Contender", "judge", "pair",
    "BOT_LEVELS", "CARDS_PER_COLOR", "CODES", "COLORS", "COMMAND_TYPES", "EVENT_TYPES", "FREE",
    "GRAY", "KINDS", "KIND_INDEX", "LOCO", "LOCOMOTIVE", "LOCOMOTIVES_IN_DECK", "MAP_NAMES",
    "MAX_BOTS_PER_LEVEL", "MAX_TURN_TIME_LIMIT", "NEW_PLAYER", "PROVISIONAL_GAMES",
    "RULES_VERSION", "TABLE_EVENT_TYPES", "Board", "BuildStation", "CardDrawnBlind", "ClaimRoute",
    "Command", "Counts", "DeclineTunnel", "DrawCard", "DrawTickets", "Event", "Game",
    "GameCreated", "GameEnded", "GameScored", "GameStarted", "HintGiven", "KeepTickets",
    "LeaveSeat",
    "MapEntry", "PayTunnel", "PendingTunnel", "Phase", "Player", "PlayerDropped", "PlayerResigned",
    "PlayerReturned", "Resign", "Result", "ReturnToSeat", "Route", "RuleViolation", "Rules",
    "Seat", "SeatBot", "SeatLeft", "SeatTaken", "Skill", "StandInSeated", "StartGame", "Step",
    "Table", "TableCommand", "TakeSeat", "TimeOut", "TurnEnded", "TurnTimedOut", "analyse",
    "as_mapping", "audit", "bot_name", "bot_user_id", "check_hint", "command_from_dict",
    "commitment",
    "counts_of", "create_game", "decide_system", "decide_table", "evolve_table", "execute",
    "invite_matches",
    "final_score_matches", "forget_counted", "freeze", "game_seed", "give_hint", "legal_moves",
    "load_board",
    "locomotives_allowed", "longest_path", "map_entry", "map_names", "play_random_game", "rate",
    "replay", "replay_table", "result_of", "rules_for", "score_game", "score_table",
    "seats_to_act", "start_game", "subtract", "thaw", "time_out_table", "turn_key",
    "SECONDS_PER_DECISION", "NotScored", "estimate_win_chances",
    "FAREWELLS", "REACTIONS", "ReactionSent", "check_reaction", "react",
]
