"""The jobs port: how the API and the jobs ask for work to be done later.

`Jobs.score(game_id)` asks for a game's final score; `Jobs.deadline(game_id, at)` asks
for the game's turn deadline to be enforced at `at`; `Jobs.webhook_fan_out(game_id,
version, notices)` asks for a change's webhook deliveries to be stored and sent, and
`Jobs.webhook(delivery_id, at)` for a delivery's next attempt at `at`. Asking is cheap
and idempotent: one scoring job per game and one deadline job per (game, deadline)
are ever waiting at a time, and the jobs themselves check the game's state before
acting, so a job that runs twice, late, or for a deadline that no longer holds does
nothing.

Two adapters run the same job functions (`worker.jobs`):

- `RqJobs`: RQ on Redis (queue ``ttr``), run by `ttr worker` processes. Enqueueing
  never raises into the caller (the caller is an API request that has already
  committed its events): when Redis is down it logs a warning, and the sweeper
  (`worker.jobs.sweep`, on worker start and every half minute) finds the work from
  the games index later.
- `InlineJobs`: the embedded mode, no Redis: a small thread pool and a timer thread
  in the server's own process. Webhook deliveries run on a pool of their own, so a
  slow receiver never holds up scoring or deadlines.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from worker.inline_jobs import InlineJobs
from worker.job_names import DEFAULT_QUEUE, DELIVER, FAN_OUT, webhook_queue_name
from worker.rq_jobs import DEFAULT_STALE_AFTER, RqJobs

__all__ = ["DEFAULT_QUEUE", "DEFAULT_STALE_AFTER", "DELIVER", "FAN_OUT", "InlineJobs", "Jobs",
           "RqJobs", "webhook_queue_name"]


class Jobs(Protocol):
    """Work to be done after a change of a game has been committed."""

    def score(self, game_id: str) -> None:
        """Score the ended game `game_id` (once, whoever asks and how often)."""

    def deadline(self, game_id: str, at: datetime) -> None:
        """Enforce the turn deadline `at` of `game_id` at that moment."""

    def webhook_fan_out(self, game_id: str, version: int,
                        notices: list[dict[str, Any]]) -> None:
        """Store and send the webhook deliveries of version `version` of `game_id`
        (`worker.webhooks.Notice.as_dict` each; once per game and version)."""

    def webhook(self, delivery_id: str, at: datetime) -> None:
        """Make the next attempt of webhook delivery `delivery_id` at `at`."""

    def close(self) -> None:
        """Stop whatever the adapter runs; later requests are dropped."""

