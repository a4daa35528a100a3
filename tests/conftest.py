"""Fixtures shared by the tests: real PostgreSQL and Redis, each test session in its own
schema / key prefix so that sessions running side by side never see each other.

The tests live in folders that say what they need: `unit/` nothing running (the
in-memory store, ``memory://``; SQLite files where a test is about the file, a restart
or the `ttr` command), `integration/` PostgreSQL and Redis, `browser/` Chromium.
Each test is also marked by what it uses (`postgres`, `redis`, `browser`), so
`pytest -m "not postgres"` runs without PostgreSQL.

PostgreSQL is `TTR_TEST_DATABASE_URL` (default: the `test` database on
127.0.0.1:5432), with a second server the session starts for half of the PostgreSQL
tests (`tests.pg_server`; or `TTR_TEST_DATABASE_URL_2`); Redis is `TTR_TEST_REDIS_URL`
(default: 127.0.0.1:6379, db 0); Chromium is `TTR_CHROMIUM` (default:
/usr/bin/chromium). A test that needs one of them fails, naming what is missing and how
to leave those tests out, rather than skipping silently: only a marker the person chose
(`-m`) leaves a test out.
"""

from __future__ import annotations

import itertools
import os
import secrets
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from flask import Flask

from bootstrap import bootstrap
from events import MEMORY_URL, SqlStore, StoreUnavailable, open_store
from referee.settings import Settings
from tests.api_support import Client
from tests.pg_pool import SchemaPool, fresh_schema
from tests.pg_server import PgServers
from tests.worker_support import clear_queue
from worker.context import WorkerContext

# Servers and workers the tests start compute no analysis of the games they finish
# (playouts for seconds a game would load the suite); the analysis tests ask for it.
os.environ.setdefault("TTR_ANALYSIS_BUDGET", "0")

PG_URL = os.environ.get("TTR_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("TTR_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
# the test modules that reach the machine's server by PG_URL itself, not by a fixture
_ON_THE_MACHINES_SERVER = frozenset({"tests/integration/test_schemathesis.py"})
_ON_SECOND_SERVER = pytest.StashKey[frozenset[str]]()


# what each marker stands for, and the fixtures (or parameters) that mean a test needs it
MARKERS = {
    "postgres": "needs PostgreSQL (TTR_TEST_DATABASE_URL)",
    "redis": "needs Redis (TTR_TEST_REDIS_URL)",
    "browser": "needs Chromium (TTR_CHROMIUM)",
    "node": "needs Node and clients/typescript's packages (npm ci there)",
    # (not a service: where a unit test's app keeps its data)
    "sql_tables": "reads or changes the store's SQL tables by hand, so its app runs on a "
                  "SQLite file rather than memory://",
}
_NEEDS = {"pg_admin_url": "postgres", "pg_schema_url": "postgres", "pg_store": "postgres",
          "empty_pg_schema_url": "postgres", "pg_schemas": "postgres", "pg_servers": "postgres",
          "redis_url": "redis", "queue": "redis", "rq_context": "redis",
          "browser": "browser", "chromium": "browser"}
_PARAMETERS = {"postgres": "postgres", "redis": "redis", "rq": "redis"}


def missing(what: str, marker: str | None = None) -> None:
    """Fail the test: `what` (a service, a tool) is missing. Never a silent skip."""
    hint = f"; or leave these tests out with -m \"not {marker}\"" if marker else ""
    pytest.fail(f"{what}{hint}", pytrace=False)


def _unavailable(what: str, error: Exception, variable: str, marker: str) -> None:
    missing(f"{what} is not reachable ({error}): start it, or name another in "
            f"{variable}", marker)


def pytest_configure(config: pytest.Config) -> None:
    for name, meaning in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {meaning}")
    # pytest-xdist's own, named here too so that `-p no:xdist` still knows it
    config.addinivalue_line("markers", "xdist_group(name): tests one worker runs together")


# (first: pytest-xdist reads the groups in a hook of its own, which must come after)
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test by the services its fixtures and parameters use."""
    for item in items:
        needs = {_NEEDS[name] for name in getattr(item, "fixturenames", ()) if name in _NEEDS}
        callspec = getattr(item, "callspec", None)
        if callspec is not None:
            needs |= {_PARAMETERS[v] for v in callspec.params.values()
                      if isinstance(v, str) and v in _PARAMETERS}
        for marker in sorted(needs):
            item.add_marker(marker)
    second = config.stash[_ON_SECOND_SERVER] = _second_server_modules(items)
    for item in items:
        item.add_marker(pytest.mark.xdist_group(_worker_group(item, second)))
    # The PostgreSQL tests, two workers' shares and the longest, are handed out first,
    # then the modules that hold a worker longest, so that none of them starts last.
    items.sort(key=lambda item: _handed_out(_worker_group(item, second)))


# The modules that hold a worker for a minute or more, longest first (by their time in
# full runs). pytest-xdist hands the groups out in the order of the tests; in the order
# of their paths, the README's whole games (tests/unit) began in the last minutes and
# the suite waited minutes on them alone.
_LONGEST_MODULES = (
    "tests/unit/test_readme.py",
    "tests/browser/test_web_client_games.py",
    "tests/integration/test_schemathesis.py",
    "tests/unit/test_example_bot.py",
    "tests/integration/test_bots_think_apart.py",
    "tests/unit/test_api_bots.py",
    "tests/integration/test_api_play.py",
    "tests/browser/test_web_client_board.py",
    "tests/integration/test_observability.py",
    "tests/integration/test_api_feed.py",
    "tests/integration/test_tournament_embedded.py",
    "tests/integration/test_multi_node.py",
)


def _handed_out(group: str) -> int:
    """When a worker group is handed out: the PostgreSQL ones, the longest modules in
    their order, then the rest in the order of their paths (the sort is stable)."""
    if group.startswith("postgres"):
        return 0
    if group in _LONGEST_MODULES:
        return 1 + _LONGEST_MODULES.index(group)
    return 1 + len(_LONGEST_MODULES)


def _module(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


# A module's weight in that split: its PostgreSQL tests, counted up to this many (a
# module of hundreds is cases of a quick test; by plain count, one server got 177 s
# of tests and the other 611 s in one run, and 370 s and 419 s weighed so).
_MOST_COUNTED = 10


def _second_server_modules(items: list[pytest.Item]) -> frozenset[str]:
    """The modules whose PostgreSQL tests run on the session's second server: about
    half of them by weight, whole modules at a time (a module's shared set-ups are made
    once), the heaviest first."""
    counts = Counter(_module(item.nodeid) for item in items
                     if item.get_closest_marker("postgres") is not None)
    weights = {module: min(count, _MOST_COUNTED) for module, count in counts.items()}
    shares = {False: 0, True: 0}
    second: set[str] = set()
    for module, weight in sorted(weights.items(), key=lambda kv: (-kv[1], kv[0])):
        on_second = module not in _ON_THE_MACHINES_SERVER and shares[True] < shares[False]
        shares[on_second] += weight
        if on_second:
            second.add(module)
    return frozenset(second)


def _worker_group(item: pytest.Item, second: frozenset[str]) -> str:
    """Which tests pytest-xdist (`--dist loadgroup`) hands to one worker together.

    The PostgreSQL tests of one server go to one worker: the store reads a position only
    once every transaction below it has ended (`events.postgres`), and that horizon is
    the whole server's, so a test in one schema would wait on the open transactions of
    tests in others. Half of them run on a second server of the session's own
    (`tests.pg_server`), in a worker of their own. Every other test stays with its
    module, whose shared set-ups (a server, a browser page) are then made once."""
    if item.get_closest_marker("postgres") is not None:
        return "postgres-2" if _module(item.nodeid) in second else "postgres"
    return _module(item.nodeid)


def _on_second_server(request: pytest.FixtureRequest) -> bool:
    """Whether the requesting test's (or module's) PostgreSQL is the second server."""
    second = request.config.stash.get(_ON_SECOND_SERVER, frozenset())
    return _module(request.node.nodeid) in second


@pytest.fixture(scope="session")
def pg_servers() -> Iterator[PgServers]:
    """The session's PostgreSQL servers: the machine's, and a second one of its own."""
    import psycopg

    try:
        with psycopg.connect(PG_URL, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.OperationalError as error:
        _unavailable("PostgreSQL", error, "TTR_TEST_DATABASE_URL", "postgres")
    servers = PgServers(PG_URL)
    yield servers
    servers.close()


@pytest.fixture(scope="module")
def pg_admin_url(request: pytest.FixtureRequest, pg_servers: PgServers) -> str:
    """The PostgreSQL server of the test's module (a database whose schemas it may make)."""
    return pg_servers.url(_on_second_server(request))


@pytest.fixture(scope="session")
def pg_schemas(pg_servers: PgServers) -> Iterator[dict[bool, SchemaPool]]:
    """The session's migrated schemas on each server, lent to one test at a time
    (`tests.pg_pool`); a server's pool is made when a test first asks for it."""
    pools: dict[bool, SchemaPool] = {}
    yield pools
    for pool in pools.values():
        pool.close()


def _schema_pool(request: pytest.FixtureRequest) -> SchemaPool:
    pools: dict[bool, SchemaPool] = request.getfixturevalue("pg_schemas")
    servers: PgServers = request.getfixturevalue("pg_servers")
    second = _on_second_server(request)
    if second not in pools:
        pools[second] = SchemaPool(servers.url(second))
    return pools[second]


@pytest.fixture
def pg_schema_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A PostgreSQL URL whose connections live in a migrated schema of the test's own,
    with no rows but those the migrations write (emptied again after the test)."""
    with _schema_pool(request).schema() as url:
        yield url


@pytest.fixture
def empty_pg_schema_url(pg_admin_url: str) -> Iterator[str]:
    """A PostgreSQL URL whose connections live in a new schema with nothing in it, not
    even the migrations (dropped after): for the tests of migrating."""
    with fresh_schema(pg_admin_url) as url:
        yield url


@pytest.fixture(scope="session")
def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
    except redis.RedisError as error:
        _unavailable("Redis", error, "TTR_TEST_REDIS_URL", "redis")
    return REDIS_URL


# the stores a URL names again and again (another store object, another process, a
# restart opens the same data), and every adapter: those and the in-memory store
DATABASES = ["sqlite", "postgres"]
ADAPTERS = [*DATABASES, "memory"]


def _url_of(adapter: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if adapter == "sqlite":
        return f"sqlite:///{tmp_path / 'events.sqlite3'}"
    if adapter == "memory":
        return MEMORY_URL
    url: str = request.getfixturevalue("pg_schema_url")
    return url


@pytest.fixture(params=DATABASES)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each database in turn: a SQLite file, a fresh PostgreSQL schema (for the tests
    that open the same store twice, from another process or after a restart)."""
    return _url_of(request.param, request, tmp_path)


@pytest.fixture(params=DATABASES)
def empty_store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each database in turn with nothing in it, not even the migrations."""
    if request.param == "sqlite":
        return _url_of("sqlite", request, tmp_path)
    url: str = request.getfixturevalue("empty_pg_schema_url")
    return url


@pytest.fixture(params=ADAPTERS)
def adapter_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each event-store adapter in turn: a SQLite file, a fresh PostgreSQL schema, and
    ``memory://`` (a new, empty store each time it is opened)."""
    return _url_of(request.param, request, tmp_path)


@pytest.fixture(scope="module", params=ADAPTERS)
def module_adapter_url(request: pytest.FixtureRequest,
                       tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`adapter_url` shared by a module's tests: for a costly world they all read and
    none changes."""
    if request.param == "postgres":
        with _schema_pool(request).schema() as url:
            yield url
    else:
        yield _url_of(request.param, request, tmp_path_factory.mktemp("store"))


def reachable(store: SqlStore, within: float = 30.0) -> None:
    """Once `store` answers a read (`within` seconds at most). On a machine busy with the
    whole suite a PostgreSQL pool's first connection may take longer than a connection
    is allowed (`events.postgres.CONNECT_TIMEOUT`), and the store then answers
    `StoreUnavailable` for a moment: an outage, but not one a test means to make."""
    deadline = time.monotonic() + within
    while True:
        try:
            store.current_version("g_reachable")
            return
        except StoreUnavailable:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def migrated(url: str, **options: Any) -> Iterator[SqlStore]:
    """A store at `url`, migrated, closed afterwards (the body of the store fixtures).
    Typed as the SQL store, which most fixtures hand out; `any_store` also hands out the
    in-memory one, which holds the same ports (`events.ports.Store`)."""
    s = cast(SqlStore, open_store(url, **options))
    s.migrate()
    yield s
    s.close()


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    """A migrated event store of each database (`any_store`: the in-memory one too)."""
    yield from migrated(store_url)


@pytest.fixture
def any_store(adapter_url: str) -> Iterator[SqlStore]:
    """A migrated event store of each adapter, the in-memory one too: the contract
    suites (`tests/integration/test_store_*.py`) hold every adapter to the ports."""
    yield from migrated(adapter_url)


@pytest.fixture
def pg_store(pg_schema_url: str) -> Iterator[SqlStore]:
    """A migrated PostgreSQL store on the test's own schema."""
    yield from migrated(pg_schema_url)


@pytest.fixture
def client(app: Flask) -> Client:
    """A client of the test module's `app`, holding every response to the contract."""
    return Client(app)


_queues = itertools.count()
_SESSION = secrets.token_hex(3)


@pytest.fixture
def queue(redis_url: str) -> Iterator[str]:
    """An RQ queue name of the test's own; what it and its webhook queue kept in Redis
    is deleted afterwards."""
    name = f"ttr-test-{_SESSION}-{next(_queues)}"
    yield name
    clear_queue(redis_url, name)


@pytest.fixture
def rq_context(pg_schema_url: str, pg_store: SqlStore, redis_url: str, queue: str
               ) -> Iterator[WorkerContext]:
    """The API's side of RQ: the test's PostgreSQL schema, jobs on the test's queue."""
    # no computer analysis of the games it finishes: playouts would load the suite
    ctx = bootstrap(Settings(database_url=pg_schema_url, redis_url=redis_url, queue=queue,
                             analysis_budget=0))
    yield ctx
    ctx.close()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Headless Chromium (Debian's, or TTR_CHROMIUM) through Playwright, for the session."""
    # imported here: bench/ imports this module, and the browser driver is no part of it
    from playwright.sync_api import Error, sync_playwright

    from tests.browser_support import CHROMIUM, launch

    if not Path(CHROMIUM).exists():
        missing(f"{CHROMIUM} is missing: apt-get install -y chromium (or name another "
                "Chromium in TTR_CHROMIUM)", "browser")
    with sync_playwright() as playwright:
        try:
            browser = launch(playwright)
        except Error as error:
            pytest.fail(f"headless Chromium did not start: {error}")
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def browser(chromium: Any) -> Iterator[Any]:
    """A page of its own in that Chromium (`tests.browser_support.ViewerPage`), for the
    pages the server shows."""
    from tests.browser_support import ViewerPage

    page = ViewerPage(chromium)
    yield page
    page.close()
