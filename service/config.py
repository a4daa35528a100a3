"""The HTTP server's settings, apart from the application's, read from `TTR_*` variables.

`HttpSettings` is what only the API's processes read: where `ttr serve` listens and
gunicorn's workers, the time-outs and rates of slow clients, the connections one
address may open, the held connections (streams and long polls), request bodies, CORS,
the proxies trusted, the rate limits, the administrator's token and the API's own
limits on what a request may ask. The
application's settings (database, Redis, queue, bots, webhooks…), which the worker
reads as well, are `referee.settings.Settings`. Both are read and checked by
`referee.settings.read_settings`, with the same one-line `SettingsError`.

`from_env` reads both at once, as `ttr serve`, deploy/gunicorn.conf.py and
`create_app()` do; `ENV` names every variable the server reads.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from domain.rating_rules import LEADERBOARD_MIN_GAMES
from referee.settings import ENV as APP_ENV
from referee.settings import Settings, SettingsError, read_settings, settings_from_env
from service.token_format import MIN_KEY_LENGTH


@dataclass(frozen=True, slots=True)
class HttpSettings:
    # requests per second and burst, per bearer token and (without a token) per address
    rate_per_token: float = 50.0  # TTR_RATE_PER_TOKEN
    burst_per_token: int = 200  # TTR_BURST_PER_TOKEN
    rate_per_address: float = 20.0  # TTR_RATE_PER_ADDRESS
    burst_per_address: int = 100  # TTR_BURST_PER_ADDRESS
    accounts_per_address_per_hour: int = 100  # TTR_ACCOUNTS_PER_ADDRESS_PER_HOUR
    admin_token: str | None = None  # TTR_ADMIN_TOKEN: may import games
    # the keys of the tokens' MAC, comma-separated: the first signs, each one verifies
    # (none: a key kept beside a SQLite database; see `bootstrap.token_keys`)
    token_keys: tuple[str, ...] = ()  # TTR_TOKEN_KEYS
    max_body_bytes: int = 64 * 1024  # TTR_MAX_BODY_BYTES
    cors_origins: tuple[str, ...] = ()  # TTR_CORS_ORIGINS: "*" or a comma-separated list
    min_turn_time_limit: int = 60  # TTR_MIN_TURN_TIME_LIMIT (seconds)
    # rated games on a map before a player is shown on its leaderboard (docs/ratings.md)
    leaderboard_min_games: int = LEADERBOARD_MIN_GAMES  # TTR_LEADERBOARD_MIN_GAMES
    long_poll_max: float = 60.0  # TTR_LONG_POLL_MAX (seconds a `wait=` may hold)
    sse_keepalive: float = 15.0  # TTR_SSE_KEEPALIVE (seconds between keep-alive comments)
    trusted_proxies: int = 0  # TTR_TRUSTED_PROXIES: X-Forwarded-For hops to trust
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
    # bytes a second a body must keep up on average once its grace is over (0: no minimum)
    body_min_rate: int = 1024  # TTR_BODY_MIN_RATE
    body_grace: float = 5.0  # TTR_BODY_GRACE: seconds before the minimum rate applies
    # open connections one peer address (an IPv6 /64) may have per worker process
    connections_per_address: int = 128  # TTR_CONNECTIONS_PER_ADDRESS

    def with_(self, **changes: Any) -> HttpSettings:
        return replace(self, **changes)


HTTP_ENV = {
    "rate_per_token": "TTR_RATE_PER_TOKEN",
    "burst_per_token": "TTR_BURST_PER_TOKEN",
    "rate_per_address": "TTR_RATE_PER_ADDRESS",
    "burst_per_address": "TTR_BURST_PER_ADDRESS",
    "accounts_per_address_per_hour": "TTR_ACCOUNTS_PER_ADDRESS_PER_HOUR",
    "admin_token": "TTR_ADMIN_TOKEN",
    "token_keys": "TTR_TOKEN_KEYS",
    "max_body_bytes": "TTR_MAX_BODY_BYTES",
    "cors_origins": "TTR_CORS_ORIGINS",
    "min_turn_time_limit": "TTR_MIN_TURN_TIME_LIMIT",
    "leaderboard_min_games": "TTR_LEADERBOARD_MIN_GAMES",
    "long_poll_max": "TTR_LONG_POLL_MAX",
    "sse_keepalive": "TTR_SSE_KEEPALIVE",
    "trusted_proxies": "TTR_TRUSTED_PROXIES",
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
    "body_min_rate": "TTR_BODY_MIN_RATE",
    "body_grace": "TTR_BODY_GRACE",
    "connections_per_address": "TTR_CONNECTIONS_PER_ADDRESS",
}
# every variable the server reads: the application's and the HTTP server's
ENV = {**APP_ENV, **HTTP_ENV}

# numbers that must be more than 0 (the other numbers: at least 0)
_POSITIVE = frozenset({
    "rate_per_token", "burst_per_token", "rate_per_address", "burst_per_address",
    "max_body_bytes", "sse_keepalive", "web_workers", "web_threads", "web_connections",
    "connections_per_address",
})
# strings that must be one of a few values (compared in lower case)
_CHOICES = {"web_worker_class": ("gevent", "gthread")}
# an administrator token shorter than this, or one of these words, is a placeholder
ADMIN_TOKEN_MIN_LENGTH = 16
_PLACEHOLDERS = ("changeme", "change-me", "change_me", "replace-me", "secret", "password",
                 "placeholder", "example", "admin", "token", "xxxx")


def is_placeholder_token(token: str) -> bool:
    """Whether `token` is too short or too guessable to guard the administrator's
    endpoints (deploy/ must never ship one that works)."""
    lowered = token.lower()
    return (len(token) < ADMIN_TOKEN_MIN_LENGTH or len(set(token)) < 4
            or any(word in lowered for word in _PLACEHOLDERS))


def _check_admin_token(variable: str, token: str) -> None:
    if is_placeholder_token(token):
        raise SettingsError(
            f"{variable} is a placeholder or shorter than {ADMIN_TOKEN_MIN_LENGTH} "
            "characters: set a random one (e.g. `openssl rand -hex 32`), or leave it unset")


def _check_token_keys(variable: str, keys: tuple[str, ...]) -> None:
    if any(is_placeholder_token(key) or len(key) < MIN_KEY_LENGTH for key in keys):
        raise SettingsError(
            f"{variable} holds a key shorter than {MIN_KEY_LENGTH} characters or a "
            "placeholder: set random ones (e.g. `openssl rand -hex 32`), comma-separated")


def bind_problem(address: str) -> str | None:
    """What is wrong with `address` as where gunicorn listens (None: nothing), in a few
    words to follow its name. gunicorn takes ``HOST:PORT``, ``[IPV6]:PORT``,
    ``unix:PATH`` and ``fd://N``; given a host alone it would quietly listen on port
    8000, and a port past 65535 ends it in a traceback, so both are refused here."""
    if address.startswith("unix:"):
        return None if address[len("unix:"):] else "needs a path after unix:"
    if address.startswith("fd://"):
        return None if address[len("fd://"):].isdigit() else "needs a number after fd://"
    host, colon, port = address.rpartition(":")
    if not colon or (address.startswith("[") and not host.endswith("]")):
        return f"needs a port (HOST:PORT, such as 127.0.0.1:8000), not {address!r}"
    if not host.strip("[]"):
        return f"needs a host before :{port} (0.0.0.0 for every interface)"
    if not (port.isdigit() and 0 < int(port) < 65536):
        return f"needs a port number from 1 to 65535, not {port!r}"
    return None


def _check_bind(variable: str, address: str) -> None:
    problem = bind_problem(address)
    if problem:
        raise SettingsError(f"{variable} {problem}")


def origin_problem(origin: str) -> str | None:
    """What keeps `origin` from being a browser's origin, ``scheme://host[:port]``
    (None: nothing). A path, even a lone "/", never matches the `Origin` header a
    browser sends, so a listed one would quietly allow nobody."""
    parts = urllib.parse.urlsplit(origin)
    try:
        parts.port  # noqa: B018 (raises on a port that is not one)
    except ValueError:
        return f"{origin!r} has a port that is not a number from 1 to 65535"
    if not (parts.scheme and parts.hostname) or "://" not in origin:
        return f"{origin!r} is not an origin (scheme://host[:port], such as https://play.example)"
    if parts.path or parts.query or parts.fragment or "@" in parts.netloc:
        return (f"{origin!r} is not an origin: scheme://host[:port] alone, with no path, "
                "query or user (a browser's Origin header never has one)")
    return None


def _check_cors_origins(variable: str, origins: tuple[str, ...]) -> None:
    if origins == ("*",):
        return
    for origin in origins:
        problem = "'*' allows every origin alone, not in a list" if origin == "*" else (
            origin_problem(origin))
        if problem:
            raise SettingsError(f"{variable} must be * or a comma-separated list of "
                                f"origins: {problem}")


def http_settings_from_env(environ: Mapping[str, str] | None = None) -> HttpSettings:
    """The HTTP server's settings from `TTR_*` variables (unset or empty: the default),
    every one checked: a variable that cannot be used raises `SettingsError` naming it."""
    return read_settings(HttpSettings, HTTP_ENV, environ, positive=_POSITIVE,
                         choices=_CHOICES, checks={"admin_token": _check_admin_token,
                                                   "token_keys": _check_token_keys,
                                                   "bind": _check_bind,
                                                   "cors_origins": _check_cors_origins})


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """Everything an API process reads: the application's settings and its own."""
    app: Settings = field(default_factory=Settings)
    http: HttpSettings = field(default_factory=HttpSettings)


def from_env(environ: Mapping[str, str] | None = None) -> ServerSettings:
    """Both settings from `TTR_*` variables, the application's checked first."""
    return ServerSettings(settings_from_env(environ), http_settings_from_env(environ))


__all__ = ["ENV", "HTTP_ENV", "HttpSettings", "ServerSettings", "Settings", "SettingsError",
           "bind_problem", "from_env", "http_settings_from_env", "is_placeholder_token",
           "origin_problem", "settings_from_env"]
