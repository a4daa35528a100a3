"""The jobs port's adapters: how the API and the jobs ask for work to be done later.

The port itself, `Jobs`, is the referee's (`referee.ports`), and so is the table of
the kinds of job (`referee.jobs`): `jobs.enqueue(SCORE, game_id)` asks for a game's
final score; `jobs.enqueue(DEADLINE, game_id, at)` for the game's turn deadline to be
enforced at `at`; `WEBHOOK_FAN_OUT` for a change's webhook deliveries to be stored and
sent, `WEBHOOK` for a delivery's next attempt, `BOT_TURN` for a bot's move, `RATINGS`
for the ratings, `SWEEP` for the sweep. Asking is cheap and idempotent: one job per
the kind's job id is ever waiting at a time, and the jobs themselves check the game's
state before acting, so a job that runs twice, late, or for a deadline that no longer
holds does nothing.

Two adapters read the same table through one generic `enqueue` and run the same job
functions:

- `RqJobs`: RQ on Redis (queue ``ttr``), run by `ttr worker` processes. Enqueueing
  never raises into the caller (the caller is an API request that has already
  committed its events): when Redis is down it logs a warning, and the sweeper
  (`worker.jobs.sweep`, on worker start and every half minute) finds the work from
  the games index later.
- `InlineJobs`: the embedded mode, no Redis: a small thread pool and a timer thread
  in the server's own process. Webhook jobs run on a pool of their own, so a slow
  receiver never holds up scoring or deadlines.
"""

from __future__ import annotations

from referee.ports import Jobs
from worker.inline_jobs import InlineJobs
from worker.job_names import (
    DEFAULT_QUEUE,
    analysis_queue_name,
    queue_names,
    webhook_queue_name,
    worked_queues,
)
from worker.rq_jobs import DEFAULT_STALE_AFTER, RqJobs

__all__ = ["DEFAULT_QUEUE", "DEFAULT_STALE_AFTER", "InlineJobs", "Jobs", "RqJobs",
           "analysis_queue_name", "queue_names", "webhook_queue_name", "worked_queues"]
