"""Where the VAPID key that signs our Web Push messages comes from, and the push sender
it makes (`push_sender`).

`TTR_VAPID_PRIVATE_KEY` when it is set. Without it, as the token keys
(`bootstrap.token_keys`):

- beside a SQLite database, a key made on the first start and kept in
  ``<database>.vapid-key`` (readable by its owner alone): every process that opens
  the database signs with the same key, so the subscriptions browsers made with its
  public half keep working across restarts;
- for the in-memory store, a key of the process's own (its subscriptions die with it);
- for PostgreSQL, none: the processes may run on several machines and share nothing
  but the database and Redis, and a key lost is every browser's subscription lost.
  No push is offered (`GET /v1/push-key` is 404); the start-up log says so.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

from bootstrap.token_keys import kept_keys
from events import is_postgres_url
from events.ports import Store
from referee.outreach import PushMessage, PushSubscription, SendFailed
from referee.settings import Settings
from worker.web_push import VapidKey, WebPushSender

log = logging.getLogger(__name__)
KEY_SUFFIX = ".vapid-key"


def vapid_key(settings: Settings, store: Store) -> VapidKey | None:
    """This installation's VAPID key (None: no push)."""
    if settings.vapid_private_key:
        return VapidKey(settings.vapid_private_key)
    if is_postgres_url(getattr(store, "url", None)):
        _say_no_push()
        return None
    path = getattr(store, "path", None)  # a SQLite store's file (see token_keys)
    if isinstance(path, str) and path != ":memory:":
        return VapidKey(kept_keys(Path(path + KEY_SUFFIX),
                                  lambda: VapidKey.generate().private)[0])
    return VapidKey.generate()


@cache
def _say_no_push() -> None:
    # once a process: every command that opens the store comes through here
    log.warning("TTR_VAPID_PRIVATE_KEY is not set: no Web Push notifications are offered "
                "(README.md, Web Push)")


class NoPush:
    """The sender of an installation without a VAPID key: whatever subscription is left
    from when it had one was made for a key it no longer has, so it is gone."""

    def send(self, subscription: PushSubscription, message: PushMessage) -> None:
        raise SendFailed("this installation has no VAPID key", permanent=True)


def push_sender(settings: Settings, store: Store) -> WebPushSender | NoPush:
    key = vapid_key(settings, store)
    if key is None:
        return NoPush()
    return WebPushSender(key, settings.vapid_subject,
                         allow_loopback=settings.push_allow_loopback)
