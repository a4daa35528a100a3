"""Web Push to every push subscription of a player.

A placeholder in this branch: the Web Push work (VAPID keys, subscriptions, the sender)
brings the real body; the notice outbox (`worker.outreach`) already calls it.
"""

from __future__ import annotations

from referee.outreach import PushMessage
from worker.context import WorkerContext


def push_to_user(ctx: WorkerContext, user_id: str, message: PushMessage) -> int:
    """Push `message` to each of the user's subscriptions; how many took it."""
    return 0
