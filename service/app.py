"""The API: `create_app(services)` puts the middleware (`service.middleware`) and the
HTTP resources over the services the composition root built (`bootstrap.web`: the
bootstrap's context, the same as a worker's, with the accounts, the rate limits and the
worker's adapters of the service's ports on top: `service.services`). Nothing below
imports this module: a view finds its services with `service.services.services()`.

Embedded (no `TTR_REDIS_URL`): a SQLite file, jobs in-process, notifications in
process memory. Production: PostgreSQL (`TTR_DATABASE_URL`), RQ workers and Redis
pub/sub (`TTR_REDIS_URL`). Everything above the ports is the same code.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from inspect import iscoroutinefunction
from typing import Any, ClassVar

from flask import Flask
from flask_cors import CORS
from flask_smorest import Api
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import UnicodeConverter

from service import middleware, observability, replica_reads
from service.api import BLUEPRINTS, register_pages
from service.api.bodies import MediaTypePlugin
from service.api.common import CACHING, cache_policy
from service.api.inputs import (
    check_request,
    document_no_nul,
    learn_operations,
    path_id_schema,
)
from service.assets import compress_public_answer
from service.commands_spec import COMMANDS, command_schema
from service.config import HttpSettings
from service.errors import register_error_handlers
from service.problems import KINDS, PROBLEM_JSON
from service.ratelimit import (
    RateLimitPlugin,
    with_rate_headers,
)
from service.schemas import ProblemSchema
from service.scopes import ScopePlugin
from service.services import Services, WrittenMarks
from worker import reports

__all__ = ["Services", "WrittenMarks", "create_app"]

log = logging.getLogger("service")
API_VERSION = "1.0.0"


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


def create_app(services: Services) -> Flask:
    """The app answering with `services` (composed by `bootstrap.web.create_app`)."""
    # the static files are answered by `service.assets` (versioned, compressed), not Flask
    app = ServiceFlask("service", static_folder=None)
    _configure(app, services.http)
    app.extensions["ttr"] = services

    api = ServiceApi(app)
    for plugin in (ScopePlugin(), RateLimitPlugin(), MediaTypePlugin()):
        plugin.init_spec(api.spec)
        api.spec.plugins.append(plugin)
    register_components(api)
    # the spec says what `check_request` refuses: control characters in path ids, NUL
    # in the strings of a body
    api.register_converter(UnicodeConverter, path_id_schema)
    api.ma_plugin.converter.add_attribute_function(document_no_nul)

    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    api.finish_document()
    register_pages(app)
    learn_operations(app)

    app.before_request(middleware.before_request)
    # after the rate limit: a flood of malformed requests is limited like any other
    app.before_request(check_request)
    app.after_request(middleware.after_request)
    app.after_request(cache_policy)
    app.after_request(replica_reads.note_write)
    # (after the policy above: it reads whether the answer is public)
    app.after_request(compress_public_answer)
    register_error_handlers(app)
    observability.install(app)
    # the jobs this process runs (all of them, in the embedded mode) count here too
    reports.report_to(observability.job_listeners())
    return app


def _configure(app: Flask, http: HttpSettings) -> None:
    """Flask's settings, JSON, the proxies trusted and CORS, from `http`."""
    app.config.update(
        MAX_CONTENT_LENGTH=http.max_body_bytes,
        API_TITLE="Ticket to Ride game service",
        API_VERSION=API_VERSION,
        # 3.0, not 3.1: the Swagger UI the package ships for /docs (4.15) renders 3.0 only
        OPENAPI_VERSION="3.0.3",
        API_SPEC_OPTIONS=spec_options(),
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.compact = True  # type: ignore[attr-defined]
    if http.trusted_proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=http.trusted_proxies)  # type: ignore[method-assign]
    if http.cors_origins:
        CORS(app, origins=list(http.cors_origins), expose_headers=[
            "ETag", "Retry-After", "Location", "X-Request-Id", "RateLimit",
            "RateLimit-Policy"],
            allow_headers=["Authorization", "Content-Type", "If-Match", "If-None-Match",
                           "Idempotency-Key", "Last-Event-ID", "Invite-Code"])


def spec_options() -> dict[str, Any]:
    return {
        "info": {
            "description": (
                "An event-sourced Ticket to Ride game server: North America, Europe and "
                "Nordic Countries.\n\nEvery request but account creation, the maps and the "
                "public reads sends `Authorization: Bearer <token>` (the web client's page "
                "trades its token for a session cookie instead: `POST /v1/session`). Errors are "
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
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer"},
                # a read-only capability for one game (POST /v1/games/{game_id}/shares)
                "share": {"type": "http", "scheme": "share", "description": (
                    "`Authorization: Share <capability>`: a share of one game, which reads "
                    "that game's export and analysis and nothing else.")},
            },
        },
    }


# The problems that always tell the client when to try again
RETRY_AFTER_STATUSES = (429, 503)


def register_components(api: Api) -> None:
    for name, schema in COMMANDS.items():
        api.spec.components.schema(name, schema)
    api.spec.components.schema("Command", command_schema())
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
    """flask-smorest's Api, with problems for errors and the operations documented once
    per process: every app's document is the same (the operations and what they say of
    themselves are the code's), and documenting them is most of the work of making an
    app, which the tests do thousands of times."""

    # every operation's `default` response is a problem, not flask-smorest's own shape
    DEFAULT_ERROR_RESPONSE_NAME = "Problem"
    _document: ClassVar[dict[str, Any] | None] = None  # the first app's, when finished

    def register_blueprint(self, blp: Any, *, parameters: Any = None, **options: Any) -> None:
        if ServiceApi._document is None:
            super().register_blueprint(blp, parameters=parameters, **options)
            return
        # what flask-smorest's does, without documenting the operations again
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)

    def finish_document(self) -> None:
        """Keep the document of the first app made, or give this app that one."""
        if ServiceApi._document is None:
            ServiceApi._document = copy.deepcopy(self.spec.to_dict())
            return
        document = ServiceApi._document
        self.spec.to_dict = lambda: document
