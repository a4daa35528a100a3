"""Pushing one message to every browser a player allowed notifications in.

`push_to_user` is what a notice job calls once it has decided a player is to be told
by push: it hands the message to the push sender (`WorkerContext.push`) for each of
the player's subscriptions, drops a subscription its push service says is gone for
good (404/410), and raises the first failure worth retrying after trying them all, so
the calling job is retried.

What the service worker (`service/static/app/sw.js`) shows is the JSON payload
`{"title", "body", "url", "tag"}`: the words in the player's language, the path of
this site a click opens (anything else opens the lobby), and the notice's key;
`notice_message` makes it.

A retried job hands the message again to the subscriptions that took it the first
time. That is harmless by design: the message keeps its `key`, from which the Web Push
sender derives the push service's `Topic` (a repeat still waiting there replaces the
first), and the service worker shows it under that key as its `tag` (a repeat
replaces the notification on screen, silently).
"""

from __future__ import annotations

import json
import logging

from referee.outreach import PushMessage, PushSubscription, SendFailed
from worker.context import WorkerContext

log = logging.getLogger(__name__)


def notice_message(title: str, body: str, url: str, key: str, ttl: int = 86_400) -> PushMessage:
    """The push the service worker shows as a notification `title` / `body`, opening the
    site's path `url` when clicked; `key` names the notice (a repeat replaces it)."""
    payload = {"title": title, "body": body, "url": url, "tag": key}
    return PushMessage(json.dumps(payload, ensure_ascii=False).encode(), key=key, ttl=ttl)


def push_to_user(ctx: WorkerContext, user_id: str, message: PushMessage) -> int:
    """Push `message` to each of the user's subscriptions; how many were handed over.
    Raises `SendFailed` (not permanent) when any failed in a way worth retrying."""
    handed = 0
    retry: SendFailed | None = None
    for sub in ctx.store.push_subscriptions_of(user_id):
        try:
            ctx.push.send(PushSubscription(sub.endpoint, sub.p256dh, sub.auth), message)
        except SendFailed as failed:
            if failed.permanent:
                ctx.store.drop_push_endpoint(user_id, sub.endpoint)
                log.info("push subscription %s of %s dropped: %s", sub.subscription_id,
                         user_id, failed.reason)
            else:
                log.warning("push to subscription %s of %s failed: %s",
                            sub.subscription_id, user_id, failed.reason)
                retry = retry or failed
        else:
            handed += 1
    if retry is not None:
        raise SendFailed(f"{retry.reason} (handed over to {handed} other(s))")
    return handed
