"""What an operator sees with nothing running beside the server: the embedded mode's
`/readyz` and pending score (jobs run in the server: no worker to wait for), the words
`/readyz` uses for the workers, and the metrics directory `ttr serve` makes for
several workers. (With PostgreSQL and Redis: tests/integration/test_worker_rq.py.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from gunicorn.config import Config

from events import MEMORY_URL
from service.observability import MULTIPROC_ENV, share_between_workers
from tests.api_support import Client, make_app, open_table, play_to_the_end
from tests.worker_support import RecordingJobs
from worker.presence import Sighting


def test_embedded_readyz_reports_no_workers_and_a_pending_score_waits_for_none() -> None:
    app = make_app(MEMORY_URL, jobs=RecordingJobs())
    client = Client(app)
    try:
        ready = app.test_client().get("/readyz")  # (a probe: not in the contract)
        assert ready.status_code == 200 and "workers" not in ready.get_json()
        table = open_table(client, "usa", 2)
        play_to_the_end(client, table, seed=3)  # the recorded score job never runs
        pending = client.get(f"/v1/games/{table.game_id}/score", token=table.tokens[0])
        assert pending.status_code == 202
        assert pending.json["waiting_for_worker"] is False
    finally:
        app.extensions["ttr"].close()


@pytest.mark.parametrize(("sighting", "words"), [
    (Sighting(last_seen=100.0, absent_for=None), "ok"),
    (Sighting(last_seen=100.0, absent_for=92.6), "none seen for 93 s"),
    (Sighting(last_seen=None, absent_for=float("inf")), "none seen"),
])
def test_readyz_words_for_the_workers(sighting: Sighting, words: str) -> None:
    assert sighting.describe() == words


def gunicorn_config(workers: int) -> Config:
    cfg = Config()
    cfg.set("workers", workers)
    return cfg


def test_several_workers_get_a_metrics_directory_removed_afterwards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(MULTIPROC_ENV, raising=False)
    cfg = gunicorn_config(3)
    directory = share_between_workers(cfg)
    assert directory and Path(directory).is_dir()
    assert cfg.env == {MULTIPROC_ENV: directory}  # gunicorn sets it in every process
    assert MULTIPROC_ENV not in os.environ  # (not by us)
    cfg.on_exit(server=None)
    assert not Path(directory).exists()


def test_one_worker_or_a_directory_given_is_left_alone(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(MULTIPROC_ENV, raising=False)
    cfg = gunicorn_config(1)
    assert share_between_workers(cfg) is None and cfg.env == {}
    monkeypatch.setenv(MULTIPROC_ENV, str(tmp_path))
    cfg = gunicorn_config(4)
    assert share_between_workers(cfg) is None and cfg.env == {}
