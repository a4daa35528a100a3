"""The one settings object of the API and the worker, read once from `TTR_*` variables.

With none set, the server runs embedded: a SQLite file in the working directory and
jobs in-process. `TTR_DATABASE_URL` (``postgresql://…``) and `TTR_REDIS_URL`
(``redis://…``) switch to PostgreSQL and to Redis + RQ workers. Every `TTR_*`
variable the code reads is a field here (`ENV` names them), parsed by
`settings_from_env()` and nowhere else; nothing writes the environment back.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

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
    sse_keepalive: float = 5.0  # TTR_SSE_KEEPALIVE (seconds between keep-alive comments)
    trusted_proxies: int = 0  # TTR_TRUSTED_PROXIES: X-Forwarded-For hops to trust
    migrate_on_start: bool = True  # TTR_MIGRATE_ON_START
    log_level: str = "info"  # TTR_LOG_LEVEL
    # -- jobs and the worker
    queue: str = DEFAULT_QUEUE  # TTR_QUEUE: one Redis may serve several installations
    # seconds without a heartbeat after which a started job counts as abandoned (None:
    # the queue's default; `ttr worker` derives it from its --heartbeat)
    job_stale_after: float | None = None  # TTR_JOB_STALE_AFTER
    # `module:function` taking these settings and returning the worker's context instead
    # of the one `worker.bootstrap` builds: a hook for tests and for embedding
    worker_context: str | None = None  # TTR_WORKER_CONTEXT
    # the port `ttr worker` serves its /metrics on (checked by `ttr worker`; "": none)
    worker_metrics_port: str = ""  # TTR_WORKER_METRICS_PORT
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

# the fields whose default (None) does not say how to read them
_PARSERS: dict[str, Callable[[str], Any]] = {
    "job_stale_after": float,
    "web_workers": int,
}


def _flag(raw: str) -> bool:
    return raw.lower() in ("1", "true", "yes", "on")


def _parser(name: str, default: Any) -> Callable[[str], Any]:
    if name in _PARSERS:
        return _PARSERS[name]
    if isinstance(default, bool):
        return _flag
    if isinstance(default, int | float):
        return type(default)
    if isinstance(default, tuple):
        return lambda raw: tuple(o.strip() for o in raw.split(",") if o.strip())
    return str


def settings_from_env(environ: Mapping[str, str] | None = None) -> Settings:
    """Settings from `TTR_*` variables (unset or empty: the default)."""
    env = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    defaults = Settings()
    for name, variable in ENV.items():
        raw = env.get(variable, "").strip()
        if raw:
            values[name] = _parser(name, getattr(defaults, name))(raw)
    return Settings(**values)


from_env = settings_from_env  # (the name the service has always used)
