"""Fault tests under load, full versions (the fast ones run in CI:
tests/integration/test_faults.py and test_resilience.py).

    python bench/faults.py [--games 100] [--only kill_api,...]

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

The last line of output is one JSON object with every figure.
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

from bench.load import parser, run  # noqa: E402
from bench.stack import Stack  # noqa: E402


def kill_api(stack: Stack) -> dict[str, Any]:
    killed = 0
    for _ in range(3):
        time.sleep(3)
        for pid in stack.api_workers():
            os.kill(pid, signal.SIGKILL)
            killed += 1
    return {"api_workers_killed": killed}


def restart_postgres(stack: Stack) -> dict[str, Any]:
    time.sleep(4)
    version = sorted(os.listdir("/etc/postgresql"))[0]
    started = time.time()
    subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "restart"],
                   check=True, capture_output=True)
    return {"postgres_restart_seconds": round(time.time() - started, 2)}


def stop_redis(stack: Stack) -> dict[str, Any]:
    time.sleep(4)
    stack.stop_redis()
    time.sleep(8)
    stack.start_redis()
    return {"redis_down_seconds": 8}


def kill_rq_worker(stack: Stack) -> dict[str, Any]:
    killed = 0
    for _ in range(4):
        time.sleep(4)
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
    args = p.parse_args()
    figures: dict[str, Any] = {}
    ok = True
    for name in args.only.split(","):
        result = run(args, FAULTS[name])
        checks = result["checks"]
        ok = ok and checks["verified"] == checks["scored_exactly_once"] == result["games"]
        figures[name] = result
        print(f"{name}: {result['fault']}; clients saw {result['statuses']}, "
              f"{result['retried_requests']} retried requests, "
              f"{result['transport_errors']} transport errors, {result['errors']} errors; "
              f"{checks['verified']}/{result['games']} verified, "
              f"{checks['scored_exactly_once']} scored exactly once", flush=True)
    print(json.dumps(figures))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
