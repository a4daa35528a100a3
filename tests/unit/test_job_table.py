"""The table of the kinds of job (`referee.jobs`), read by both adapters: every kind
names a job function that is there and takes what the kind calls it with, and its job
ids are the ones RQ takes and jobs queued by an earlier release still carry."""

from __future__ import annotations

import importlib
import inspect
import re
from datetime import UTC, datetime
from typing import Any

from referee.jobs import (
    AWAY,
    BACK,
    BOT_TURN,
    DEADLINE,
    DEADLINE_NEAR,
    DIGEST,
    KINDS,
    LINK_MAIL,
    MATCH_BOTS,
    NOTICE,
    NOTICE_FAN_OUT,
    RATINGS,
    SCORE,
    SWEEP,
    TOURNAMENT,
    TOURNAMENT_START,
    WEBHOOK,
    WEBHOOK_FAN_OUT,
    WIN_CHANCES,
    JobKind,
)

AT = datetime(2026, 11, 23, 9, 1, 0, 123456, tzinfo=UTC)
# each kind asked for with example arguments, and the job id that makes it once per …
EXAMPLES: list[tuple[JobKind[*tuple[Any, ...]], tuple[Any, ...], str]] = [
    (SCORE, ("g1",), "score-g1"),
    (DEADLINE, ("g1", AT), "deadline-g1-20261123T090100123456Z"),
    (WEBHOOK_FAN_OUT, ("g1", 3, [{"kind": "your_turn"}]), "webhooks-g1-3"),
    (WEBHOOK, ("d1", AT), "webhook-d1-20261123T090100123456Z"),
    (NOTICE_FAN_OUT, ("g1", 3, True, [{"kind": "your_turn"}]), "notices-g1-3"),
    (NOTICE, ("nd_1", AT), "notice-nd_1-20261123T090100123456Z"),
    (DIGEST, ("u_1", AT), "digest-u_1-20261123T090100123456Z"),
    (BOT_TURN, ("g1", 3), "bot-g1-3"),
    (RATINGS, ("g1",), "ratings-g1"),
    (MATCH_BOTS, ("q_1", AT), "match-bots-q_1-20261123T090100123456Z"),
    (TOURNAMENT, ("t_1", "g1"), "tournament-t_1-g1"),
    (TOURNAMENT_START, ("t_1", AT), "tournament-start-t_1-20261123T090100123456Z"),
    (WIN_CHANCES, ("g1",), "win-chances-g1"),
    (SWEEP, (), "sweep"),
    (DEADLINE_NEAR, ("g1", 3, "turn-7", AT, AT), "reminder-g1-3"),
    (AWAY, ("u_1", AT), "away-u_1-20261123T090100123456Z"),
    (BACK, ("u_1",), "back-u_1"),
    (LINK_MAIL, ("signin", "v1:sealed"), "link-mail-h093fcfedb0ec747b58fda19a074f5b38667564ee"),
]


def test_every_kind_of_job_has_an_example_here() -> None:
    assert [kind.name for kind, _, _ in EXAMPLES] == [kind.name for kind in KINDS]


def test_no_two_kinds_share_a_name() -> None:
    assert len({kind.name for kind in KINDS}) == len(KINDS)


def test_every_kind_calls_a_job_function_with_what_it_takes() -> None:
    for kind, args, _ in EXAMPLES:
        module, _, name = kind.function.rpartition(".")
        function = getattr(importlib.import_module(module), name)
        inspect.signature(function).bind(*kind.arguments(*args))  # raises if it does not fit


def test_job_ids_are_the_ones_queued_jobs_carry() -> None:
    assert [kind.job_id(*args) for kind, args, _ in EXAMPLES] == [
        job_id for _, _, job_id in EXAMPLES]


def test_a_value_rq_would_refuse_in_a_job_id_is_hashed_stably() -> None:
    odd = SCORE.job_id("a game/with:odd chars")
    assert odd == SCORE.job_id("a game/with:odd chars") != SCORE.job_id("another")
    assert re.fullmatch(r"[A-Za-z0-9_-]+", odd)


def test_only_the_kinds_given_a_time_are_scheduled() -> None:
    assert [kind.name for kind, args, _ in EXAMPLES if kind.at(*args) == AT] == [
        "deadline", "webhook", "notice", "digest", "match-bots", "tournament-start", "reminder",
        "away"]
