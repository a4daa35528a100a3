"""The composition root: where the API's and the worker's processes are put together.

It sits above every other package (`service`, `worker`, `referee`, …) and nothing
imports it back (`lint-imports` says so): the entry points start here and hand what
they build down to the layers, which never reach up for it.

- `bootstrap.context`: `bootstrap(settings, …)`, the one composition of the store, the
  game log, the notifier, the jobs, webhook delivery and the referee (a
  `worker.context.WorkerContext`); `context_for(settings)`, a worker process's.
- `bootstrap.web`: `create_app(settings, …)`, the API (`service.app`) on that context
  (also gunicorn's app: ``gunicorn 'bootstrap.web:create_app()'``).
- `bootstrap.cli`: the `ttr` command, `service.cli` handed the two factories above.
- `bootstrap.worker`: ``python -m bootstrap.worker``, the RQ worker alone.
"""

from bootstrap.context import WORKER_CACHE_SIZE, bootstrap, context_for, webhook_config

__all__ = ["WORKER_CACHE_SIZE", "bootstrap", "context_for", "webhook_config"]
