"""Fault tests under load, full versions (the fast ones run in CI:
tests/integration/test_faults.py and test_resilience.py).

    python bench/faults.py [--games 100] [--only kill_api,...] [--pace 1]

For each fault, a fresh stack (`bench/stack.py`) plays the games to the end while the
fault strikes; bots retry with their Idempotency-Keys. Reported per fault: what the
clients saw (statuses, retried requests, transport errors), and the checks afterwards
(every game's export verifies through the rules, every game scored exactly once).

- kill_api: every gunicorn worker SIGKILLed, three times, while games are played;
- restart_postgres: the machine's PostgreSQL restarted during the load (clients get
  503 with Retry-After while it is down; the API recovers without a restart);
- stop_redis: the stack's Redis stopped for a while mid-game (play goes on; scoring
  and notifications catch up when it is back);
- kill_rq_worker: the RQ worker SIGKILLed while games end (a new one takes over).

The faults strike once every client has made its games (`bench/load.py`). `--pace`
scales the pauses between strikes (0.1 for a quick run, as the smoke test does).
The last line of output is one JSON object with every figure; a game that did not
verify or was not scored exactly once makes the exit status 1, with one line on stderr.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load import parser, play_all  # noqa: E402
from bench.outcome import run  # noqa: E402
from bench.stack import Stack  # noqa: E402


def kill_api(stack: Stack, pace: float) -> dict[str, Any]:
    killed = 0
    for _ in range(3):
        time.sleep(3 * pace)
        for pid in stack.api_workers():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:  # it ended since it was listed
                continue
            killed += 1
    return {"api_workers_killed": killed}


def restart_postgres(stack: Stack, pace: float) -> dict[str, Any]:
    time.sleep(4 * pace)
    version = sorted(os.listdir("/etc/postgresql"))[0]
    started = time.time()
    subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "restart"],
                   check=True, capture_output=True)
    return {"postgres_restart_seconds": round(time.time() - started, 2)}


def stop_redis(stack: Stack, pace: float) -> dict[str, Any]:
    time.sleep(4 * pace)
    stack.stop_redis()
    time.sleep(8 * pace)
    stack.start_redis()
    return {"redis_down_seconds": 8 * pace}


def kill_rq_worker(stack: Stack, pace: float) -> dict[str, Any]:
    killed = 0
    for _ in range(4):
        time.sleep(4 * pace)
        for worker in list(stack.workers):
            if worker.poll() is None:
                worker.send_signal(signal.SIGKILL)
                worker.wait()
                killed += 1
        stack.start_worker()
    return {"rq_workers_killed": killed}


FAULTS = {"kill_api": kill_api, "restart_postgres": restart_postgres,
          "stop_redis": stop_redis, "kill_rq_worker": kill_rq_worker}


def main() -> int:
    p = parser()
    p.set_defaults(games=100, clients=2, threads=5)
    p.add_argument("--only", default=",".join(FAULTS))
    p.add_argument("--pace", type=float, default=1.0,
                   help="scales the pauses between strikes (0.1: ten times sooner)")
    args = p.parse_args()
    figures: dict[str, Any] = {}
    ok = True
    for name in args.only.split(","):
        fault = FAULTS[name]
        result = play_all(args, lambda stack, fault=fault: fault(stack, args.pace))
        checks = result["checks"]
        ok = ok and checks["verified"] == checks["scored_exactly_once"] == result["games"]
        figures[name] = result
        print(f"{name}: {result['fault']}; clients saw {result['statuses']}, "
              f"{result['retried_requests']} retried requests, "
              f"{result['transport_errors']} transport errors, {result['errors']} errors; "
              f"{checks['verified']}/{result['games']} verified, "
              f"{checks['scored_exactly_once']} scored exactly once", flush=True)
    print(json.dumps(figures))
    if not ok:
        print("bench/faults.py: a game did not verify or was not scored exactly once "
              "(see the checks above)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    run(main)
