"""The public surface of `domain`: what the outer layers use is what `domain` promises.

Every name that a module of an outer layer (events, referee, worker, service, bench)
imports from `domain` or from any `domain.*` module is in `domain.__all__`, and
`__all__` is pinned, so that a change to the surface shows up as a diff here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import domain

ROOT = Path(__file__).resolve().parents[2]
OUTER_LAYERS = ("bots", "events", "referee", "worker", "service", "bench")

PUBLIC_API = [
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
    "BOT_LEVELS", "Board", "BuildStation", "CARDS_PER_COLOR", "CODES", "COLORS", "COMMAND_TYPES",
    "CardDrawnBlind", "ClaimRoute", "Command", "Counts", "DeclineTunnel", "DrawCard",
    "DrawTickets", "EVENT_TYPES", "Event", "FREE", "GRAY", "Game", "GameCreated", "GameEnded",
    "GameScored", "GameStarted", "HintGiven", "KINDS", "KIND_INDEX", "KeepTickets", "LOCO",
    "LOCOMOTIVE",
    "LOCOMOTIVES_IN_DECK", "LeaveSeat", "MAP_NAMES", "MAX_BOTS_PER_LEVEL", "MAX_TURN_TIME_LIMIT",
    "MapEntry", "NEW_PLAYER", "PROVISIONAL_GAMES", "PayTunnel", "PendingTunnel", "Phase", "Player",
    "PlayerDropped", "PlayerResigned", "PlayerReturned", "RULES_VERSION", "Resign", "Result",
    "ReturnToSeat", "Route", "RuleViolation", "Rules", "Seat", "SeatBot", "SeatLeft", "SeatTaken",
    "Skill", "StandInSeated", "StartGame", "Step", "TABLE_EVENT_TYPES", "Table", "TableCommand",
    "TakeSeat", "TimeOut", "TurnEnded", "TurnTimedOut", "analyse", "as_mapping", "audit",
    "bot_name", "bot_user_id", "check_hint", "command_from_dict", "commitment", "counts_of",
    "create_game",
    "decide_system", "decide_table", "evolve_table", "execute", "final_score_matches",
    "forget_counted", "freeze",
    "invite_matches",
    "game_seed", "give_hint", "legal_moves", "load_board", "locomotives_allowed", "longest_path",
    "map_entry",
    "map_names", "play_random_game", "rate", "replay", "replay_table", "result_of", "rules_for",
    "score_game", "score_table", "seats_to_act", "start_game", "subtract", "thaw",
    "time_out_table", "turn_key",
    "SECONDS_PER_DECISION", "NotScored", "estimate_win_chances",
    "FAREWELLS", "REACTIONS", "ReactionSent", "check_reaction", "react",
]


def _names_imported_from_domain() -> dict[str, list[str]]:
    """Each name an outer layer imports from domain, with where it is imported."""
    found: dict[str, list[str]] = {}
    for layer in OUTER_LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                        node.module == "domain" or node.module.startswith("domain.")):
                    for alias in node.names:
                        found.setdefault(alias.name, []).append(
                            f"{path.relative_to(ROOT)}:{node.lineno}")
                elif isinstance(node, ast.Import):
                    for alias in node.names:
                        assert alias.name.split(".")[0] != "domain", (
                            f"{path.relative_to(ROOT)}:{node.lineno} imports a domain module "
                            "whole; import the names it uses")
    return found


def test_the_outer_layers_import_from_domain_only_what_it_exports() -> None:
    used = _names_imported_from_domain()
    assert used, "the outer layers import nothing from domain?"
    missing = {name: where for name, where in used.items() if name not in domain.__all__}
    assert not missing, f"add these to domain.__all__ (and PUBLIC_API): {missing}"


def test_the_public_surface_is_pinned() -> None:
    assert sorted(domain.__all__) == sorted(PUBLIC_API)
    assert len(set(domain.__all__)) == len(domain.__all__)


def test_every_exported_name_exists() -> None:
    for name in domain.__all__:
        assert hasattr(domain, name), name
