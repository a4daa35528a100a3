"""The work done after a game changes, outside the request that changed it.

- `worker.context`: `WorkerContext` (store, log, notifier, jobs, clock, referee) and how
  a job finds it (`current_context`, `use_context`, `install_factory`).
- `worker.queue`: the adapters of the referee's `Jobs` port, `RqJobs` (Redis + `ttr
  worker`) and `InlineJobs` (in-process, the embedded mode).
- `worker.jobs`: the job functions, `score_game`, `enforce_deadline`, `sweep`.
- `worker.webhooks`: delivering webhooks.
- `worker.main`: `run_worker`, the `ttr worker` command (handed its contexts' factory
  by the composition root, `bootstrap`, which is above this package).

Imports `referee`, `messaging`, `events` and `domain` only.
"""
