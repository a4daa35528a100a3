"""What py-spy's samples of the API say: the top functions and the parts of a request.

    python bench/profiles.py FILE… [--top N] [--api-cpu-ms MS]

A library of `bench/api.py --against REF --profile DIR` (which summarises each side's
samples with it), also run by hand on the stacks such a run left in DIR.

Reads py-spy's raw folded stacks (`py-spy record --format raw`, as
`bench/api.py --against REF --profile DIR` and `bench/held.py --profile` write them:
one line per distinct stack, its frames from the outermost, then its sample count)
and prints the top functions by self time (the frame sampled) and by total time (on
the stack at all), and each part of the per-request work's share of the samples
(with `--api-cpu-ms`, the run's API CPU per action: each part's share of it, the
waits left out).

A sample belongs to one part: the highest of `PARTS` (in that order) of which a frame
of its stack is, so JSON written for a log line counts as logging, a token looked up
in the store as authentication, the event appended as the append. Idle samples (a
gevent worker waiting in its hub: py-spy counts them unless `--idle` is off, and
records none by default) count as `idle (waiting)`. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any


def py_spy() -> str:
    """py-spy's program: on PATH, else beside this interpreter (a venv run without being
    activated, as `.venv/bin/python bench/api.py` is); "py-spy" when neither has it (its
    start then fails, naming it)."""
    beside = Path(sys.executable).parent / "py-spy"
    return shutil.which("py-spy") or (str(beside) if beside.exists() else "py-spy")


def py_spy_record(pids: list[int], seconds: int, rate: int, folder: Path,
           label: str) -> list[subprocess.Popen[bytes]]:
    """py-spy sampling each of `pids` for `seconds` at `rate` Hz, its raw folded stacks
    written to `folder/{label}-{pid}.txt` (what `read` takes)."""
    return [subprocess.Popen(
        [py_spy(), "record", "--pid", str(pid), "--duration", str(seconds),
         "--rate", str(rate), "--format", "raw", "--output", str(folder / f"{label}-{pid}.txt")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for pid in pids]


# (part, what a frame of it holds in its text: a file path or function name)
PARTS: list[tuple[str, tuple[str, ...]]] = [
    ("logging", ("/logging/", "log_lines.py", "observability/logs.py")),
    ("metrics", ("prometheus_client", "observability/instruments.py",
                 "observability/access.py")),
    ("publish", ("messaging/", "referee/effects.py", "referee/notices.py",
                 "_announce", "notify.py", "publish")),
    ("rate limits", ("ratelimit.py",)),
    ("security headers", ("service/headers.py", "cache_policy")),
    ("auth + scopes", ("service/auth.py", "token_format.py", "web_session.py",
                       "service/scopes.py", "hmac.py")),
    ("input checks", ("api/bodies.py", "api/inputs.py", "check_request",
                      "command_from_dict", "request_hash", "idempotency_key", "if_match")),
    ("JSON", ("orjson", "/json/", "jsontext.py")),
    ("rendering", ("service/views.py", "marshmallow", "json_response")),
    ("store (load, append)", ("psycopg", "events/postgres.py", "events/sql.py",
                              "events/store.py", "events/snapshots.py")),
    ("referee (cache, rules, retries)", ("referee/", "events/repository.py", "domain/")),
    # (ff21d8f's hooks were `_before` and `_after` in service/app.py)
    ("middleware (rest)", ("service/middleware.py", "service/app.py")),
    ("doorman + body pace", ("Door.admit", "Door.leave", "budgeted_address", "turn_away",
                            "service/serve.py")),
    ("Flask + werkzeug", ("flask/", "werkzeug/", "flask_smorest/", "webargs/")),
    ("answer written (gunicorn, sockets)", ("Response.write (", "whole_answer.py")),
    ("gunicorn + gevent (rest)", ("gunicorn/", "gevent/")),
]
_COUNT = re.compile(r"^(.*) (\d+)$")


def read(paths: list[Path]) -> Counter[tuple[str, ...]]:
    stacks: Counter[tuple[str, ...]] = Counter()
    for path in paths:
        for line in path.read_text().splitlines():
            found = _COUNT.match(line)
            if found:
                stacks[tuple(found.group(1).split(";"))] += int(found.group(2))
    return stacks


def short(frame: str) -> str:
    """`function (path:line)` without the line and the site-packages prefix."""
    frame = re.sub(r":\d+\)$", ")", frame)
    return re.sub(r"\(/\S*?(site-packages|lib/python3\.\d+|wt-b36|ttr-against-\w+)/", "(",
                  frame)


# a thread sampled while it waits (py-spy keeps some: gevent's thread pool, the hub)
IDLE = ("acquire_with_timeout", "Hub.run", "poll.poll", "_Condition.wait")


def part_of(stack: tuple[str, ...]) -> str:
    if any(mark in stack[-1] for mark in IDLE):
        return "idle (waiting)"
    for part, marks in PARTS:
        if any(mark in frame for frame in stack for mark in marks):
            return part
    return "other"


def summary(stacks: Counter[tuple[str, ...]], top: int) -> dict[str, Any]:
    total = sum(stacks.values()) or 1
    own: Counter[str] = Counter()
    whole: Counter[str] = Counter()
    parts: Counter[str] = Counter()
    for stack, count in stacks.items():
        own[short(stack[-1])] += count
        for name in {short(f) for f in stack}:
            whole[name] += count
        parts[part_of(stack)] += count

    def share(counter: Counter[str]) -> list[tuple[str, float]]:
        return [(name, round(100 * n / total, 1)) for name, n in counter.most_common(top)]

    return {"samples": total, "self": share(own), "total": share(whole),
            "parts": [(name, round(100 * n / total, 1)) for name, n in parts.most_common()]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--api-cpu-ms", type=float, default=0.0,
                        help="the API's CPU ms per action in the run: parts given in ms too")
    args = parser.parse_args()
    found = summary(read(args.files), args.top)
    ms = args.api_cpu_ms
    for title in ("self", "total"):
        print(f"top by {title} time (% of samples):")
        for name, percent in found[title]:
            print(f"  {percent:5.1f}  {name}")
    print("parts of the work:")
    # the CPU is shared among the parts worked in, not the waits
    busy = sum(p for name, p in found["parts"] if not name.startswith("idle")) or 1.0
    for name, percent in found["parts"]:
        working = not name.startswith("idle")
        extra = f"  {ms * percent / busy:.3f} ms/action" if ms and working else ""
        print(f"  {percent:5.1f}  {name}{extra}")
    print(json.dumps(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
