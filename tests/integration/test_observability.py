"""Metrics at /metrics and JSON request logs (service/observability/): the request
histogram by route template, the counters the rest of the code feeds, the queue depth
read at scrape time, several processes summed in multiprocess mode, and one JSON
object per log line carrying the request id of the `X-Request-Id` header."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from prometheus_client.parser import text_string_to_metric_families

from bootstrap.web import create_app
from events.webhooks import NewDelivery
from service import observability
from service.config import HttpSettings, Settings
from worker import reports
from worker.context import WorkerContext
from worker.inline_jobs import InlineJobs

ROOT = Path(__file__).absolute().parents[2]
REQUESTS = "ttr_http_request_duration_seconds"


def build_app(tmp_path: Path) -> Flask:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'obs.sqlite3'}"),
                     http=HttpSettings(rate_per_address=1e6, burst_per_address=10**6))
    if "ttr-observability" not in app.extensions:  # until create_app installs it itself
        observability.install(app)
    return app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = build_app(tmp_path)
    yield app
    app.extensions["ttr"].close()
    observability.queue_depth_source(None)


def scrape(app: Flask) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of /metrics by (name, labels)."""
    response = app.test_client().get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    samples = {}
    for family in text_string_to_metric_families(response.get_data(as_text=True)):
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return samples


def value(samples: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str,
          **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def test_request_latency_is_labelled_by_route_template_not_raw_path(app: Flask) -> None:
    client = app.test_client()
    before = scrape(app)
    assert client.get("/v1/games/g_0123456789abcdef0123").status_code == 404
    assert client.post("/v1/games/g_0123456789abcdef0123/actions",
                       json={"type": "pass"}).status_code == 401
    assert client.get("/nowhere/at/all").status_code == 404
    after = scrape(app)
    count = f"{REQUESTS}_count"
    for labels in ({"route": "/v1/games/<game_id>", "method": "GET", "status": "404"},
                   {"route": "/v1/games/<game_id>/actions", "method": "POST", "status": "401"},
                   {"route": "<unmatched>", "method": "GET", "status": "404"}):
        assert value(after, count, **labels) == value(before, count, **labels) + 1, labels
    assert value(after, f"{REQUESTS}_bucket", route="/v1/games/<game_id>", method="GET",
                 status="404", le="+Inf") >= 1
    # the raw paths, with their ids, never become labels
    assert not any("0123456789abcdef" in v or "nowhere" in v
                   for _, labels in after for _, v in labels)


def test_metrics_are_neither_rate_limited_nor_authenticated(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'limited.sqlite3'}"),
                     http=HttpSettings(rate_per_address=0.001, burst_per_address=1))
    if "ttr-observability" not in app.extensions:
        observability.install(app)
    client = app.test_client()
    try:
        assert client.get("/v1/maps").status_code == 200
        assert client.get("/v1/maps").status_code == 429
        assert all(client.get("/metrics").status_code == 200 for _ in range(5))
    finally:
        app.extensions["ttr"].close()


def test_unknown_methods_and_names_do_not_make_new_series(app: Flask) -> None:
    client = app.test_client()
    client.open("/healthz", method="BREW")
    before = scrape(app)
    observability.action_done("teleport")
    observability.rule_violation("no_such_rule")
    after = scrape(app)
    assert value(after, "ttr_actions_total", command="other") == value(
        before, "ttr_actions_total", command="other") + 1
    assert value(after, "ttr_rule_violations_total", code="other") == value(
        before, "ttr_rule_violations_total", code="other") + 1
    methods = {dict(labels).get("method") for name, labels in after if name.startswith(REQUESTS)}
    assert "BREW" not in methods and "other" in methods


def test_action_and_violation_counters_count_by_command_and_code(app: Flask) -> None:
    before = scrape(app)
    observability.action_done("claim_route")
    observability.action_done("claim_route")
    observability.action_done("draw_card")
    observability.rule_violation("not_your_turn")
    after = scrape(app)
    assert value(after, "ttr_actions_total", command="claim_route") == value(
        before, "ttr_actions_total", command="claim_route") + 2
    assert value(after, "ttr_actions_total", command="draw_card") == value(
        before, "ttr_actions_total", command="draw_card") + 1
    assert value(after, "ttr_rule_violations_total", code="not_your_turn") == value(
        before, "ttr_rule_violations_total", code="not_your_turn") + 1
    # every known command and rule code has its series from the start
    assert ("ttr_actions_total", frozenset({("command", "build_station")})) in after
    assert ("ttr_rule_violations_total", frozenset({("code", "game_over")})) in after


def test_scoring_duration_and_webhook_failures(app: Flask) -> None:
    before = scrape(app)
    observability.scoring_finished(0.2)
    observability.webhook_failed()
    after = scrape(app)
    assert value(after, "ttr_scoring_duration_seconds_count") == value(
        before, "ttr_scoring_duration_seconds_count") + 1
    assert value(after, "ttr_scoring_duration_seconds_bucket", le="0.25") == value(
        before, "ttr_scoring_duration_seconds_bucket", le="0.25") + 1
    assert value(after, "ttr_webhook_failures_total") == value(
        before, "ttr_webhook_failures_total") + 1


def test_the_apps_own_jobs_report_to_its_metrics(app: Flask) -> None:
    """In the embedded mode scoring and webhook deliveries run in the API process."""
    before = scrape(app)
    reports.game_scored(0.03)
    reports.webhook_failed()
    after = scrape(app)
    assert value(after, "ttr_scoring_duration_seconds_bucket", le="0.05") == value(
        before, "ttr_scoring_duration_seconds_bucket", le="0.05") + 1
    assert value(after, "ttr_webhook_failures_total") == value(
        before, "ttr_webhook_failures_total") + 1


def test_webhook_deliveries_are_counted_by_status_when_scraped(app: Flask) -> None:
    store = app.extensions["ttr"].store
    assert {status: value(scrape(app), "ttr_webhook_deliveries", status=status)
            for status in ("pending", "delivered", "failed")} == {
        "pending": 0, "delivered": 0, "failed": 0}
    store.put_webhook("u1", "https://example.invalid/hook", "s" * 32)
    now = datetime.now(UTC)
    store.add_deliveries([NewDelivery(f"d{n}", "u1", "ping", None, None, f"{{\"n\": {n}}}")
                           for n in range(2)], now)
    assert value(scrape(app), "ttr_webhook_deliveries", status="pending") == 2


def test_the_embedded_server_reports_the_depth_of_its_in_process_jobs(tmp_path: Path) -> None:
    # no timed sweep: the embedded default's first one comes a second after the start,
    # and a scrape at that moment would rightly count it
    holder: list[WorkerContext] = []
    jobs = InlineJobs(lambda: holder[0], sweep_every=None)
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'depth.sqlite3'}"),
                     jobs=jobs)
    holder.append(app.extensions["ttr"].worker)
    try:
        assert jobs.wait_idle()
        samples = scrape(app)
        assert samples[("ttr_queue_depth", frozenset({("queue", "ttr")}))] == 0
    finally:
        app.extensions["ttr"].close()


def test_queue_depth_is_asked_of_the_registered_source_at_scrape_time(app: Flask) -> None:
    depth = [7]
    observability.queue_depth_source(lambda: depth[0])
    assert value(scrape(app), "ttr_queue_depth", queue="ttr") == 7
    depth[0] = 3
    assert value(scrape(app), "ttr_queue_depth", queue="ttr") == 3


def test_a_failing_queue_source_leaves_the_scrape_whole(app: Flask) -> None:
    def broken() -> int:
        raise ConnectionError("redis is away")

    observability.queue_depth_source(broken)
    samples = scrape(app)
    assert ("ttr_queue_depth", frozenset({("queue", "ttr")})) not in samples
    assert any(name == "ttr_actions_total" for name, _ in samples)


def test_with_redis_the_depths_are_the_lengths_of_the_apps_rq_queues(
        tmp_path: Path, redis_url: str) -> None:
    import redis
    from rq import Queue

    from worker.queue import RqJobs

    name = "ttr-test-" + os.urandom(4).hex()  # not `ttr`: no worker may take these
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'rq.sqlite3'}",
                              redis_url=redis_url), jobs=RqJobs(redis_url, queue=name))
    if "ttr-observability" not in app.extensions:
        observability.install(app)
    connection = redis.Redis.from_url(redis_url)
    queue = Queue(name, connection=connection)
    hooks = Queue(f"{name}-webhooks", connection=connection)
    try:
        assert value(scrape(app), "ttr_queue_depth", queue=name) == 0
        for n in range(3):
            queue.enqueue("builtins.print", n)
        hooks.enqueue("builtins.print", "a delivery")
        samples = scrape(app)
        assert value(samples, "ttr_queue_depth", queue=name) == 3
        assert value(samples, "ttr_queue_depth", queue=f"{name}-webhooks") == 1
    finally:
        queue.delete(delete_jobs=True)
        hooks.delete(delete_jobs=True)
        connection.close()
        app.extensions["ttr"].close()


def log_lines(err: str) -> list[dict[str, Any]]:
    """The JSON objects written to stderr: every line must be one."""
    return [json.loads(line) for line in err.splitlines() if line.strip()]


def test_a_request_logs_one_json_line_with_the_response_request_id(
        app: Flask, capsys: pytest.CaptureFixture[str]) -> None:
    client = app.test_client()
    capsys.readouterr()
    given = client.get("/v1/maps", headers={"X-Request-Id": "req-from-the-client"})
    made = client.get("/v1/games/g_nothere/moves")
    lines = log_lines(capsys.readouterr().err)
    assert given.headers["X-Request-Id"] == "req-from-the-client"
    assert made.headers["X-Request-Id"]
    by_id = {line["request_id"]: line for line in lines if line["logger"] == "service.access"}
    first = by_id["req-from-the-client"]
    assert first["method"] == "GET" and first["path"] == "/v1/maps"
    assert first["status"] == 200 and first["route"] == "/v1/maps"
    assert first["level"] == "INFO" and first["time"].endswith("Z")
    assert isinstance(first["duration_ms"], float) and first["duration_ms"] >= 0
    assert first["message"] == "GET /v1/maps 200"
    second = by_id[made.headers["X-Request-Id"]]
    assert second["game_id"] == "g_nothere" and second["status"] == 401


def test_the_request_log_names_the_user(app: Flask, capsys: pytest.CaptureFixture[str]) -> None:
    client = app.test_client()
    created = client.post("/v1/users", json={"name": "Logged"}).get_json()
    capsys.readouterr()
    me = client.get("/v1/users/me", headers={"Authorization": f"Bearer {created['token']}"})
    assert me.status_code == 200
    [line] = [line for line in log_lines(capsys.readouterr().err)
              if line["logger"] == "service.access"]
    assert line["user_id"] == created["id"]
    assert line["request_id"] == me.headers["X-Request-Id"]


def test_an_error_logged_in_a_request_carries_its_request_id(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app = build_app(tmp_path)

    def boom() -> str:
        raise RuntimeError("a bug")

    app.add_url_rule("/boom", "boom", boom)
    try:
        capsys.readouterr()
        response = app.test_client().get("/boom", headers={"X-Request-Id": "req-boom"})
        assert response.status_code == 500
        lines = log_lines(capsys.readouterr().err)
    finally:
        app.extensions["ttr"].close()
    [error] = [line for line in lines if line["level"] == "ERROR"]
    assert error["request_id"] == "req-boom" and error["path"] == "/boom"
    assert "RuntimeError: a bug" in error["exception"]
    assert any(line["logger"] == "service.access" and line["status"] == 500 for line in lines)


def test_probes_and_scrapes_log_only_at_debug(app: Flask,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    client = app.test_client()
    capsys.readouterr()
    client.get("/healthz")
    client.get("/metrics")
    assert not [line for line in log_lines(capsys.readouterr().err)
                if line["logger"] == "service.access"]


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT,
                            env={**os.environ, **env}, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    return result


def test_recording_before_install_does_nothing_and_loads_nothing() -> None:
    run_python("""
        import sys
        from service import observability as o
        o.action_done("claim_route"); o.rule_violation("not_your_turn")
        o.scoring_finished(1.0); o.webhook_failed()
        assert o.metrics() is None
        assert "prometheus_client" not in sys.modules
    """, {"PROMETHEUS_MULTIPROC_DIR": "/nonexistent/never/made"})
    assert not Path("/nonexistent/never/made").exists()


WORKER_PROCESS = """
    import sys
    from service import observability
    from bootstrap.web import create_app
    from service.config import Settings

    app = create_app(Settings(database_url=sys.argv[1]))
    if "ttr-observability" not in app.extensions:
        observability.install(app)
    client = app.test_client()
    for _ in range(3):
        assert client.get("/healthz").status_code == 200
    observability.action_done("claim_route")
    if sys.argv[2] == "scrape":
        sys.stdout.write(client.get("/metrics").get_data(as_text=True))
    app.extensions["ttr"].close()
"""


def test_multiprocess_mode_sums_every_worker_process(tmp_path: Path) -> None:
    """Under gunicorn each worker process counts on its own; a scrape answered by any
    of them reports the sums of all (here: two processes, one after the other)."""
    directory = tmp_path / "metrics"  # not there yet: enable() makes it
    env = {"PROMETHEUS_MULTIPROC_DIR": str(directory)}
    database = f"sqlite:///{tmp_path / 'multi.sqlite3'}"
    code = textwrap.dedent(WORKER_PROCESS)
    for role in ("count", "scrape"):
        result = subprocess.run([sys.executable, "-c", code, database, role], cwd=ROOT,
                                env={**os.environ, **env}, capture_output=True, text=True,
                                timeout=120)
        assert result.returncode == 0, result.stderr
    samples = {(s.name, frozenset(s.labels.items())): s.value
               for f in text_string_to_metric_families(result.stdout) for s in f.samples}
    assert value(samples, f"{REQUESTS}_count", route="/healthz", method="GET",
                 status="200") == 6
    assert value(samples, "ttr_actions_total", command="claim_route") == 2
    assert len(list(directory.glob("*.db"))) >= 2  # one file per process and kind


def test_gunicorn_hooks_empty_the_directory_and_drop_dead_workers_gauges(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    directory = tmp_path / "metrics"
    directory.mkdir()
    (directory / "counter_123.db").write_bytes(b"")
    (directory / "gauge_livesum_456.db").write_bytes(b"")
    (directory / "keep.txt").write_text("not a metrics file")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(directory))
    observability.gunicorn_on_starting(server=None)
    assert sorted(p.name for p in directory.iterdir()) == ["keep.txt"]
    (directory / "gauge_livesum_456.db").write_bytes(b"")
    (directory / "counter_456.db").write_bytes(b"")

    class Worker:
        pid = 456

    observability.gunicorn_child_exit(server=None, worker=Worker())
    assert sorted(p.name for p in directory.iterdir()) == ["counter_456.db", "keep.txt"]


def test_decisions_on_vouched_states_count_whether_they_were_applied(app: Flask) -> None:
    name = "ttr_vouched_decisions_total"
    before = scrape(app)
    observability.vouched_decision(applied=True)
    observability.vouched_decision(applied=False)
    observability.vouched_decision(applied=False)
    after = scrape(app)
    assert value(after, name, result="applied") == value(before, name, result="applied") + 1
    assert value(after, name, result="judged_again") == value(
        before, name, result="judged_again") + 2


def test_ttr_serve_with_several_workers_sums_them_in_a_directory_of_its_own(
        tmp_path: Path, pg_schema_url: str, redis_url: str) -> None:
    """No PROMETHEUS_MULTIPROC_DIR: `ttr serve --workers 2` makes a temporary one, so
    that every scrape, whichever worker answers it, reports the same sums; and removes
    it when it stops."""
    import http.client

    from tests.api_support import UNLIMITED, stop_server, wait_until_serving
    from tests.ports import free_port

    port = free_port()
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    env.update(UNLIMITED, TTR_DATABASE_URL=pg_schema_url, TTR_REDIS_URL=redis_url,
               TMPDIR=str(scratch))
    log_path = tmp_path / "server.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{port}",
             "--workers", "2"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)

    def get(path: str) -> str:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:  # a new connection each time: either worker may take it
            connection.request("GET", path)
            return connection.getresponse().read().decode()
        finally:
            connection.close()

    try:
        wait_until_serving(port, server, log_path)
        [directory] = scratch.glob("ttr-metrics-*")
        for _ in range(9):
            get("/healthz")
        counts = set()
        for _ in range(8):
            samples = {(s.name, frozenset(s.labels.items())): s.value
                       for f in text_string_to_metric_families(get("/metrics"))
                       for s in f.samples}
            counts.add(value(samples, f"{REQUESTS}_count", route="/healthz", method="GET",
                             status="200"))
        # (wait_until_serving asked /healthz too, once or more)
        assert len(counts) == 1 and counts.pop() >= 10
    finally:
        stop_server(server)
    assert not directory.exists()
