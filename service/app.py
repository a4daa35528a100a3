"""The API's composition root: `create_app(settings)` takes the bootstrap's context (the
store, the jobs, the change notifications, the referee: `worker.bootstrap`, the same
as a worker's) and adds the accounts, the rate limits and the HTTP resources.

Embedded (no `TTR_REDIS_URL`): a SQLite file, jobs in-process, notifications in
process memory. Production: PostgreSQL (`TTR_DATABASE_URL`), RQ workers and Redis
pub/sub (`TTR_REDIS_URL`). Everything above the ports is the same code.
"""

from __future__ import annotations

import logging
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from inspect import iscoroutinefunction
from typing import Any

from flask import Flask, Response, g, request
from flask_cors import CORS
from flask_smorest import Api
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import UnicodeConverter

from events import GameLog, SqlStore
from messaging.notify import Notifier
from referee.ports import Clock, Jobs
from referee.referee import Referee
from service import observability
from service.auth import Accounts, Holder, bearer_token, token_hash, unknown_token
from service.commands_spec import COMMANDS, command_schema
from service.config import Settings, from_env
from service.errors import register_error_handlers
from service.problems import (
    KINDS,
    PROBLEM_JSON,
    Problem,
)
from service.ratelimit import (
    Limiter,
    MemoryLimiter,
    RateLimitPlugin,
    RedisLimiter,
    rate_headers,
    retry_after,
    with_rate_headers,
)
from service.scopes import ScopePlugin, scope_of
from worker import reports
from worker.bootstrap import bootstrap
from worker.context import WorkerContext

log = logging.getLogger("service")
API_VERSION = "1.0.0"
# paths that are never rate limited (probes, metrics, docs and their assets)
UNLIMITED = ("/healthz", "/readyz", "/metrics", "/docs", "/openapi", "/static", "/problems")


@dataclass
class Services:
    """Everything a request needs, built once per process: the bootstrap's context (the
    same as a worker's) and the API's own accounts and rate limits on top."""
    settings: Settings
    worker: WorkerContext
    accounts: Accounts
    limiter: Limiter

    @property
    def store(self) -> SqlStore:
        return self.worker.store

    @property
    def log(self) -> GameLog:
        return self.worker.log

    @property
    def notifier(self) -> Notifier:
        return self.worker.notifier

    @property
    def jobs(self) -> Jobs:
        return self.worker.jobs

    @property
    def referee(self) -> Referee:
        return self.worker.referee

    def close(self) -> None:
        self.worker.close()


def build_services(settings: Settings, *, store: SqlStore | None = None,
                   notifier: Notifier | None = None, jobs: Jobs | None = None,
                   clock: Clock | None = None, limiter: Limiter | None = None,
                   webhook_clock: Clock | None = None) -> Services:
    context = bootstrap(settings, serving=True, store=store, notifier=notifier, jobs=jobs,
                        clock=clock, webhook_clock=webhook_clock,
                        observer=observability.REFEREE_OBSERVER)
    if limiter is None:
        limiter = RedisLimiter(settings.redis_url) if settings.redis_url else MemoryLimiter()
    accounts = Accounts(context.store, settings.admin_token, context.notifier, clock=clock)
    return Services(settings=settings, worker=context, accounts=accounts, limiter=limiter)


class ServiceFlask(Flask):
    """Flask, asking once per function whether it is a coroutine function.

    Speed: Flask asks `inspect.iscoroutinefunction` of every hook, error handler and
    view it calls, about ten times a request, each time anew (what that costs:
    bench/NOTES.md, "The service's speed choices").
    Functions are remembered by their code's function (a bound method of a view
    made for each request counts as its class's function)."""

    MAX_REMEMBERED = 10_000  # functions made anew per call are not worth remembering

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._coroutine_functions: dict[Any, bool] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        key = getattr(func, "__func__", func)
        try:
            is_coroutine = self._coroutine_functions.get(key)
        except TypeError:  # an unhashable callable object: asked each time, as Flask does
            key, is_coroutine = None, None
        if is_coroutine is None:
            is_coroutine = iscoroutinefunction(func)
            if key is not None and len(self._coroutine_functions) < self.MAX_REMEMBERED:
                self._coroutine_functions[key] = is_coroutine
        return self.async_to_sync(func) if is_coroutine else func


def create_app(settings: Settings | None = None, *, store: SqlStore | None = None,
               notifier: Notifier | None = None, jobs: Jobs | None = None,
               clock: Clock | None = None, limiter: Limiter | None = None,
               webhook_clock: Clock | None = None) -> Flask:
    """The app for `settings` (default: from the environment); the adapters given
    replace the ones the bootstrap would build (tests: a clock, a recording notifier…)."""
    settings = settings or from_env()
    app = ServiceFlask("service")
    _configure(app, settings)
    services = build_services(settings, store=store, notifier=notifier, jobs=jobs,
                              clock=clock, limiter=limiter, webhook_clock=webhook_clock)
    app.extensions["ttr"] = services

    api = ServiceApi(app)
    for plugin in (ScopePlugin(), RateLimitPlugin()):
        plugin.init_spec(api.spec)
        api.spec.plugins.append(plugin)
    register_components(api)
    from service.api import BLUEPRINTS, register_pages
    from service.api.common import cache_policy
    from service.api.inputs import (
        check_request,
        document_no_nul,
        learn_query_names,
        path_id_schema,
    )

    # the spec says what `check_request` refuses: control characters in path ids, NUL
    # in the strings of a body
    api.register_converter(UnicodeConverter, path_id_schema)
    api.ma_plugin.converter.add_attribute_function(document_no_nul)

    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    register_pages(app)
    learn_query_names(app)

    app.before_request(_before)
    # after the rate limit: a flood of malformed requests is limited like any other
    app.before_request(check_request)
    app.after_request(_after)
    app.after_request(cache_policy)
    register_error_handlers(app)
    observability.install(app)
    # the jobs this process runs (all of them, in the embedded mode) count here too
    reports.report_to(observability.job_listeners())
    return app


def _configure(app: Flask, settings: Settings) -> None:
    """Flask's settings, JSON, the proxies trusted and CORS, from `settings`."""
    app.config.update(
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
        API_TITLE="Ticket to Ride game service",
        API_VERSION=API_VERSION,
        # 3.0, not 3.1: the Swagger UI the package ships for /docs (4.15) renders 3.0 only
        OPENAPI_VERSION="3.0.3",
        API_SPEC_OPTIONS=spec_options(),
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.compact = True  # type: ignore[attr-defined]
    if settings.trusted_proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings.trusted_proxies)  # type: ignore[method-assign]
    if settings.cors_origins:
        CORS(app, origins=list(settings.cors_origins), expose_headers=[
            "ETag", "Retry-After", "Location", "X-Request-Id", "RateLimit",
            "RateLimit-Policy"],
            allow_headers=["Authorization", "Content-Type", "If-Match", "If-None-Match",
                           "Idempotency-Key", "Last-Event-ID"])


def services() -> Services:
    from flask import current_app

    found: Services = current_app.extensions["ttr"]
    return found


def _before() -> Response | None:
    g.started = time.perf_counter()
    # An id to find the request by in the logs, not a secret: the process's random
    # generator (reseeded in each forked worker) rather than a system call.
    g.request_id = request.headers.get("X-Request-Id", "")[:64] or \
        f"{random.getrandbits(64):016x}"
    s = services()
    g.accounts = s.accounts
    if request.path.startswith(UNLIMITED) or request.method == "OPTIONS":
        return None
    token = bearer_token()
    if token is None:
        _limit_address(s)
        return None
    g.token_digest = digest = token_hash(token)
    if s.accounts.is_admin(token):
        g.holder = g.user = None
        _limit(s, "token", "t:" + digest[:32], s.settings.rate_per_token,
               s.settings.burst_per_token)
        return None
    found = s.accounts.cached(digest)
    if not isinstance(found, Holder):
        # Not known to be good: such a request is the address's, so a made-up token
        # each time gets no bucket of its own; and one this process does not know
        # yet is looked up only if the address may still make a request.
        _limit_address(s)
        if found is not None:
            found = s.accounts.look_up(digest)
        if found is None:
            raise unknown_token()
    g.holder, g.user = found, found.user
    _limit(s, "token", "t:" + digest[:32], s.settings.rate_per_token,
           s.settings.burst_per_token)
    rule = request.url_rule
    scope = "" if rule is None else scope_of(request.method, rule.rule)
    if not found.grants(scope):
        raise Problem("insufficient-scope", f"This needs a token with the `{scope}` scope.",
                      scope=scope)
    return None


def _limit_address(s: Services) -> None:
    _limit(s, "address", "a:" + (request.remote_addr or "?"), s.settings.rate_per_address,
           s.settings.burst_per_address)


def _limit(s: Services, policy: str, key: str, rate: float, burst: int) -> None:
    """Take one request from `key`'s bucket (429 if it is empty); the response tells
    the client its budget (the RateLimit headers)."""
    allowance = s.limiter.check(key, rate, burst)
    g.rate_headers = rate_headers(policy, rate, burst, allowance)
    if allowance.wait > 0:
        wait = retry_after(allowance.wait)
        raise Problem("rate-limited", f"Too many requests; retry in {wait} s.",
                      headers={"Retry-After": wait})


def _after(response: Response) -> Response:
    response.headers["X-Request-Id"] = _SAFE_REQUEST_ID.sub("", g.get("request_id", ""))
    for name, value in g.get("rate_headers", {}).items():
        response.headers[name] = value
    return response


# A client's X-Request-Id is echoed: only what a header value may hold, and no more
_SAFE_REQUEST_ID = re.compile(r"[^\x21-\x7e]")


def spec_options() -> dict[str, Any]:
    from service.api.common import CACHING

    return {
        "info": {
            "description": (
                "An event-sourced Ticket to Ride game server: North America, Europe and "
                "Nordic Countries.\n\nEvery request but account creation, the maps and the "
                "public reads sends `Authorization: Bearer <token>`. Errors are "
                "`application/problem+json` (RFC 9457) with a stable `type` per kind; rule "
                "violations carry the rule's `code` (listed in `x-rule-codes`).\n\n"
                "**Rate limits** (defaults; the operator may change them): 50 requests per "
                "second per token with bursts of 200; 20 per second per address (bursts of "
                "100) for requests without a token, or with a token that is not valid. "
                "Over the limit: 429 with `Retry-After`. Every response that counted "
                "against a limit says what is left of it in the IETF `RateLimit-Policy` "
                "and `RateLimit` headers.\n\n**Tokens** grant scopes (`read`, `play`, "
                "`webhooks`, `admin`); each operation names the one it needs (`x-scope`). "
                "An account's first token grants them all; make narrower ones, rotate and "
                "revoke them under `/v1/users/me/tokens`.\n\n" + CACHING
            ),
            "license": {"name": "MIT", "url": "https://opensource.org/licenses/MIT"},
        },
        "servers": [{"url": "/"}],
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }


# The problems that always tell the client when to try again
RETRY_AFTER_STATUSES = (429, 503)


def register_components(api: Api) -> None:
    for name, schema in COMMANDS.items():
        api.spec.components.schema(name, schema)
    api.spec.components.schema("Command", command_schema())
    from service.schemas import ProblemSchema

    api.spec.components.schema("Problem", schema=ProblemSchema)
    content = {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}}
    for status in sorted({k.status for k in KINDS.values()}):
        kinds = [(name, k) for name, k in KINDS.items() if k.status == status]
        response: dict[str, Any] = {
            "description": " ".join(f"`/problems/{name}` ({k.title}): {k.description}"
                                    for name, k in kinds),
            "content": content,
        }
        if status in RETRY_AFTER_STATUSES:
            response["headers"] = {"Retry-After": {
                "description": "Seconds to wait before trying again.",
                "schema": {"type": "integer", "minimum": 1}}}
        api.spec.components.response(f"Problem{status}", with_rate_headers(response))
    api.spec.components.response("Problem", with_rate_headers({
        "description": "Any other error, as problem details.", "content": content}))


class ServiceApi(Api):  # type: ignore[misc]
    # every operation's `default` response is a problem, not flask-smorest's own shape
    DEFAULT_ERROR_RESPONSE_NAME = "Problem"
