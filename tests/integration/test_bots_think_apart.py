"""Thinking never stalls anyone: on the embedded server (`ttr serve`, no Redis, no bot
pause), while hard and expert bots play three 5-player Europe tables, their thinking runs in
processes apart from the web process, and an ordinary request never waits on it.

How long requests take is measured by `bench/bots.py` (its probe), not asserted here;
what is asserted cannot pass with the bots thinking in the web process: their
thinking's CPU time is spent by processes other than the server's, and every request
of a probe asking all along came back in less time than that thinking took (it took
over a second of CPU; in the web process a single setup choice of a hard bot held
every request for as long).
"""

from __future__ import annotations

import time
from pathlib import Path

from tests.bot_tables import EmbeddedServer, Probe, bot_tables, phases, thinking_processes

TABLES = 3
PLAY_FOR = 300.0  # seconds at most for the three games (about 20 on an idle machine)


def test_hard_and_expert_bots_think_apart_and_an_ordinary_request_never_waits_on_them(
        tmp_path: Path) -> None:
    # (a budget of a second: thinking worth measuring even on a busy machine, where the
    # thinking processes, at a lower priority, get less of the CPU)
    with EmbeddedServer(tmp_path, TTR_BOT_BUDGET_MS="1000",
                        TTR_BOT_SETUP_BUDGET_MS="1000") as server:
        probe = Probe(server.port, server.new_user("Prober")).start()
        tables = bot_tables(server, TABLES)
        worker = server.worker_pid()
        thinking: dict[int, float] = {}
        end = time.monotonic() + PLAY_FOR
        while True:
            thinking.update(thinking_processes(worker))  # (CPU seconds so far, each)
            if all(phase == "ended" for phase in phases(server, tables)):
                break
            assert time.monotonic() < end, "the bots did not finish their games"
            time.sleep(0.2)
        thinking.update(thinking_processes(worker))
        took = probe.stop()
    assert thinking and worker not in thinking and server.process is not None
    assert server.process.pid not in thinking
    thought = sum(thinking.values())
    assert thought > 1.0, thinking
    assert probe.failures == 0 and len(took) > 50
    assert max(took) < thought
