"""`ttr serve`: which gunicorn workers each mode gets, how a worker's garbage collector
is set, and that a gevent worker keeps serving while one of its requests waits on
PostgreSQL."""

from __future__ import annotations

import gc
import http.client
import os
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from service.config import from_env
from service.serve import (
    BODY_STEP,
    HEADROOM,
    MIDDLE_COLLECTION_EVERY,
    YOUNG_COLLECTION_EVERY,
    BodyPace,
    gunicorn_options,
    settle_heap,
    start_worker,
)
from tests.api_support import (
    UNLIMITED,
    Client,
    make_app,
    open_table,
    stop_server,
    wait_until_serving,
)
from tests.ports import free_port

ROOT = Path(__file__).absolute().parents[2]
PRODUCTION = {"TTR_DATABASE_URL": "postgresql://db/ttr", "TTR_REDIS_URL": "redis://r:6379/0"}


def options(env: dict[str, str]) -> dict[str, Any]:
    return gunicorn_options(from_env(env))


def test_with_postgresql_and_redis_each_core_gets_a_gevent_worker() -> None:
    chosen = options(PRODUCTION)
    assert chosen["worker_class"] == "gevent"
    assert chosen["workers"] == (os.cpu_count() or 1)


def test_a_worker_accepts_more_connections_than_it_may_hold_streams() -> None:
    # the streams and long polls it holds never take every connection it accepts
    chosen = options({**PRODUCTION, "TTR_HELD_MAX": "20000", "TTR_WEB_CONNECTIONS": "100"})
    assert chosen["worker_connections"] == 20000 + HEADROOM


def test_a_worker_holding_few_streams_serves_as_many_connections_as_set() -> None:
    # (twice its held streams leave room enough for the other requests)
    chosen = options({**PRODUCTION, "TTR_HELD_MAX": "5", "TTR_WEB_CONNECTIONS": "10"})
    assert chosen["worker_connections"] == 10


def test_a_body_is_due_whole_by_its_timeout() -> None:
    pace = BodyPace(timeout=30.0)
    assert pace.due(100.0, 10**9) == 130.0


def test_after_its_grace_a_body_is_due_at_the_minimum_rate() -> None:
    pace = BodyPace(timeout=30.0, min_rate=100, grace=2.0)
    assert pace.due(100.0, 0) == 102.0
    assert pace.due(100.0, 500) == 107.0
    assert pace.due(100.0, 10_000) == 130.0  # never later than the timeout


def test_a_body_is_read_a_seconds_worth_or_a_quarter_of_what_came_at_a_time() -> None:
    pace = BodyPace(timeout=30.0, min_rate=100, grace=2.0)
    assert (pace.step(0), pace.step(400), pace.step(10_000)) == (100, 100, 2500)
    assert pace.step(100 * BODY_STEP) == BODY_STEP
    assert BodyPace(timeout=30.0).step(0) == BODY_STEP


def test_the_embedded_mode_serves_from_one_gevent_process() -> None:
    chosen = options({"TTR_WEB_WORKERS": "4"})
    assert (chosen["worker_class"], chosen["workers"]) == ("gevent", 1)


def test_sqlite_serves_with_gevent_too() -> None:
    chosen = options({"TTR_DATABASE_URL": "sqlite:///tmp/t.sqlite3",
                      "TTR_REDIS_URL": "redis://r:6379/0"})
    assert chosen["worker_class"] == "gevent"


def test_the_header_timeout_is_the_workers_time_for_a_requests_headers() -> None:
    assert options({"TTR_HEADER_TIMEOUT": "3"})["keepalive"] == 3


def test_the_worker_class_can_be_chosen() -> None:
    assert options({**PRODUCTION, "TTR_WEB_WORKER_CLASS": "gthread"})["worker_class"] \
        == "gthread"


def test_an_unknown_worker_class_is_refused() -> None:
    with pytest.raises(ValueError, match="TTR_WEB_WORKER_CLASS"):
        options({**PRODUCTION, "TTR_WEB_WORKER_CLASS": "eventlet"})


@pytest.fixture
def collector() -> Iterator[None]:
    """Put the garbage collector back as it was after a test that settles the heap."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_a_worker_settles_its_heap_once_its_app_is_loaded() -> None:
    assert options(PRODUCTION)["post_worker_init"] is start_worker


def test_what_a_settled_worker_held_at_start_is_left_out_of_collections(
        collector: None) -> None:
    settle_heap()
    assert gc.get_freeze_count() > 1000


def test_a_settled_worker_collects_young_objects_less_often(collector: None) -> None:
    settle_heap()
    assert gc.get_threshold()[0] == YOUNG_COLLECTION_EVERY > 700


def test_a_settled_worker_walks_what_outlived_young_collections_less_often(
        collector: None) -> None:
    settle_heap()
    assert gc.get_threshold()[1] == MIDDLE_COLLECTION_EVERY > 10


def test_the_api_imports_its_job_queue_library_before_any_request() -> None:
    # an import inside a request would hold up every request of a gevent worker
    probe = ("import sys\n"
             "from worker.queue import RqJobs\n"
             "before = 'rq' in sys.modules\n"
             "RqJobs('redis://127.0.0.1:1/0')\n"
             "print(before, 'rq' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.stdout.split() == ["False", "True"], result.stderr


def test_the_gunicorn_master_does_not_import_psycopg() -> None:
    # psycopg picks how it waits when first imported: through gevent only if that
    # happens after the worker's monkey-patching
    script = ("import runpy, sys\n"
              "import bootstrap.cli\n"
              "runpy.run_path('deploy/gunicorn.conf.py')\n"
              "print(sorted(m for m in ('psycopg', 'psycopg_pool') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, env={**os.environ, **PRODUCTION}, check=True).stdout
    assert out.strip() == "[]"


def get(port: int, path: str, token: str | None = None,
        timeout: float = 20) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers={"Authorization": f"Bearer {token}"}
                           if token else {})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_a_request_waiting_on_postgresql_does_not_hold_up_the_others(
        pg_schema_url: str, redis_url: str, tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, **UNLIMITED, "TTR_DATABASE_URL": pg_schema_url,
           "TTR_REDIS_URL": redis_url, "TTR_LOG_LEVEL": "info"}
    setup = make_app(pg_schema_url, redis_url=redis_url)
    table = open_table(Client(setup), "usa", 2)
    setup.extensions["ttr"].close()  # its change feed would listen to the end of the run
    log_path = tmp_path / "server.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{port}",
             "--workers", "1"], env=env, stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_until_serving(port, server, log_path)
        assert "Using worker: service.doorman.GeventWorker" in log_path.read_text()
        answered: list[int] = []
        with psycopg.connect(pg_schema_url) as locker:
            locker.execute("LOCK TABLE events IN ACCESS EXCLUSIVE MODE")
            waiting = threading.Thread(target=lambda: answered.append(get(
                port, f"/v1/games/{table.game_id}", table.tokens[0])))
            waiting.start()
            time.sleep(0.5)
            assert waiting.is_alive() and not answered  # held by the lock
            started = time.monotonic()
            assert get(port, "/healthz", timeout=5) == 200
            assert time.monotonic() - started < 2
            assert waiting.is_alive()
            locker.rollback()
        waiting.join(10)
        assert answered == [200]
    finally:
        stop_server(server, 20)


def test_a_database_that_does_not_exist_is_named_in_one_line(pg_admin_url: str,
                                                               tmp_path: Path) -> None:
    # (the pool alone waited 5 s and said "couldn't get a connection after 5.00 sec")
    missing = urllib.parse.urlsplit(pg_admin_url)._replace(path="/ttr_no_such_database")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TTR_")}
    run = subprocess.run(
        [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{free_port()}"],
        cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT),
                           "TTR_DATABASE_URL": urllib.parse.urlunsplit(missing)},
        capture_output=True, text=True, timeout=60)
    assert run.returncode == 1, run.stderr
    [line] = run.stderr.splitlines()
    assert line.startswith("ttr serve: PostgreSQL is unavailable")
    assert 'database "ttr_no_such_database" does not exist' in line
