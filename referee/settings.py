"""The one settings object of the API and the worker, read once from `TTR_*` variables.

With none set, the server runs embedded: a SQLite file in the working directory and
jobs in-process. `TTR_DATABASE_URL` (``postgresql://…``) and `TTR_REDIS_URL`
(``redis://…``) switch to PostgreSQL and to Redis + RQ workers. Every `TTR_*`
variable the code reads is a field here (`ENV` names them), parsed by
`settings_from_env()` and nowhere else, and checked there once: a variable that cannot
be used (not a number, a negative count, an unknown URL scheme, a placeholder
administrator token) raises `SettingsError`, whose one-line message names it; `ttr`
prints that line and exits with status 2. Nothing writes the environment back.

Why our own reading and not pydantic-settings: its `BaseSettings` reads the environment
whenever one is constructed, so `Settings(database_url=…)` in a test or in `ttr openapi`
would pick up the caller's `TTR_*` variables, and the one frozen dataclass (with
`with_`) would become a model; it would bring pydantic and its compiled core into every
`ttr` command's start for what is here about a dozen rules; and its errors are
multi-line reports that we would still turn into one line naming the variable.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints

DEFAULT_QUEUE = "ttr"


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str | None = None  # TTR_DATABASE_URL; None: ./ttr.sqlite3
    redis_url: str | None = None  # TTR_REDIS_URL; None: jobs run in-process
    admin_token: str | None = None  # TTR_ADMIN_TOKEN: may import games
    # requests per second and burst, per bearer token and (without a token) per address
    rate_per_token: float = 50.0  # TTR_RATE_PER_TOKEN
    burst_per_token: int = 200  # TTR_BURST_PER_TOKEN
    rate_per_address: float = 20.0  # TTR_RATE_PER_ADDRESS
    burst_per_address: int = 100  # TTR_BURST_PER_ADDRESS
    accounts_per_address_per_hour: int = 100  # TTR_ACCOUNTS_PER_ADDRESS_PER_HOUR
    max_body_bytes: int = 64 * 1024  # TTR_MAX_BODY_BYTES
    cors_origins: tuple[str, ...] = ()  # TTR_CORS_ORIGINS: "*" or a comma-separated list
    min_turn_time_limit: int = 60  # TTR_MIN_TURN_TIME_LIMIT (seconds)
    long_poll_max: float = 60.0  # TTR_LONG_POLL_MAX (seconds a `wait=` may hold)
    sse_keepalive: float = 15.0  # TTR_SSE_KEEPALIVE (seconds between keep-alive comments)
    trusted_proxies: int = 0  # TTR_TRUSTED_PROXIES: X-Forwarded-For hops to trust
    migrate_on_start: bool = True  # TTR_MIGRATE_ON_START
    log_level: str = "info"  # TTR_LOG_LEVEL
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
    # a worker unheard of for longer counts as gone: /readyz and a pending score say so
    worker_seen_within: float = 60.0  # TTR_WORKER_SEEN_WITHIN (seconds)
    # -- webhook delivery
    # webhooks may call private, loopback and link-local addresses (tests, private setups)
    webhook_allow_private: bool = False  # TTR_WEBHOOK_ALLOW_PRIVATE
    webhook_retry_delays: tuple[float, ...] | None = None  # None: the delivery's schedule
    webhook_timeout: float | None = None  # seconds an attempt may take (None: its default)
    # -- the web server (`ttr serve`, deploy/gunicorn.conf.py)
    bind: str | None = None  # TTR_BIND
    web_worker_class: str | None = None  # TTR_WEB_WORKER_CLASS: gevent or gthread
    web_workers: int | None = None  # TTR_WEB_WORKERS (None: one per core)
    web_threads: int = 32  # TTR_WEB_THREADS
    web_connections: int = 8000  # TTR_WEB_CONNECTIONS (per worker; at least held_max + 1000)
    web_timeout: int = 120  # TTR_WEB_TIMEOUT
    web_max_requests: int = 0  # TTR_WEB_MAX_REQUESTS
    access_log: str | None = None  # TTR_ACCESS_LOG
    forwarded_allow_ips: str = "127.0.0.1"  # TTR_FORWARDED_ALLOW_IPS
    # -- held connections (SSE streams and long polls) and slow clients
    held_max: int = 6000  # TTR_HELD_MAX: streams + long polls per worker process
    held_per_client: int = 32  # TTR_HELD_PER_CLIENT: per token (or address, without one)
    header_timeout: int = 5  # TTR_HEADER_TIMEOUT: seconds to send a request's headers
    body_timeout: float = 30.0  # TTR_BODY_TIMEOUT: seconds to send a request's body
    sqlite_threads: int = 8  # TTR_SQLITE_THREADS: native threads for SQLite under gevent

    @property
    def embedded(self) -> bool:
        return self.redis_url is None

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)


ENV = {
    "database_url": "TTR_DATABASE_URL",
    "redis_url": "TTR_REDIS_URL",
    "admin_token": "TTR_ADMIN_TOKEN",
    "rate_per_token": "TTR_RATE_PER_TOKEN",
    "burst_per_token": "TTR_BURST_PER_TOKEN",
    "rate_per_address": "TTR_RATE_PER_ADDRESS",
    "burst_per_address": "TTR_BURST_PER_ADDRESS",
    "accounts_per_address_per_hour": "TTR_ACCOUNTS_PER_ADDRESS_PER_HOUR",
    "max_body_bytes": "TTR_MAX_BODY_BYTES",
    "cors_origins": "TTR_CORS_ORIGINS",
    "min_turn_time_limit": "TTR_MIN_TURN_TIME_LIMIT",
    "long_poll_max": "TTR_LONG_POLL_MAX",
    "sse_keepalive": "TTR_SSE_KEEPALIVE",
    "trusted_proxies": "TTR_TRUSTED_PROXIES",
    "migrate_on_start": "TTR_MIGRATE_ON_START",
    "log_level": "TTR_LOG_LEVEL",
    "queue": "TTR_QUEUE",
    "job_stale_after": "TTR_JOB_STALE_AFTER",
    "worker_context": "TTR_WORKER_CONTEXT",
    "worker_metrics_port": "TTR_WORKER_METRICS_PORT",
    "bot_pause": "TTR_BOT_PAUSE",
    "worker_seen_within": "TTR_WORKER_SEEN_WITHIN",
    "webhook_allow_private": "TTR_WEBHOOK_ALLOW_PRIVATE",
    "bind": "TTR_BIND",
    "web_worker_class": "TTR_WEB_WORKER_CLASS",
    "web_workers": "TTR_WEB_WORKERS",
    "web_threads": "TTR_WEB_THREADS",
    "web_connections": "TTR_WEB_CONNECTIONS",
    "web_timeout": "TTR_WEB_TIMEOUT",
    "web_max_requests": "TTR_WEB_MAX_REQUESTS",
    "access_log": "TTR_ACCESS_LOG",
    "forwarded_allow_ips": "TTR_FORWARDED_ALLOW_IPS",
    "held_max": "TTR_HELD_MAX",
    "held_per_client": "TTR_HELD_PER_CLIENT",
    "header_timeout": "TTR_HEADER_TIMEOUT",
    "body_timeout": "TTR_BODY_TIMEOUT",
    "sqlite_threads": "TTR_SQLITE_THREADS",
}

# -- reading and checking: every variable is read and checked here, once ----------------
# (a field added above is read by its type; numbers may not be negative unless listed)

# numbers that must be more than 0 (the other numbers: at least 0)
_POSITIVE = frozenset({
    "rate_per_token", "burst_per_token", "rate_per_address", "burst_per_address",
    "max_body_bytes", "sse_keepalive", "job_stale_after", "web_workers", "web_threads",
    "web_connections", "worker_seen_within",
})
# strings that must be one of a few values (compared in lower case)
_CHOICES = {
    "log_level": ("debug", "info", "warning", "error", "critical"),
    "web_worker_class": ("gevent", "gthread"),
}
# URLs and the schemes each may use
_SCHEMES = {
    "database_url": ("postgresql://", "postgres://", "sqlite://"),
    "redis_url": ("redis://", "rediss://", "unix://"),
}
_FLAGS = {"1": True, "true": True, "yes": True, "on": True,
          "0": False, "false": False, "no": False, "off": False}
# an administrator token shorter than this, or one of these words, is a placeholder
ADMIN_TOKEN_MIN_LENGTH = 16
_PLACEHOLDERS = ("changeme", "change-me", "change_me", "replace-me", "secret", "password",
                 "placeholder", "example", "admin", "token", "xxxx")


class SettingsError(ValueError):
    """A `TTR_*` variable that cannot be used; the message names it and says why."""


def settings_from_env(environ: Mapping[str, str] | None = None) -> Settings:
    """Settings from `TTR_*` variables (unset or empty: the default), every one checked:
    a variable that cannot be used raises `SettingsError` naming it."""
    env = os.environ if environ is None else environ
    hints = get_type_hints(Settings)
    values: dict[str, Any] = {}
    for name, variable in ENV.items():
        raw = env.get(variable, "").strip()
        if raw:
            values[name] = _read(variable, raw, hints[name])
            _check(name, variable, values[name])
    return Settings(**values)


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


def _check(name: str, variable: str, value: Any) -> None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        if name in _POSITIVE and value <= 0:
            raise SettingsError(f"{variable} must be more than 0, not {value}")
        if value < 0:
            raise SettingsError(f"{variable} must not be negative, not {value}")
    elif name in _CHOICES and value.lower() not in _CHOICES[name]:
        raise SettingsError(f"{variable} must be one of {', '.join(_CHOICES[name])}, "
                            f"not {value!r}")
    elif name in _SCHEMES and not value.startswith(_SCHEMES[name]):
        raise SettingsError(f"{variable} must start with {' or '.join(_SCHEMES[name])}, "
                            f"not {value.partition(':')[0]!r}")
    elif name == "worker_metrics_port" and not (value.isdigit() and 0 < int(value) < 65536):
        raise SettingsError(f"{variable} must be a port number (1-65535), not {value!r}")
    elif name == "admin_token" and is_placeholder_token(value):
        raise SettingsError(
            f"{variable} is a placeholder or shorter than {ADMIN_TOKEN_MIN_LENGTH} "
            "characters: set a random one (e.g. `openssl rand -hex 32`), or leave it unset")


def is_placeholder_token(token: str) -> bool:
    """Whether `token` is too short or too guessable to guard the administrator's
    endpoints (deploy/ must never ship one that works)."""
    lowered = token.lower()
    return (len(token) < ADMIN_TOKEN_MIN_LENGTH or len(set(token)) < 4
            or any(word in lowered for word in _PLACEHOLDERS))


from_env = settings_from_env  # (the name the service has always used)
