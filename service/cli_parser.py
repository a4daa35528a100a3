"""The `ttr` command's parser: every subcommand with its description, its options and
their defaults, and the environment variables it reads."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from domain.maps import map_names
from domain.stand_ins import BOT_LEVELS
from worker.arguments import HelpFormatter, Parser, at_least

# the ladder's games in which every pair of levels meets once, each level on either seat
LADDER_CYCLE = len(BOT_LEVELS) * (len(BOT_LEVELS) - 1)


def count(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least `least`."""
    return at_least(least, int)


def ttr_version() -> str:
    try:
        return version("ttr-service")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


# -- the parser ------------------------------------------------------------------------------

STORE_ENV = ("environment: TTR_DATABASE_URL (postgresql://… or sqlite:///FILE; unset: "
             "./ttr.sqlite3)")


def _subcommand(commands: Any, name: str, summary: str, description: str,
                epilog: str | None = None, **options: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        name, help=summary, description=description, epilog=epilog,
        formatter_class=HelpFormatter, **options)
    return parser


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="ttr", description="Ticket to Ride game service: the API server, "
                    "its worker and the engine's tools.", formatter_class=HelpFormatter,
                    epilog="Every command and setting is described in the README "
                    "(README: The command line, Configuration); for client developers: "
                    "docs/clients.md.")
    parser.add_argument("--version", action="version", version=f"ttr {ttr_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    _engine_commands(commands)
    _server_commands(commands)
    # `ttr worker …`: its own options (see `ttr worker --help`) go to worker.main
    commands.add_parser("worker", help="run an RQ worker with its scheduler", add_help=False)
    # `ttr tournament …`: its own options (see `ttr tournament --help`) go to bots
    commands.add_parser("tournament", help="play seeded games between bots", add_help=False)
    return parser


def _engine_commands(commands: Any) -> None:
    maps = _subcommand(commands, "maps", "print a board as JSON",
                       "Print a map's board as JSON: cities, routes (with their ids) and "
                       "tickets.")
    maps.add_argument("map", choices=map_names(), help="the map")

    sim = _subcommand(commands, "simulate", "play random legal games through the engine",
                      "Play random legal games through the rules engine (no database), "
                      "then print the rate, or one JSON object per game with --json.")
    sim.add_argument("--map", choices=map_names(), default="usa", help="the map")
    sim.add_argument("--players", type=count(1), default=4,
                     help="players per game (the map's range)")
    sim.add_argument("--games", type=count(1), default=100, help="games to play")
    sim.add_argument("--seed", type=int, default=0,
                     help="the seed: the same seed plays the same games")
    sim.add_argument("--json", action="store_true",
                     help="print one JSON object per game instead of the rate")



def _server_commands(commands: Any) -> None:
    serve = _subcommand(
        commands, "serve", "run the API under gunicorn",
        "Run the API under gunicorn: gevent workers with PostgreSQL and Redis, one "
        "threaded worker in the embedded mode (SQLite, jobs in-process). With several "
        "workers and no PROMETHEUS_MULTIPROC_DIR, /metrics sums the workers through a "
        "temporary directory made and removed here.",
        "environment: every TTR_* setting of the server (README: Configuration), notably "
        "TTR_DATABASE_URL, TTR_REDIS_URL, TTR_BIND, TTR_WEB_WORKERS, TTR_ADMIN_TOKEN; "
        "PROMETHEUS_MULTIPROC_DIR")
    serve.add_argument("--bind", help="host:port (default: $TTR_BIND, else 127.0.0.1:8000)")
    serve.add_argument("--workers", type=count(1),
                       help="gunicorn worker processes (default: $TTR_WEB_WORKERS, else "
                       "one per core; always 1 in the embedded mode)")

    _subcommand(commands, "migrate", "create or upgrade the database schema",
                "Create or upgrade the database schema (idempotent).", STORE_ENV)

    _subcommand(commands, "openapi", "print the OpenAPI contract (openapi.yaml)",
                "Print the OpenAPI contract the server serves at /openapi.yaml.")

    ratings = _subcommand(
        commands, "ratings", "the ratings projection",
        "Recompute every rating, result and statistic from the games' logs, in the order "
        "the games ended, judging every game by the rules of docs/ratings.md (those scored "
        "before the rules too): the figures the ratings job stored, exactly.", STORE_ENV)
    ratings.add_argument("action", choices=["rebuild"],
                         help="rebuild: recompute every rating from the logs")

    bots = _subcommand(
        commands, "bots", "the built-in bots",
        "ladder: play rated two-seat games between the bot levels "
        f"({', '.join(BOT_LEVELS)}: every pair in turn, each level on either seat), "
        "through the referee and the bots' own moves, then score and rate them: each "
        "level's rating on the bots' board is then earned against the others. One JSON "
        "line per game (its id, levels by seat, winners).",
        "environment: every TTR_* setting of the worker (TTR_DATABASE_URL, TTR_REDIS_URL "
        "to tell live pages, TTR_BOT_BUDGET_MS, TTR_BOT_SETUP_BUDGET_MS)")
    bots.add_argument("action", choices=["ladder"], help="ladder: play rated games")
    bots.add_argument("--games", type=count(1), default=LADDER_CYCLE,
                      help="games to play (default: every pair once on either seat)")
    bots.add_argument("--map", choices=map_names(), default="usa", help="the map")

    export = _subcommand(
        commands, "export", "write games' logs as NDJSON",
        "Write a game's log as NDJSON, as GET /v1/games/{id}/export gives it to a "
        "spectator: complete once the game has ended, the public log before. Several "
        "games (or --finished) go to one file each in --dir.", STORE_ENV)
    export.add_argument("game_id", nargs="*", help="the games to export")
    export.add_argument("--finished", action="store_true",
                        help="export every finished game too (with --dir)")
    where = export.add_mutually_exclusive_group()
    where.add_argument("--out", help="the file for one game (default: standard output)")
    where.add_argument("--dir", help="a directory: each game goes to DIR/GAME_ID.ndjson")

    verify = _subcommand(
        commands, "verify", "verify exported games, with no database",
        "Replay exports through the rules with no database. One file: its verdict as "
        "JSON. Several: one JSON line per file. Exit status 1 if any does not verify.")
    verify.add_argument("files", nargs="+", metavar="FILE",
                        help="an export (NDJSON); - for standard input")
