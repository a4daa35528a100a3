"""Where hints are thought out: in the web process's thinking processes, even when its
bots think in RQ workers (the web process then thinks out nothing but hints), so a
hint never holds up a request; a worker's own process thinks where it is."""

from __future__ import annotations

from bootstrap.context import bootstrap
from referee.settings import Settings


def test_a_web_process_with_rq_workers_thinks_out_hints_in_processes_apart(
        pg_schema_url: str, redis_url: str, queue: str) -> None:
    web = bootstrap(Settings(database_url=pg_schema_url, redis_url=redis_url, queue=queue),
                    serving=True)
    try:
        assert web.thinking.processes == 2
        assert web.thinking.thinking_pids() == []  # (started by the first question only)
    finally:
        web.close()
