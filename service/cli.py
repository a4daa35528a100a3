"""The `ttr` command line: the server, the worker, migrations, the contract, and the
engine's own tools (`ttr maps`, `ttr simulate`).

A user's mistake never ends in a traceback: a bad argument, a missing file, an unknown
game or a `TTR_*` variable that cannot be used (checked once, by
`service.config.from_env`: the application's settings and the HTTP server's; `ttr
worker` checks both too, as `ttr serve` does) prints one line on standard error and
exits with status 2. So does a server or worker that cannot start (a database or Redis
that does not answer, a working directory it may not write in, an address in use),
with status 1: `ttr serve` checks its address and its database before gunicorn starts
(`service.startup`), `ttr worker` pings Redis before anything else. Long commands show
a progress bar (tqdm) on standard error when it is a terminal, and nothing when it is
not.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from domain.autoplay import game_seed, play_random_game
from domain.ending import score_game
from domain.maps import load_board, rules_for
from events.store import StoreUnavailable
from referee.settings import Settings, SettingsError, settings_from_env
from service.cli_parser import build_parser
from service.config import ServerSettings, bind_problem
from service.config import from_env as server_settings_from_env
from worker.arguments import USAGE_ERROR

if TYPE_CHECKING:
    from flask import Flask

    from events.ports import Store
    from worker.context import WorkerContext

T = TypeVar("T")


class UsageError(Exception):
    """A mistake in what the user asked: its message is printed as one line."""


def progress(items: Iterable[T], total: int, what: str) -> Iterator[T]:
    """`items`, with a progress bar on standard error when it is a terminal."""
    from tqdm import tqdm

    yield from tqdm(items, total=total, desc=what, unit=what.split()[-1], leave=False,
                    file=sys.stderr, disable=not sys.stderr.isatty() or total < 2)


@dataclass(frozen=True)
class Composition:
    """What the commands that run the service are handed by the composition root
    (`bootstrap.cli`, the `ttr` console script), which nothing here may import."""

    app: Callable[[ServerSettings], Flask]  # the API for these settings
    worker_context: Callable[[Settings], WorkerContext]  # a worker process's context


# -- running ---------------------------------------------------------------------------------

def main(argv: Sequence[str] | None, composition: Composition) -> int:
    """`ttr ARGV…` (default: the process's arguments) with the root's `composition`."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        if arguments[:1] == ["worker"]:
            return _worker(arguments[1:], composition)
        if arguments[:1] == ["tournament"]:
            from bots.tournament import main as tournament

            return tournament(arguments[1:])
        args = build_parser().parse_args(arguments)
        return int(COMMANDS[args.command](args, composition))
    except SettingsError as error:
        print(f"ttr: {error}", file=sys.stderr)
        return USAGE_ERROR
    except UsageError as error:  # (its message starts with the subcommand)
        print(f"ttr {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        return 130
    except StoreUnavailable as error:  # not the user's mistake, but no traceback either
        print(f"ttr: {error}", file=sys.stderr)
        return 1


def _worker(argv: list[str], composition: Composition) -> int:
    """`ttr worker`: RQ's worker (worker.main), its presence beat (worker.presence) and,
    with `TTR_WORKER_METRICS_PORT`, its `/metrics`, `/healthz` and `/readyz` on that
    port."""
    from worker.main import REDIS_UNREACHABLE, parse_arguments, run_worker, unreachable_redis
    from worker.presence import Presence
    from worker.queue import worked_queues

    settings = server_settings_from_env().app  # (all checked, as `ttr serve` does)
    args = parse_arguments(argv, settings)  # (--help and mistakes exit here)
    if not settings.redis_url:
        return int(run_worker(argv, composition.worker_context))  # (says what is missing)
    if problem := unreachable_redis(settings.redis_url):  # (before the beat and the port)
        print(f"ttr worker: {problem}", file=sys.stderr)
        return REDIS_UNREACHABLE
    queues = worked_queues(args.queue, args.jobs)
    presence = Presence(settings.redis_url, queues, every=settings.worker_seen_within / 4,
                        name=args.name)
    if settings.worker_metrics_port:
        from service.observability import serve_worker_metrics

        serve_worker_metrics(int(settings.worker_metrics_port), settings.redis_url,
                             args.queue, presence)
    presence.start()
    try:
        return int(run_worker(argv, composition.worker_context))
    finally:
        presence.stop()


def _serve(args: argparse.Namespace, composition: Composition) -> int:
    from service.serve import DEFAULT_BIND
    from service.serve import serve as run_server
    from service.startup import CannotStart, listen_once, prepare_store

    # Checked here, before gunicorn starts, so that a mistake is one line and the exit
    # immediate (service.startup): the settings, the address, the database.
    settings = server_settings_from_env()
    if args.bind is not None and (problem := bind_problem(args.bind)):
        raise UsageError(f"serve: --bind {problem}")
    try:
        listen_once(args.bind or settings.http.bind or DEFAULT_BIND)
        prepare_store(settings.app)
    except CannotStart as error:
        print(f"ttr serve: {error}", file=sys.stderr)
        return error.status
    # (each gunicorn worker builds its app after the fork, from the environment)
    return run_server(args.bind, args.workers,
                      app=lambda: composition.app(server_settings_from_env()))


def _migrate(args: argparse.Namespace, _composition: Composition) -> int:
    store = _open_store(settings_from_env().database_url)
    try:
        applied = store.migrate()
        print(f"schema at version {store.schema_version()}"
              + (f" (applied {', '.join(map(str, applied))})" if applied else " (up to date)"))
    finally:
        store.close()
    return 0


def _rebuild_ratings(args: argparse.Namespace, _composition: Composition) -> int:
    """Recompute the ratings, results and statistics from the logs, in game-end order."""
    store = _open_store(settings_from_env().database_url)
    try:
        store.migrate()
        started = time.perf_counter()
        games = store.rebuild_ratings()
    finally:
        store.close()
    print(f"ratings rebuilt from {games} scored games in {time.perf_counter() - started:.1f} s")
    return 0


def _bots(args: argparse.Namespace, composition: Composition) -> int:
    """`ttr bots ladder`: rated games between the bot levels (`worker.ladder`), played
    through the referee and the bots' jobs, so each level's rating is earned."""
    from worker.ladder import LadderGame, play_ladder

    settings = server_settings_from_env().app
    ctx = composition.worker_context(settings)
    try:
        ctx.store.migrate()

        def report(game: LadderGame) -> None:
            print(json.dumps({"game_id": game.game_id, "levels": list(game.levels),
                              "winners": list(game.winners)}), flush=True)

        play_ladder(ctx, args.games, args.map, report)
    finally:
        ctx.close()
    return 0


def _maps(args: argparse.Namespace, _composition: Composition) -> int:
    json.dump(load_board(args.map).as_dict(), sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


def _export(args: argparse.Namespace, _composition: Composition) -> int:
    """The same export as GET /v1/games/{id}/export for a spectator: complete once the
    game has ended, the public log before."""
    from events import GameLog, GameNotFound
    from service.api.audit import export_lines
    from service.views import Viewer, ended

    games: list[str] = list(dict.fromkeys(args.game_id))
    if (len(games) > 1 or args.finished) and not args.dir:
        raise UsageError("export: several games (or --finished) go to a directory: --dir DIR")
    if not games and not args.finished:
        raise UsageError("export: name a game (GAME_ID), or --finished with --dir DIR")
    if args.dir and not os.path.isdir(args.dir):
        raise UsageError(f"export: {args.dir} is not a directory")
    store = _existing_store(settings_from_env().database_url)
    try:
        if args.finished:
            games += [row.game_id for row in store.games_with_status("finished", 10**9)
                      if row.game_id not in games]
        log = GameLog(store)
        for game_id in progress(games, len(games), "exporting games"):
            try:
                table = log.load(game_id)
            except GameNotFound:
                raise UsageError(f"export: there is no game {game_id}") from None
            lines = export_lines(store, game_id, Viewer(None, None), ended(table))
            target = os.path.join(args.dir, f"{game_id}.ndjson") if args.dir else args.out
            _write(target, lines)
    finally:
        store.close()
    return 0


def _existing_store(url: str | None) -> Store:
    """The store at `url`, which must hold a migrated database (a command that only
    reads must not leave an empty SQLite file behind)."""
    from events import is_postgres_url

    if not is_postgres_url(url):
        path = _sqlite_path(url or "")
        if path != ":memory:" and not os.path.exists(path):
            raise UsageError(f"export: there is no database at {path} (TTR_DATABASE_URL)")
    store = _open_store(url)
    try:
        version = store.schema_version()
    except StoreUnavailable:
        store.close()
        raise
    except Exception:  # no schema table at all
        version = 0
    if version == 0:
        store.close()
        raise UsageError("export: the database has no schema yet: run `ttr migrate` first")
    return store


def _open_store(url: str | None) -> Store:
    """The store at `url`; PostgreSQL reached once first, so that a server that is down
    or a database that does not exist is named at once (`StoreUnavailable`), not after
    the pool's time-out as "couldn't get a connection"."""
    from events import is_postgres_url, open_store

    # the pool logs each failed connection attempt; the command says it once, at the end
    logging.getLogger("psycopg.pool").setLevel(logging.ERROR)
    if is_postgres_url(url):
        from events.postgres import reach

        reach(url or "")
    return open_store(url)


def _sqlite_path(url: str) -> str:
    # (as events.open_store reads a SQLite URL)
    if url.startswith("sqlite:///"):
        return url[len("sqlite:///"):]
    if url.startswith("sqlite://"):
        return url[len("sqlite://"):] or "ttr.sqlite3"
    return os.path.join(os.getcwd(), "ttr.sqlite3")


def _write(path: str | None, lines: Iterable[str]) -> None:
    if path is None:
        sys.stdout.writelines(lines)
        return
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(lines)
    except OSError as error:
        raise UsageError(f"export: cannot write {path}: {error.strerror}") from None


def _verify(args: argparse.Namespace, _composition: Composition) -> int:
    from events.verify import verify_export

    files: list[str] = args.files
    ok = True
    for path in progress(files, len(files), "verifying files"):
        verdict = verify_export(_read_lines(path)).as_dict()
        ok = ok and bool(verdict["ok"])
        if len(files) == 1:
            print(json.dumps(verdict, indent=1))
        else:
            print(json.dumps({"file": path, **verdict}))
    return 0 if ok else 1


def _read_lines(path: str) -> list[str]:
    if path == "-":
        return sys.stdin.read().splitlines()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().splitlines()
    except OSError as error:
        raise UsageError(f"verify: cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"verify: {path} is not UTF-8 text (an NDJSON export)") from None


def _openapi(args: argparse.Namespace, composition: Composition) -> int:
    import tempfile

    from service.api.pages import spec_yaml

    with tempfile.TemporaryDirectory() as scratch:
        app = composition.app(ServerSettings(
            Settings(database_url=f"sqlite:///{scratch}/spec.sqlite3")))
        sys.stdout.write(spec_yaml(app))
        app.extensions["ttr"].close()
    return 0


def _simulate(args: argparse.Namespace, _composition: Composition) -> int:
    map_name, players, games, seed = args.map, args.players, args.games, args.seed
    rules = rules_for(map_name)
    if not rules.min_players <= players <= rules.max_players:
        raise UsageError(f"simulate: {map_name} is played by {rules.min_players} to "
                         f"{rules.max_players} players, not {players}")
    started = time.perf_counter()
    for number in progress(range(games), games, "playing games"):
        choices = random.Random(f"{seed}:{number}")
        game, _ = play_random_game(map_name, players, game_seed(seed, number), choices)
        if args.json:
            record: dict[str, Any] = {
                "map": map_name, "seed": seed, "game": number,
                "players": [_simulate_player(s.as_dict()) for s in score_game(game)],
            }
            print(json.dumps(record, ensure_ascii=False))
    elapsed = time.perf_counter() - started
    if not args.json:
        print(f"{games} games of {map_name} with {players} players in {elapsed:.2f} s: "
              f"{games / elapsed:.1f} games per second")
    return 0


def _simulate_player(score: dict[str, Any]) -> dict[str, Any]:
    """`ttr simulate --json` lists station cities; the route each borrows comes beside them."""
    uses = score["stations"]
    return {**score, "stations": [u["city"] for u in uses], "station_routes": uses}


# each subcommand's function (`worker` is handed its own arguments before parsing)
COMMANDS: dict[str, Callable[[argparse.Namespace, Composition], int]] = {
    "maps": _maps,
    "simulate": _simulate,
    "serve": _serve,
    "migrate": _migrate,
    "openapi": _openapi,
    "export": _export,
    "verify": _verify,
    "ratings": _rebuild_ratings,
    "bots": _bots,
}

