"""What each operation needs a token to grant: the scopes, asked of each request.

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

The scopes are a column of the one table of operations (`service.operations`), keyed
by method and OpenAPI path. An operation missing from it needs `admin` (a narrow token
is refused, never let through by an oversight) and `tests/unit/test_tokens.py` fails
until it is declared there. `ScopePlugin` writes each operation's scope into
openapi.yaml (`x-scope`, and a line of its description; an open one's `security` says
a token is optional).
"""

from __future__ import annotations

import re
from typing import Any

from apispec import BasePlugin

from service.operations import NO_SCOPE, OPERATIONS

UNDECLARED = "admin"

# what each operation asks of a token (the table: `service.operations.OPERATIONS`)
SCOPE_OF: dict[tuple[str, str], str] = {key: o.scope for key, o in OPERATIONS.items()}

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
                # open to anyone; a token may come along (and is then checked)
                operation.setdefault("security", [{}, {"bearer": []}])
                continue
            operation["x-scope"] = scope
            note = f"**Scope:** `{scope}` (a token without it gets 403 `insufficient-scope`)."
            description = operation.get("description")
            operation["description"] = f"{description}\n\n{note}" if description else note
            responses = operation.setdefault("responses", {})
            responses.setdefault("403", "Problem403")
