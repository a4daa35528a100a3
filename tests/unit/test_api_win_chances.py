"""The computer analysis over HTTP: the analysis endpoint serves each finished game's win
chances and key moments once its job has stored them, `pending` until then (every
answer checked against openapi.yaml by the test client)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from events import MEMORY_URL
from tests.api_support import Client, Table, make_app, open_table, play_to_the_end
from worker.analysis_jobs import analyse_win_chances
from worker.analyst import Analyst
from worker.context import WorkerContext, use_context

BUDGET = 0.2  # seconds of CPU: a few hundred decisions


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL)  # (the tests' apps compute no analysis by themselves)
    yield app
    app.extensions["ttr"].close()


@pytest.fixture(scope="module")
def finished(app: Flask) -> Table:
    client = Client(app)
    table = open_table(client, "usa", 2)
    play_to_the_end(client, table, seed=12)
    return table


def analysis(client: Client, table: Table) -> dict[str, Any]:
    response = client.get(f"/v1/games/{table.game_id}/analysis")
    assert response.status_code == 200, response.json
    body: dict[str, Any] = response.json
    return body


def worker_context(app: Flask) -> WorkerContext:
    ctx: WorkerContext = app.extensions["ttr"].worker
    return ctx


def test_without_a_budget_the_win_chances_are_off(client: Client, finished: Table) -> None:
    assert analysis(client, finished)["win_chances"] == {"status": "off"}


def test_the_win_chances_are_pending_until_the_job_stores_them(
        client: Client, finished: Table, app: Flask) -> None:
    settings = app.extensions["ttr"].settings
    app.extensions["ttr"].settings = settings.with_(analysis_budget=BUDGET)
    try:
        assert analysis(client, finished)["win_chances"] == {"status": "pending"}
    finally:
        app.extensions["ttr"].settings = settings


def test_the_analysis_serves_the_stored_win_chances_and_key_moments(
        client: Client, finished: Table, app: Flask) -> None:
    ctx = worker_context(app)
    before = ctx.analyst
    ctx.analyst = Analyst(BUDGET)
    try:
        with use_context(ctx):
            assert analyse_win_chances(finished.game_id) in ("analysed", "already_analysed")
    finally:
        ctx.analyst = before
    body = analysis(client, finished)
    chances = body["win_chances"]
    assert chances["status"] == "ready" and chances["budget"] == BUDGET
    assert chances["turns"][-1]["turn"] == body["turn_count"]
    winner = next(p["seat"] for p in body["players"] if p["winner"])
    assert chances["turns"][-1]["chances"][winner] == 1.0
    assert all(m["label"] in ("inaccuracy", "mistake", "blunder")
               for m in chances["key_moments"])


def test_an_embedded_server_computes_the_analysis_after_the_score_by_itself() -> None:
    app = make_app(MEMORY_URL, analysis_budget=BUDGET)
    try:
        client = Client(app)
        table = open_table(client, "usa", 2)
        play_to_the_end(client, table, seed=13)
        deadline = time.monotonic() + 60
        status = "pending"
        while status == "pending" and time.monotonic() < deadline:
            # the score comes from a job too: until it does, the analysis is not there
            response = client.get(f"/v1/games/{table.game_id}/analysis")
            if response.status_code == 200:
                status = response.json["win_chances"]["status"]
            time.sleep(0.1)
        assert status == "ready"
        assert worker_context(app).analyst == Analyst(BUDGET, apart=True)
    finally:
        app.extensions["ttr"].close()
