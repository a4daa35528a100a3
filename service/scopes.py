"""What each operation needs a token to grant: the scopes, and the one table of them.

A token grants some of four scopes:

- `read`: see your account, your games, their events and feeds, exports;
- `play`: create, join and start games, and act in them;
- `webhooks`: register, read, test and delete your webhook;
- `admin`: manage the account itself (its tokens, closing it) and, for the operator,
  import games.

An account's first token grants them all. A request whose token lacks its
operation's scope gets 403 `insufficient-scope` naming it, before the operation runs.
Operations open to anyone (the maps, account creation, verification) need none: a
token sent with them is checked (an unknown one is refused) but no scope is asked.

The table is keyed by method and OpenAPI path. An operation missing from it needs
`admin` (a narrow token is refused, never let through by an oversight) and
`tests/unit/test_tokens.py` fails until it is declared here. `ScopePlugin` writes each
operation's scope into openapi.yaml (`x-scope`, and a line of its description).
"""

from __future__ import annotations

import re
from typing import Any

from apispec import BasePlugin

from events.accounts import SCOPES

NO_SCOPE = ""  # open to anyone: no scope asked of a token sent along
UNDECLARED = "admin"

SCOPE_OF: dict[tuple[str, str], str] = {
    ("POST", "/v1/users"): NO_SCOPE,
    ("GET", "/v1/users/me"): "read",
    ("DELETE", "/v1/users/me"): "admin",
    ("POST", "/v1/users/me/tokens"): "admin",
    ("GET", "/v1/users/me/tokens"): "admin",
    ("DELETE", "/v1/users/me/tokens/{token_id}"): "admin",
    ("GET", "/v1/maps"): NO_SCOPE,
    ("GET", "/v1/maps/{map_name}"): NO_SCOPE,
    ("GET", "/v1/games"): "read",
    ("POST", "/v1/games"): "play",
    ("GET", "/v1/users/me/games"): "read",
    ("GET", "/v1/games/{game_id}"): "read",
    ("POST", "/v1/games/{game_id}/players"): "play",
    ("POST", "/v1/games/{game_id}/start"): "play",
    ("POST", "/v1/games/{game_id}/bots"): "play",
    ("POST", "/v1/games/{game_id}/return"): "play",
    ("GET", "/v1/games/{game_id}/moves"): "read",
    ("POST", "/v1/games/{game_id}/actions"): "play",
    ("GET", "/v1/games/{game_id}/states/{version}"): "read",
    ("GET", "/v1/games/{game_id}/score"): "read",
    ("GET", "/v1/games/{game_id}/events"): "read",
    ("GET", "/v1/users/me/events"): "read",
    ("GET", "/v1/games/{game_id}/export"): "read",
    ("POST", "/v1/verify"): NO_SCOPE,
    ("POST", "/v1/games/import"): "admin",
    ("PUT", "/v1/users/me/webhook"): "webhooks",
    ("GET", "/v1/users/me/webhook"): "webhooks",
    ("DELETE", "/v1/users/me/webhook"): "webhooks",
    ("GET", "/v1/users/me/webhook/deliveries"): "webhooks",
    ("POST", "/v1/users/me/webhook/ping"): "webhooks",
    ("GET", "/v1/leaderboards/{map_name}"): "read",
    ("GET", "/v1/users/{user_id}"): "read",
    ("GET", "/v1/users/{user_id}/games"): "read",
    ("GET", "/v1/games/{game_id}/analysis"): "read",
    ("GET", "/v1/games/{game_id}/ratings"): "read",
}
assert set(SCOPE_OF.values()) <= {NO_SCOPE, *SCOPES}

_CONVERTER = re.compile(r"<(?:[a-z_]+:)?([a-z_]+)>")
_PATHS: dict[str, str] = {}


def openapi_path(rule: str) -> str:
    """The OpenAPI form of a Flask rule: `/v1/games/<int:v>` is `/v1/games/{v}`."""
    path = _PATHS.get(rule)
    if path is None:
        path = _PATHS[rule] = _CONVERTER.sub(r"{\1}", rule)
    return path


def scope_of(method: str, rule: str) -> str:
    """The scope the operation at Flask `rule` needs (`NO_SCOPE`: none)."""
    method = "GET" if method == "HEAD" else method
    return SCOPE_OF.get((method, openapi_path(rule)), UNDECLARED)


class ScopePlugin(BasePlugin):
    """Writes each operation's scope into the spec as it is documented."""

    def operation_helper(self, path: str | None = None,
                         operations: dict[str, Any] | None = None, **_: Any) -> None:
        for method, operation in (operations or {}).items():
            scope = SCOPE_OF.get((method.upper(), path or ""), UNDECLARED)
            if scope == NO_SCOPE:
                continue
            operation["x-scope"] = scope
            note = f"**Scope:** `{scope}` (a token without it gets 403 `insufficient-scope`)."
            description = operation.get("description")
            operation["description"] = f"{description}\n\n{note}" if description else note
            responses = operation.setdefault("responses", {})
            responses.setdefault("403", "Problem403")
