"""The `ttr` command line: the server, the worker, migrations, the contract, and the
engine's own tools (`ttr maps`, `ttr simulate`)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from domain.autoplay import game_seed, play_random_game
from domain.board import load_board
from domain.ending import score_game
from domain.maps import map_names
from domain.rules import rules_for


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ttr", description="Ticket to Ride game service")
    commands = parser.add_subparsers(dest="command", required=True)

    maps = commands.add_parser("maps", help="print a board as JSON")
    maps.add_argument("map", choices=map_names())

    sim = commands.add_parser("simulate", help="play random legal games through the engine")
    sim.add_argument("--map", choices=map_names(), default="usa")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true",
                     help="print one JSON object per game instead of the rate")

    serve = commands.add_parser("serve", help="run the API under gunicorn (TTR_* settings)")
    serve.add_argument("--bind", help="host:port (default TTR_BIND or 127.0.0.1:8000)")
    serve.add_argument("--workers", type=int, help="gunicorn worker processes")

    commands.add_parser("migrate", help="create or upgrade the database schema")

    commands.add_parser("openapi", help="print the OpenAPI contract (openapi.yaml)")

    ratings = commands.add_parser("ratings", help="the ratings projection")
    ratings.add_argument("action", choices=["rebuild"],
                         help="rebuild: recompute every rating from the logs")

    export = commands.add_parser("export", help="write a game's log as NDJSON")
    export.add_argument("game_id")
    export.add_argument("--out", help="file to write (default: standard output)")

    verify = commands.add_parser("verify", help="verify an exported game, with no database")
    verify.add_argument("file", help="an export (NDJSON); - for standard input")

    # `ttr worker …`: its own options (see `ttr worker --help`) go to worker.main
    commands.add_parser("worker", help="run an RQ worker with its scheduler", add_help=False)

    # `ttr tournament …`: its own options (see `ttr tournament --help`) go to bots
    commands.add_parser("tournament", help="play seeded games between bots", add_help=False)

    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["worker"]:
        return _worker(arguments[1:])
    if arguments[:1] == ["tournament"]:
        from bots.tournament import main as tournament

        return tournament(arguments[1:])
    args = parser.parse_args(arguments)
    if args.command == "serve":
        from service.serve import serve as run_server

        return run_server(args.bind, args.workers)
    if args.command == "migrate":
        return _migrate()
    if args.command == "openapi":
        return _openapi()
    if args.command == "ratings":
        return _rebuild_ratings()
    if args.command == "export":
        return _export(args.game_id, args.out)
    if args.command == "verify":
        return _verify(args.file)
    if args.command == "maps":
        json.dump(load_board(args.map).as_dict(), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    return _simulate(args.map, args.players, args.games, args.seed, args.json)


def _worker(argv: list[str]) -> int:
    """`ttr worker`; with `TTR_WORKER_METRICS_PORT` it also serves its `/metrics`."""
    from referee.settings import settings_from_env
    from worker.main import run_worker

    settings = settings_from_env()
    port = settings.worker_metrics_port
    if port and "-h" not in argv and "--help" not in argv:
        if not port.isdigit() or not 0 < int(port) < 65536:
            print(f"ttr worker: TTR_WORKER_METRICS_PORT must be a port number, not {port!r}",
                  file=sys.stderr)
            return 2
        from service.observability import serve_worker_metrics

        serve_worker_metrics(int(port), settings.redis_url, _queue_of(argv) or settings.queue)
    return int(run_worker(argv))


def _queue_of(argv: list[str]) -> str | None:
    """The `--queue` that `ttr worker` was given, if any."""
    for i, arg in enumerate(argv):
        if arg.startswith("--queue="):
            return arg.split("=", 1)[1]
        if arg == "--queue" and i + 1 < len(argv):
            return argv[i + 1]
    return None


def _migrate() -> int:
    from events import open_store
    from service.config import from_env

    settings = from_env()
    store = open_store(settings.database_url)
    applied = store.migrate()
    print(f"schema at version {store.schema_version()}"
          + (f" (applied {', '.join(map(str, applied))})" if applied else " (up to date)"))
    store.close()
    return 0


def _rebuild_ratings() -> int:
    """Recompute the ratings, results and statistics from the logs, in game-end order."""
    from events import open_store
    from service.config import from_env

    store = open_store(from_env().database_url)
    store.migrate()
    started = time.perf_counter()
    games = store.rebuild_ratings()
    print(f"ratings rebuilt from {games} scored games in {time.perf_counter() - started:.1f} s")
    store.close()
    return 0


def _export(game_id: str, out: str | None) -> int:
    """The same export as GET /v1/games/{id}/export for a spectator: complete once the
    game has ended, the public log before."""
    from events import GameLog, GameNotFound, open_store
    from service.api.audit import export_lines
    from service.config import from_env
    from service.views import Viewer, ended

    store = open_store(from_env().database_url)
    try:
        table = GameLog(store).load(game_id)
    except GameNotFound:
        print(f"ttr: there is no game {game_id}", file=sys.stderr)
        return 1
    lines = export_lines(store, game_id, Viewer(None, None), ended(table))
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.writelines(lines)
    else:
        sys.stdout.writelines(lines)
    store.close()
    return 0


def _verify(path: str) -> int:
    from events.verify import verify_export

    if path == "-":
        verdict = verify_export(sys.stdin.read().splitlines())
    else:
        with open(path, encoding="utf-8") as f:
            verdict = verify_export(f.read().splitlines())
    print(json.dumps(verdict.as_dict(), indent=1))
    return 0 if verdict.ok else 1


def _openapi() -> int:
    import tempfile

    from service.api.pages import spec_yaml
    from service.app import create_app
    from service.config import Settings

    with tempfile.TemporaryDirectory() as scratch:
        app = create_app(Settings(database_url=f"sqlite:///{scratch}/spec.sqlite3"))
        sys.stdout.write(spec_yaml(app))
        app.extensions["ttr"].close()
    return 0


def _simulate(map_name: str, players: int, games: int, seed: int, as_json: bool) -> int:
    rules = rules_for(map_name)
    if not rules.min_players <= players <= rules.max_players:
        print(f"ttr: {map_name} is played by {rules.min_players} to {rules.max_players} players",
              file=sys.stderr)
        return 2
    started = time.perf_counter()
    for number in range(games):
        choices = random.Random(f"{seed}:{number}")
        game, _ = play_random_game(map_name, players, game_seed(seed, number), choices)
        if as_json:
            scores = score_game(game)
            record: dict[str, Any] = {
                "map": map_name, "seed": seed, "game": number,
                "players": [_simulate_player(s.as_dict()) for s in scores],
            }
            print(json.dumps(record, ensure_ascii=False))
    elapsed = time.perf_counter() - started
    if not as_json:
        print(f"{games} games of {map_name} with {players} players in {elapsed:.2f} s: "
              f"{games / elapsed:.1f} games per second")
    return 0


def _simulate_player(score: dict[str, Any]) -> dict[str, Any]:
    """`ttr simulate --json` lists station cities; the route each borrows comes beside them."""
    uses = score["stations"]
    return {**score, "stations": [u["city"] for u in uses], "station_routes": uses}


if __name__ == "__main__":
    sys.exit(main())
