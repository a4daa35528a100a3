"""The referee is the one way through the code, and the settings are the one place the
environment is read: every writer goes through `referee.Referee` (no handler or job
appends on its own, nor announces a change by itself), and every `TTR_*` variable is a
field of `referee.settings.Settings`."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from events import SqlStore
from messaging.notify import game_key
from referee.settings import ENV, Settings, SettingsError, settings_from_env
from service.config import HTTP_ENV, HttpSettings, http_settings_from_env
from tests.worker_support import RecordingJobs, finished_game, make_context

ROOT = Path(__file__).absolute().parents[2]
SHIPPED = ("domain", "events", "referee", "service", "worker")


def modules(*packages: str) -> Iterator[tuple[Path, ast.Module]]:
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path, ast.parse(path.read_text(), str(path))


def names_imported(tree: ast.Module) -> set[str]:
    return {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            for alias in node.names}


def calls(tree: ast.Module) -> set[str]:
    """What the module calls, as written (`ctx.log.execute`, `follow_up`, …)."""
    return {ast.unparse(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}


# -- every writer goes through the referee ----------------------------------------------

def test_only_the_referee_announces_a_change() -> None:
    found = [path.relative_to(ROOT) for path, tree in modules("service", "worker")
             if "follow_up" in names_imported(tree)
             or any(call.split(".")[-1] == "follow_up" for call in calls(tree))]
    assert found == []


def test_no_handler_or_job_appends_to_a_game_by_itself() -> None:
    found = [path.relative_to(ROOT) for path, tree in modules("service", "worker")
             if any(call.endswith(("log.execute", "store.append")) for call in calls(tree))]
    assert found == []


def test_the_referee_announces_what_it_scores(store: SqlStore) -> None:
    jobs = RecordingJobs()
    ctx = make_context(store, jobs=jobs)
    ended = finished_game(ctx.log, "g1", random.Random(3))
    heard = ctx.notifier.watch([game_key("g1")])
    outcome = ctx.referee.score("g1")
    assert outcome.after.status == "finished" and ended.after.status == "scoring"
    # published without anyone asking
    assert ctx.notifier.wait([game_key("g1")], 0, since=heard)


def test_a_farewell_said_at_a_scored_table_asks_for_no_ratings_or_analysis_again(
        store: SqlStore) -> None:
    jobs = RecordingJobs()
    ctx = make_context(store, jobs=jobs)
    finished_game(ctx.log, "g1", random.Random(3))
    ctx.referee.score("g1")
    asked = (list(jobs.ratings_asked), list(jobs.analyses))
    heard = ctx.notifier.watch([game_key("g1")])
    said = ctx.referee.react("g1", ctx.log.load("g1").seats[0].user_id, "good_game")
    assert said.after.status == "finished" and asked[0] == ["g1"]
    assert (jobs.ratings_asked, jobs.analyses) == asked
    assert ctx.notifier.wait([game_key("g1")], 0, since=heard)  # (the streams still hear it)


# -- the settings: the application's and the HTTP server's ------------------------------

def test_every_ttr_variable_is_read_by_the_settings_alone() -> None:
    settings_modules = {ROOT / "referee" / "settings.py", ROOT / "service" / "config.py"}
    found = sorted({(str(path.relative_to(ROOT)), node.value)
                    for path, tree in modules(*SHIPPED) if path not in settings_modules
                    for node in ast.walk(tree)
                    if isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and re.fullmatch(r"TTR_[A-Z0-9_]+", node.value)})
    assert found == []


def test_the_analysis_budget_is_seconds_of_cpu_and_never_negative() -> None:
    assert Settings().analysis_budget == 20.0
    assert settings_from_env({"TTR_ANALYSIS_BUDGET": "2.5"}).analysis_budget == 2.5
    assert settings_from_env({"TTR_ANALYSIS_BUDGET": "0"}).analysis_budget == 0
    with pytest.raises(SettingsError, match="TTR_ANALYSIS_BUDGET"):
        settings_from_env({"TTR_ANALYSIS_BUDGET": "-1"})


def test_a_read_replica_is_a_postgresql_standby_of_a_postgresql_primary() -> None:
    primary = "postgresql://db.example/ttr"
    read = settings_from_env({"TTR_DATABASE_URL": primary,
                              "TTR_REPLICA_DATABASE_URL": "postgresql://replica.example/ttr",
                              "TTR_REPLICA_MAX_LAG": "2.5"})
    assert read.replica_database_url == "postgresql://replica.example/ttr"
    assert read.replica_max_lag == 2.5
    assert Settings().replica_database_url is None and Settings().replica_max_lag == 5.0
    with pytest.raises(SettingsError, match="TTR_REPLICA_DATABASE_URL must start with"):
        settings_from_env({"TTR_DATABASE_URL": primary,
                           "TTR_REPLICA_DATABASE_URL": "sqlite:///replica.sqlite3"})
    with pytest.raises(SettingsError, match="TTR_REPLICA_DATABASE_URL needs TTR_DATABASE_URL"):
        settings_from_env({"TTR_REPLICA_DATABASE_URL": "postgresql://replica.example/ttr"})
    with pytest.raises(SettingsError, match="TTR_REPLICA_MAX_LAG"):
        settings_from_env({"TTR_REPLICA_MAX_LAG": "-1"})
def test_notifications_use_the_jobs_redis_unless_a_redis_of_their_own_is_named() -> None:
    jobs = "redis://jobs:6379/0"
    assert settings_from_env({"TTR_REDIS_URL": jobs}).notify_url == jobs
    apart = settings_from_env({"TTR_REDIS_URL": jobs,
                               "TTR_NOTIFY_REDIS_URL": "redis://shard-0:7000",
                               "TTR_NOTIFY_REDIS_CLUSTER": "true"})
    assert (apart.redis_url, apart.notify_url, apart.notify_redis_cluster) == (
        jobs, "redis://shard-0:7000", True)
    assert Settings().notify_url is None  # embedded: in process memory


def test_the_notifications_redis_must_be_a_redis_url() -> None:
    with pytest.raises(SettingsError, match="TTR_NOTIFY_REDIS_URL"):
        settings_from_env({"TTR_NOTIFY_REDIS_URL": "http://shard-0:7000"})


def test_nothing_writes_the_environment() -> None:
    writes = []
    for path, tree in modules(*SHIPPED):
        for node in ast.walk(tree):
            written: list[ast.expr] = []
            if isinstance(node, ast.Assign | ast.Delete):
                written = list(node.targets)
            elif isinstance(node, ast.AugAssign):
                written = [node.target]
            elif isinstance(node, ast.Call):
                written = [node.func]
            for target in written:
                text = ast.unparse(target)
                if text == "os.putenv" or re.fullmatch(
                        r"os\.environ(\[.*\]|\.(setdefault|update|pop|clear))", text):
                    writes.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text}")
    assert writes == []


@pytest.mark.parametrize("kind, variables, read", [
    (Settings, ENV, settings_from_env), (HttpSettings, HTTP_ENV, http_settings_from_env)],
    ids=["application", "http"])
def test_every_settings_variable_names_a_field_and_is_parsed(
        kind: Callable[[], Any], variables: dict[str, str],
        read: Callable[[dict[str, str]], Any]) -> None:
    defaults = kind()
    assert set(variables) <= set(defaults.__dataclass_fields__)
    # values the settings' checks take (a URL with its scheme, a level, a real token)
    valid = {"database_url": "postgresql://db.example/ttr", "redis_url": "redis://r:6379/1",
             "replica_database_url": "postgresql://replica.example/ttr",
             "notify_redis_url": "redis://c:7000",
             "admin_token": "5e8a1c0f9b2d4763a1e0c9f8b7d6e5a4", "log_level": "debug",
             "web_worker_class": "gevent", "worker_metrics_port": "9101",
             "smtp_security": "tls", "mail_from": "Games <games@example.org>",
             "public_url": "https://play.example",
             "mail_keys": "0123456789abcdef0123456789abcdef,fedcba9876543210fedcba9876543210",
             "bind": "127.0.0.1:8123", "cors_origins": "https://a.example,https://b.example",
             "token_keys": "0123456789abcdef0123456789abcdef,fedcba9876543210fedcba9876543210",
             "vapid_private_key": "q7HpdAb39TENjzJaZUqy4DHRTIK3z6Yx9wG4LBuvnJQ",
             "vapid_subject": "mailto:ops@example.com"}
    env = {}
    for name, variable in variables.items():
        default = getattr(defaults, name)
        env[variable] = valid.get(name) or (
            ("false" if default else "true") if isinstance(default, bool)
            else "a,b" if isinstance(default, tuple) else "7")
    parsed = read(env)
    assert [name for name in variables
            if getattr(parsed, name) == getattr(defaults, name)] == []
