"""The application's settings, for the API and the worker alike, read once from `TTR_*`.

With none set, the server runs embedded: a SQLite file in the working directory and
jobs in-process. `TTR_DATABASE_URL` (``postgresql://…``) and `TTR_REDIS_URL`
(``redis://…``) switch to PostgreSQL and to Redis + RQ workers. The HTTP server's own
settings (where it listens, its workers, time-outs, held connections, rate limits,
CORS…) are `service.config.HttpSettings`, read the same way by `read_settings` below.

Every `TTR_*` variable the code reads is a field of one of the two (`ENV` here and
`service.config.HTTP_ENV` name them), parsed by `read_settings` and nowhere else, and
checked there once: a variable that cannot be used (not a number, a negative count, an
unknown URL scheme, a placeholder administrator token) raises `SettingsError`, whose
one-line message names it; `ttr` prints that line and exits with status 2. Nothing
writes the environment back.

Why our own reading and not pydantic-settings: its `BaseSettings` reads the environment
whenever one is constructed, so `Settings(database_url=…)` in a test or in `ttr openapi`
would pick up the caller's `TTR_*` variables, and the one frozen dataclass (with
`with_`) would become a model; it would bring pydantic and its compiled core into every
`ttr` command's start for what is here about a dozen rules; and its errors are
multi-line reports that we would still turn into one line naming the variable.
"""

from __future__ import annotations

import base64
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from email.utils import parseaddr
from types import MappingProxyType, UnionType
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

DEFAULT_QUEUE = "ttr"


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str | None = None  # TTR_DATABASE_URL; None: ./ttr.sqlite3
    redis_url: str | None = None  # TTR_REDIS_URL; None: jobs run in-process
    # a PostgreSQL streaming replica of the database: the reads that may be a moment
    # behind go there (`events.replica`); None: every read goes to the database
    replica_database_url: str | None = None  # TTR_REPLICA_DATABASE_URL
    # seconds a replica may lag before its reads go to the primary instead
    replica_max_lag: float = 5.0  # TTR_REPLICA_MAX_LAG
    # the Redis that carries change notifications (sharded pub/sub), if not the jobs'
    # (RQ needs one plain Redis; notifications may go to a Redis Cluster)
    notify_redis_url: str | None = None  # TTR_NOTIFY_REDIS_URL; None: TTR_REDIS_URL's
    # TTR_NOTIFY_REDIS_URL names a node of a Redis Cluster (the others are found from it)
    notify_redis_cluster: bool = False  # TTR_NOTIFY_REDIS_CLUSTER
    migrate_on_start: bool = True  # TTR_MIGRATE_ON_START
    log_level: str = "info"  # TTR_LOG_LEVEL (the API's, gunicorn's and the worker's logs)
    # native threads for SQLite's calls in a process that runs on gevent
    sqlite_threads: int = 8  # TTR_SQLITE_THREADS
    # -- jobs and the worker
    queue: str = DEFAULT_QUEUE  # TTR_QUEUE: one Redis may serve several installations
    # seconds without a heartbeat after which a started job counts as abandoned (None:
    # the queue's default; `ttr worker` derives it from its --heartbeat)
    job_stale_after: float | None = None  # TTR_JOB_STALE_AFTER
    # `module:function` taking these settings and returning the worker's context instead
    # of the one `bootstrap.bootstrap` builds: a hook for tests and for embedding
    worker_context: str | None = None  # TTR_WORKER_CONTEXT
    # the port `ttr worker` serves its /metrics on (checked by `ttr worker`; "": none)
    worker_metrics_port: str = ""  # TTR_WORKER_METRICS_PORT
    # seconds a bot waits before its move, so a live game feels natural (0: at once)
    bot_pause: float = 1.0  # TTR_BOT_PAUSE
    # milliseconds a bot may think per decision; then it plays its best answer so far
    bot_budget_ms: int = 200  # TTR_BOT_BUDGET_MS
    # milliseconds a bot may think over the tickets dealt at setup, before anyone's first
    # turn and while the people at the table choose theirs (which takes them far longer):
    # the choice that decides most games between good players, played out by the strong
    # and expert bots
    bot_setup_budget_ms: int = 5000  # TTR_BOT_SETUP_BUDGET_MS
    # seconds of CPU the computer analysis of one finished game may take (its win
    # chances and key moments, `domain.win_chances`; 0: no such analysis)
    analysis_budget: float = 20.0  # TTR_ANALYSIS_BUDGET
    # a worker unheard of for longer counts as gone: /readyz and a pending score say so
    worker_seen_within: float = 60.0  # TTR_WORKER_SEEN_WITHIN (seconds)
    # seconds a spectator counts after their stream was last heard from (it says so at
    # every keep-alive, TTR_SSE_KEEPALIVE: keep this a few keep-alives long); a stream
    # that ends uncounts at once, one that dies unheard after this
    spectator_ttl: float = 60.0  # TTR_SPECTATOR_TTL
    # -- correspondence players
    # days away a player may declare per calendar year (their deadlines pause meanwhile)
    vacation_days: int = 14  # TTR_VACATION_DAYS
    # -- webhook delivery
    # webhooks may call private, loopback and link-local addresses (tests, private setups)
    webhook_allow_private: bool = False  # TTR_WEBHOOK_ALLOW_PRIVATE
    webhook_retry_delays: tuple[float, ...] | None = None  # None: the delivery's schedule
    webhook_timeout: float | None = None  # seconds an attempt may take (None: its default)
    # -- Web Push (worker.web_push)
    # our VAPID key (base64url of the 32-octet P-256 secret); None: SQLite keeps one made
    # on the first start beside its file, PostgreSQL sends no push
    vapid_private_key: str | None = None  # TTR_VAPID_PRIVATE_KEY
    # how a push service reaches the operator (RFC 8292's `sub`): mailto: or https:
    vapid_subject: str = "mailto:operator@localhost"  # TTR_VAPID_SUBJECT
    # push endpoints may be http:// and on loopback: the tests' own push service only
    push_allow_loopback: bool = False  # TTR_PUSH_ALLOW_LOOPBACK
    # -- e-mail (notices, addresses' verification, sign-in links)
    # the SMTP server that carries mail (None: mails are written to the log, not sent)
    smtp_host: str | None = None  # TTR_SMTP_HOST
    smtp_port: int = 587  # TTR_SMTP_PORT
    smtp_security: str = "starttls"  # TTR_SMTP_SECURITY: starttls, tls or none
    smtp_username: str = ""  # TTR_SMTP_USERNAME ("": no login)
    smtp_password: str = field(default="", repr=False)  # TTR_SMTP_PASSWORD
    smtp_timeout: float = 10.0  # TTR_SMTP_TIMEOUT (seconds a mail may take to hand over)
    mail_from: str = "Ticket to Ride <noreply@localhost>"  # TTR_MAIL_FROM
    # the keys players' addresses are sealed with (the first seals; all open): see
    # `bootstrap.mail_keys` for where they come from when none are set
    mail_keys: tuple[str, ...] = field(default=(), repr=False)  # TTR_MAIL_KEYS
    # where players reach the web client: the links in mails start with it
    public_url: str = "http://127.0.0.1:8000"  # TTR_PUBLIC_URL

    @property
    def embedded(self) -> bool:
        return self.redis_url is None

    @property
    def notify_url(self) -> str | None:
        """Where change notifications go (None: in process memory)."""
        return self.notify_redis_url or self.redis_url

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)


ENV = {
    "database_url": "TTR_DATABASE_URL",
    "redis_url": "TTR_REDIS_URL",
    "replica_database_url": "TTR_REPLICA_DATABASE_URL",
    "replica_max_lag": "TTR_REPLICA_MAX_LAG",
    "notify_redis_url": "TTR_NOTIFY_REDIS_URL",
    "notify_redis_cluster": "TTR_NOTIFY_REDIS_CLUSTER",
    "migrate_on_start": "TTR_MIGRATE_ON_START",
    "log_level": "TTR_LOG_LEVEL",
    "sqlite_threads": "TTR_SQLITE_THREADS",
    "queue": "TTR_QUEUE",
    "job_stale_after": "TTR_JOB_STALE_AFTER",
    "worker_context": "TTR_WORKER_CONTEXT",
    "worker_metrics_port": "TTR_WORKER_METRICS_PORT",
    "bot_pause": "TTR_BOT_PAUSE",
    "bot_budget_ms": "TTR_BOT_BUDGET_MS",
    "bot_setup_budget_ms": "TTR_BOT_SETUP_BUDGET_MS",
    "analysis_budget": "TTR_ANALYSIS_BUDGET",
    "worker_seen_within": "TTR_WORKER_SEEN_WITHIN",
    "spectator_ttl": "TTR_SPECTATOR_TTL",
    "vacation_days": "TTR_VACATION_DAYS",
    "webhook_allow_private": "TTR_WEBHOOK_ALLOW_PRIVATE",
    "vapid_private_key": "TTR_VAPID_PRIVATE_KEY",
    "vapid_subject": "TTR_VAPID_SUBJECT",
    "push_allow_loopback": "TTR_PUSH_ALLOW_LOOPBACK",
    "smtp_host": "TTR_SMTP_HOST",
    "smtp_port": "TTR_SMTP_PORT",
    "smtp_security": "TTR_SMTP_SECURITY",
    "smtp_username": "TTR_SMTP_USERNAME",
    "smtp_password": "TTR_SMTP_PASSWORD",
    "smtp_timeout": "TTR_SMTP_TIMEOUT",
    "mail_from": "TTR_MAIL_FROM",
    "mail_keys": "TTR_MAIL_KEYS",
    "public_url": "TTR_PUBLIC_URL",
}


class SettingsError(ValueError):
    """A `TTR_*` variable that cannot be used; the message names it and says why."""


# -- the application's checks (a field added above is read by its type; numbers may not
# be negative unless listed)

# numbers that must be more than 0 (the other numbers: at least 0)
_POSITIVE = frozenset({"job_stale_after", "worker_seen_within", "smtp_timeout",
                       "spectator_ttl"})
# strings that must be one of a few values (compared in lower case)
_CHOICES = {"log_level": ("debug", "info", "warning", "error", "critical"),
            "smtp_security": ("starttls", "tls", "none")}
# URLs and the schemes each may use
_SCHEMES = {
    "database_url": ("postgresql://", "postgres://", "sqlite://"),
    "redis_url": ("redis://", "rediss://", "unix://"),
    "replica_database_url": ("postgresql://", "postgres://"),
    "notify_redis_url": ("redis://", "rediss://", "unix://"),
    "public_url": ("https://", "http://"),
}


def _url_check(name: str) -> Callable[[str, Any], None]:
    schemes = _SCHEMES[name]

    def check(variable: str, value: str) -> None:
        if not value.startswith(schemes):
            raise SettingsError(f"{variable} must start with {' or '.join(schemes)}, "
                                f"not {value.partition(':')[0]!r}")
    return check


def _check_port(variable: str, value: str) -> None:
    if not (value.isdigit() and 0 < int(value) < 65536):
        raise SettingsError(f"{variable} must be a port number (1-65535), not {value!r}")


def _check_vapid_key(variable: str, value: str) -> None:
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except ValueError:
        raw = b""
    if len(raw) != 32:
        raise SettingsError(f"{variable} must be a VAPID private key: 32 octets in base64url "
                            "(README.md, Web Push, says how to make one)")


def _check_vapid_subject(variable: str, value: str) -> None:
    if not re.fullmatch(r"mailto:[^@\s]+@[^@\s]+|https://[^/\s]+(/\S*)?", value):
        raise SettingsError(f"{variable} must be a mailto: or https:// URL, not {value!r}")


def _check_port_number(variable: str, value: int) -> None:
    _check_port(variable, str(value))


def _check_mail_keys(variable: str, keys: tuple[str, ...]) -> None:
    if any(len(key) < 32 for key in keys):
        raise SettingsError(f"{variable} holds a key shorter than 32 characters: set random "
                            "ones (e.g. `openssl rand -hex 32`), comma-separated")


def _check_mail_from(variable: str, value: str) -> None:
    address = parseaddr(value)[1]
    if "@" not in address or "\n" in value or "\r" in value:
        raise SettingsError(f"{variable} must be an address (Name <someone@example.org>), "
                            f"not {value!r}")


def settings_from_env(environ: Mapping[str, str] | None = None) -> Settings:
    """The application's settings from `TTR_*` variables (unset or empty: the default),
    every one checked: a variable that cannot be used raises `SettingsError` naming it."""
    settings = read_settings(Settings, ENV, environ, positive=_POSITIVE, choices=_CHOICES,
                         checks={**{name: _url_check(name) for name in _SCHEMES},
                                 "worker_metrics_port": _check_port,
                                 "vapid_private_key": _check_vapid_key,
                                 "vapid_subject": _check_vapid_subject,
                                 "smtp_port": _check_port_number,
                                 "mail_from": _check_mail_from,
                                 "mail_keys": _check_mail_keys})
    if settings.replica_database_url and not (settings.database_url or "").startswith(
            _SCHEMES["replica_database_url"]):
        raise SettingsError("TTR_REPLICA_DATABASE_URL needs TTR_DATABASE_URL to name its "
                            "PostgreSQL primary (postgresql://)")
    return settings


# -- reading and checking: every variable is read and checked here, once ----------------

Kind = TypeVar("Kind")
_NONE: Mapping[str, Any] = MappingProxyType({})
_FLAGS = {"1": True, "true": True, "yes": True, "on": True,
          "0": False, "false": False, "no": False, "off": False}


def read_settings(kind: Callable[..., Kind], variables: Mapping[str, str],
                  environ: Mapping[str, str] | None = None, *,
                  positive: frozenset[str] = frozenset(),
                  choices: Mapping[str, tuple[str, ...]] = _NONE,
                  checks: Mapping[str, Callable[[str, Any], None]] = _NONE) -> Kind:
    """A settings dataclass `kind` from the variables named in `variables` (field →
    variable; unset or empty: the field's default), each read as its field's type and
    checked: numbers at least 0 (more than 0 for `positive`), a string of `choices` one
    of its values, and a field's own `checks` (called with the variable and the value,
    raising `SettingsError`)."""
    env = os.environ if environ is None else environ
    hints = get_type_hints(kind)
    values: dict[str, Any] = {}
    for name, variable in variables.items():
        raw = env.get(variable, "").strip()
        if raw:
            value = values[name] = _read(variable, raw, hints[name])
            _check(variable, value, name in positive, choices.get(name))
            if name in checks:
                checks[name](variable, value)
    return kind(**values)


def _read(variable: str, raw: str, hint: Any) -> Any:
    """`raw` as the field's type (`X | None` reads as X)."""
    if get_origin(hint) in (Union, UnionType):
        hint = next(k for k in get_args(hint) if k is not type(None))
    kind = get_origin(hint) or hint
    if kind is bool:
        if raw.lower() not in _FLAGS:
            raise SettingsError(f"{variable} must be true or false, not {raw!r}")
        return _FLAGS[raw.lower()]
    if kind is int:
        try:
            return int(raw)
        except ValueError:
            raise SettingsError(f"{variable} must be a whole number, not {raw!r}") from None
    if kind is float:
        try:
            value = float(raw)
        except ValueError:
            raise SettingsError(f"{variable} must be a number, not {raw!r}") from None
        if not math.isfinite(value):
            raise SettingsError(f"{variable} must be a finite number, not {raw!r}")
        return value
    if kind is tuple:
        return tuple(o.strip() for o in raw.split(",") if o.strip())
    return raw


def _check(variable: str, value: Any, positive: bool, choices: tuple[str, ...] | None) -> None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        if positive and value <= 0:
            raise SettingsError(f"{variable} must be more than 0, not {value}")
        if value < 0:
            raise SettingsError(f"{variable} must not be negative, not {value}")
    elif choices is not None and value.lower() not in choices:
        raise SettingsError(f"{variable} must be one of {', '.join(choices)}, not {value!r}")
