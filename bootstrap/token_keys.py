"""Where the API's token keys come from (the MAC of `service.token_format`).

`TTR_TOKEN_KEYS` when it is set: every API process of an installation must hold the
same keys, and keep each key as long as a token it signed should work. Without it:

- beside a SQLite database, a key made on the first start and kept in
  ``<database>.token-keys`` (readable by its owner alone, one key a line, the first
  signs): every process that opens the database finds the same key, and a copy of the
  database taken with that file keeps its tokens working;
- for the in-memory store, a key of the process's own, which lasts as long as the
  tokens it signs;
- for PostgreSQL, none: the processes may run on several machines and share nothing
  but the database and Redis, neither a place for a secret that must never be lost.
  Tokens are then made in the old format, and accepted as before; a request with a
  made-up one still costs only its address's invalid-token budget, but a valid token
  is counted there too on its first request in each process. The start-up log says so.
"""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from events import is_postgres_url
from events.ports import Store
from service.config import HttpSettings
from service.token_format import TokenSeal, new_key

log = logging.getLogger(__name__)
KEYS_SUFFIX = ".token-keys"


def token_seal(http: HttpSettings, store: Store) -> TokenSeal | None:
    """The seal of this installation's tokens (None: tokens without a MAC)."""
    if http.token_keys:
        return TokenSeal(http.token_keys)
    # (by its URL: importing the PostgreSQL adapter would load psycopg in every mode)
    if is_postgres_url(getattr(store, "url", None)):
        log.warning("TTR_TOKEN_KEYS is not set: new tokens carry no MAC, so a valid token's "
                    "first request in a process shares its address's budget of invalid "
                    "tokens (docs/clients.md, Tokens)")
        return None
    # a SQLite store's file (also through the wrapper that runs it off gevent's hub)
    path = getattr(store, "path", None)
    if isinstance(path, str) and path != ":memory:":
        return TokenSeal(kept_keys(Path(path + KEYS_SUFFIX)))
    return TokenSeal([new_key()])  # the in-memory store: its tokens die with the key


def kept_keys(path: Path, make: Callable[[], str] = new_key) -> list[str]:
    """The keys in `path`, one a line; made (one new key, `make()`) if there is no such
    file. Two processes starting at once read the same key: the file appears whole or not at all
    (written aside, then linked into place, which fails if another was first)."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, aside = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".")
        try:
            with os.fdopen(handle, "w") as file:  # mkstemp's mode: the owner's alone
                file.write(make() + "\n")
            try:
                os.link(aside, path)
            except FileExistsError:
                pass
        finally:
            os.unlink(aside)
    keys = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    if not keys:
        raise ValueError(f"{path} holds no key: delete it to have one made")
    return keys
