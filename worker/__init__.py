"""The work done after a game changes, outside the request that changed it.

- `worker.context`: `WorkerContext` (store, log, notifier, jobs, clock) and how a job
  finds it (`current_context`, `use_context`, `context_from_env`).
- `worker.queue`: the `Jobs` port (`score`, `deadline`) and its adapters, `RqJobs`
  (Redis + `ttr worker`) and `InlineJobs` (in-process, the embedded mode).
- `worker.jobs`: the job functions, `score_game`, `enforce_deadline`, `sweep`.
- `worker.effects`: `follow_up`, what any committed change calls for (publish, score,
  schedule the deadline).
- `worker.main`: `run_worker`, the `ttr worker` command.

Imports `domain` and `events` only.
"""
