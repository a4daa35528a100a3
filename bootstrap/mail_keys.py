"""Where the keys that seal players' e-mail addresses come from (`referee.address_seal`).

`TTR_MAIL_KEYS` when it is set: the API and every worker must hold the same keys (a
worker opens the address to send a mail). Without it, as for the token keys
(`bootstrap.token_keys`):

- beside a SQLite database, a key made on the first start and kept in
  ``<database>.mail-keys`` (readable by its owner alone): a copy of the database alone
  gives no address away;
- for the in-memory store, a key of the process's own;
- for PostgreSQL, none: a key kept in the database would be no seal at all, and there is
  no other place every process shares. Players cannot add an address then (the API
  answers 503, `mail-unavailable`), and the start-up log says so.
"""

from __future__ import annotations

import logging
from pathlib import Path

from bootstrap.token_keys import kept_keys
from events import is_postgres_url
from events.ports import Store
from referee.address_seal import AddressSeal
from referee.settings import Settings
from service.token_format import new_key

log = logging.getLogger(__name__)
KEYS_SUFFIX = ".mail-keys"


def address_seal(settings: Settings, store: Store) -> AddressSeal | None:
    """The seal of this installation's addresses (None: addresses cannot be kept)."""
    if settings.mail_keys:
        return AddressSeal(settings.mail_keys)
    if is_postgres_url(getattr(store, "url", None)):
        log.warning("TTR_MAIL_KEYS is not set: players cannot add an e-mail address "
                    "(README.md, Settings)")
        return None
    path = getattr(store, "path", None)
    if isinstance(path, str) and path != ":memory:":
        return AddressSeal(kept_keys(Path(path + KEYS_SUFFIX)))
    return AddressSeal([new_key()])
