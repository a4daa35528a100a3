"""The server's settings, read once from `TTR_*` environment variables.

With none set, the server runs embedded: a SQLite file in the working directory and
jobs in-process. `TTR_DATABASE_URL` (``postgresql://…``) and `TTR_REDIS_URL`
(``redis://…``) switch to PostgreSQL and to Redis + RQ workers.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any


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
    # webhooks may call private, loopback and link-local addresses (tests, private setups)
    webhook_allow_private: bool = False  # TTR_WEBHOOK_ALLOW_PRIVATE
    extra: Mapping[str, Any] = field(default_factory=dict)  # for tests: clock, notifier…

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
    "webhook_allow_private": "TTR_WEBHOOK_ALLOW_PRIVATE",
}


def from_env(environ: Mapping[str, str] | None = None) -> Settings:
    """Settings from `TTR_*` variables (unset or empty: the default)."""
    env = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    defaults = Settings()
    for name, variable in ENV.items():
        raw = env.get(variable, "").strip()
        if not raw:
            continue
        default = getattr(defaults, name)
        if isinstance(default, bool):
            values[name] = raw.lower() in ("1", "true", "yes", "on")
        elif isinstance(default, int):
            values[name] = int(raw)
        elif isinstance(default, float):
            values[name] = float(raw)
        elif isinstance(default, tuple):
            values[name] = tuple(o.strip() for o in raw.split(",") if o.strip())
        else:
            values[name] = raw
    return Settings(**values)
