"""What is not JSON: the contract (`/openapi.yaml`), the human docs (`/docs`, Swagger UI
shipped with the package), problem type pages, health probes, and the replay viewer."""

from __future__ import annotations

import copy
import html
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import redis
import yaml
from flask import Flask, Response, current_app, request, send_from_directory

from domain.violations import CODES
from service.api.common import LAST_EVENT_ID, SSE, SSE_CONTENT
from service.assets import REVALIDATE, static_assets
from service.module_bundles import PREFIX as BUNDLE
from service.module_bundles import REPLAY
from service.problems import KINDS, Problem
from service.schemas.contract import amend_for_generators
from service.services import services

STATIC = Path(__file__).resolve().parent.parent / "static"


def build_spec(app: Flask) -> dict[str, Any]:
    """The OpenAPI document of `app`, as committed in `openapi.yaml`."""
    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    # apispec hands out the dict it keeps: amend a copy, so that every call builds the same
    spec: dict[str, Any] = copy.deepcopy(api.spec.to_dict())
    _amend(spec)
    spec["x-rule-codes"] = dict(CODES)
    spec["x-problem-types"] = {f"/problems/{kind}": {"status": k.status, "title": k.title,
                                                     "description": k.description}
                               for kind, k in KINDS.items()}
    return spec


def _amend(spec: dict[str, Any]) -> None:
    """What the decorators cannot say: status codes as strings, the SSE form of the feeds,
    the legal moves as commands, and what generated clients need (`schemas.contract`)."""
    for operations in spec["paths"].values():
        for operation in operations.values():
            if isinstance(operation, dict) and "responses" in operation:
                operation["responses"] = {str(k): v for k, v in operation["responses"].items()}
    for path in ("/v1/games/{game_id}/events", "/v1/users/me/events"):
        feed = spec["paths"][path]["get"]
        feed["responses"]["200"]["content"][SSE] = SSE_CONTENT
        feed["parameters"] = [*feed.get("parameters", []), LAST_EVENT_ID]
    for name in ("Moves", "ActionResult"):
        moves = spec["components"]["schemas"][name]["properties"]["moves"]
        moves["items"] = {"$ref": "#/components/schemas/Command"}
    amend_for_generators(spec)
    # flask-smorest registers a response per HTTP status and an error schema of its
    # own; every error here is a Problem, so those would only mislead
    components = spec["components"]
    components["responses"] = {k: v for k, v in components["responses"].items()
                               if k.startswith("Problem")}
    for name in ("Error", "PaginationMetadata"):
        components["schemas"].pop(name, None)


class _PlainDumper(yaml.SafeDumper):
    """YAML without anchors and aliases (`&id001` / `*id001`), which some OpenAPI tools
    refuse: a part the spec shares is written out again each time."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def spec_yaml(app: Flask) -> str:
    return yaml.dump(build_spec(app), Dumper=_PlainDumper, sort_keys=False,
                     allow_unicode=True, width=100)


@cache
def _swagger_ui_path() -> str:
    import swagger_ui_bundle

    return str(swagger_ui_bundle.swagger_ui_path)


DOCS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ticket to Ride game service: API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/start.js"></script></body></html>
"""
# validatorUrl null: Swagger UI would otherwise load a badge from an outside validator
# on any host but localhost, and the docs call nothing outside this server.
DOCS_START = """window.ui = SwaggerUIBundle({url: "/openapi.yaml", dom_id: "#docs",
  deepLinking: true, defaultModelsExpandDepth: 0, validatorUrl: null});
"""


def openapi_yaml() -> Response:
    text = current_app.config.setdefault("ttr.spec_yaml", spec_yaml(current_app))
    return Response(text, mimetype="application/yaml")


def docs() -> Response:
    return Response(DOCS_PAGE, mimetype="text/html")


def docs_start() -> Response:
    return Response(DOCS_START, mimetype="text/javascript")


def docs_assets(name: str) -> Response:
    return send_from_directory(_swagger_ui_path(), name, max_age=86400)


def problem_page(kind: str) -> Response:
    if kind not in KINDS:
        raise Problem("not-found", f"There is no problem type {kind!r}.")
    k = KINDS[kind]
    body = (f"<!doctype html><html lang=en><meta charset=utf-8><title>{k.title}</title>"
            f"<h1>{k.status} {html.escape(k.title)}</h1>"
            f"<p>{html.escape(k.description)}</p>")
    if kind == "rule-violation":
        rows = "".join(f"<tr><td><code>{c}</code></td><td>{html.escape(m)}</td></tr>"
                       for c, m in CODES.items())
        body += f"<table><tr><th>code</th><th>rule</th></tr>{rows}</table>"
    return Response(body, mimetype="text/html")


def healthz() -> Response:
    return Response('{"status":"ok"}', mimetype="application/json")


def readyz() -> Response:
    s = services()
    checks: dict[str, str] = {}
    try:
        s.store.schema_version()
        checks["database"] = "ok"
    except Exception as error:  # any failure means not ready
        checks["database"] = f"unavailable: {type(error).__name__}"
    if s.settings.redis_url:
        try:
            redis.Redis.from_url(s.settings.redis_url, socket_timeout=1,
                                 socket_connect_timeout=1).ping()
            checks["redis"] = "ok"
        except Exception as error:
            checks["redis"] = f"unavailable: {type(error).__name__}"
    ready = all(v == "ok" for v in checks.values())
    body: dict[str, Any] = {"status": "ready" if ready else "not ready", "checks": checks}
    if s.settings.redis_url:
        # reported, not a check: the API serves without workers (scores wait in the
        # queue), and failing readiness would take every API pod out of the Service
        seen = s.workers.seen()
        body["workers"] = seen.describe() if seen else "unknown (Redis unavailable)"
    return Response(json.dumps(body), status=200 if ready else 503,
                    mimetype="application/json")


# the replay viewer's script as its page is written (so that it runs when opened as a
# file), and as served: its modules in one bundle (`service.module_bundles`), one file
# rather than one per module
REPLAY_SCRIPT = f'<script type="module" src="/static/{REPLAY}"></script>'
REPLAY_BUNDLE = f'<script type="module" src="/static/{BUNDLE}{REPLAY}"></script>'


@cache
def _replay_page_text() -> str:
    """The replay viewer's page, its files at their versioned addresses, its modules
    from their bundle."""
    page = (STATIC / "replay" / "index.html").read_text(encoding="utf-8")
    return static_assets().in_page(page.replace(REPLAY_SCRIPT, REPLAY_BUNDLE))


def replay_page(game_id: str) -> Response:
    response = Response(_replay_page_text(), mimetype="text/html")
    response.headers["Cache-Control"] = REVALIDATE  # (it names the version of every file)
    response.add_etag()
    response.make_conditional(request)
    return response


# each page's endpoint is its view's name
PAGES: tuple[tuple[str, Callable[..., Response]], ...] = (
    ("/openapi.yaml", openapi_yaml),
    ("/docs", docs),
    ("/docs/start.js", docs_start),
    ("/docs/assets/<path:name>", docs_assets),
    ("/problems/<kind>", problem_page),
    ("/healthz", healthz),
    ("/readyz", readyz),
    ("/games/<game_id>/replay", replay_page),
)


def register_pages(app: Flask) -> None:
    for rule, view in PAGES:
        app.add_url_rule(rule, view.__name__, view, methods=["GET"])
