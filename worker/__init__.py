"""The work done after a game changes, outside the request that changed it.

- `worker.bootstrap`: `bootstrap(settings, …)`, the one composition function of the
  API and the worker (store, log, notifier, jobs, webhook delivery, referee).
- `worker.context`: `WorkerContext` (store, log, notifier, jobs, clock, referee) and how
  a job finds it (`current_context`, `use_context`, `install_factory`).
- `worker.queue`: the adapters of the referee's `Jobs` port, `RqJobs` (Redis + `ttr
  worker`) and `InlineJobs` (in-process, the embedded mode).
- `worker.jobs`: the job functions, `score_game`, `enforce_deadline`, `sweep`.
- `worker.webhooks`: delivering webhooks.
- `worker.main`: `run_worker`, the `ttr worker` command.

Imports `referee`, `events` and `domain` only.
"""
