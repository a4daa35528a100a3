"""Where an idle held stream's memory goes: a breakdown, from inside the API worker.

    python bench/held_memory.py [--streams 1000] [--frames 12] [--top 25]
                                [--settle-seconds 5]

Starts the embedded mode's `ttr serve` (SQLite, one gevent worker) with an inspector in
its worker (a greenlet answering on a port of its own), makes streams/4 two-player
games, then opens the streams as `bench/held.py` does (each game followed by both
players, a spectator and the creator's user feed). Before opening them, and once every
one is open (`bench/ready.py`) and they have been idle for `--settle-seconds`, the
worker reports:

- its RSS, and its RSS once the C allocator has given back what it can (`malloc_trim`);
- the resident growth of the C allocator's heap, of the anonymous mappings (Python's
  arenas, each greenlet's frame stack, the SQLite threads' heaps) and the mappings
  that grew most;
- Python's small-object allocator: its arenas, the bytes in use and free in them;
- with tracemalloc (`--frames` > 0; its bookkeeping then adds to the RSS): what is
  allocated, grouped by the line that allocated it and by file;
- the objects the collector tracks, by type; its greenlets: how many bytes of C
  stack each keeps saved while it waits, and the Python frames between gunicorn's
  loop and the wait.

All per stream. The last line is one JSON object; a run that cannot open its streams
within ten minutes ends with one line on stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.held import Embedded, follows_of, hold_streams, raise_nofile, set_up  # noqa: E402
from bench.outcome import run  # noqa: E402
from bench.ready import Crew  # noqa: E402
from bench.stack import serving  # noqa: E402
from tests.ports import free_port  # noqa: E402

# -- in the worker -----------------------------------------------------------------------


def serve_inspected(bind: str, inspector_port: int, frames: int) -> int:
    """`ttr serve` whose worker answers the inspector's commands on `inspector_port`."""
    from bootstrap.cli import COMPOSITION
    from service import serve
    from service.config import from_env

    started = serve.start_worker

    def start_worker(worker: Any = None) -> None:
        started(worker)
        _start_inspector(inspector_port, frames)

    serve.start_worker = start_worker
    return serve.serve(bind=bind, app=lambda: COMPOSITION.app(from_env()))


def _start_inspector(port: int, frames: int) -> None:
    import gc
    import tracemalloc

    from gevent.server import StreamServer

    if frames:
        tracemalloc.start(frames)
    marks: dict[str, Any] = {}

    def state() -> dict[str, Any]:
        gc.collect()
        types: Counter[str] = Counter(type(o).__qualname__ for o in gc.get_objects())
        snapshot = tracemalloc.take_snapshot() if frames else None
        rss = _rss()
        _trim()
        return {"rss": rss, "rss_trimmed": _rss(), "pymalloc": _pymalloc(), "maps": _maps(),
                "snapshot": snapshot, "types": types,
                "greenlets": _greenlets()}

    def handle(sock: socket.socket, _: Any) -> None:
        command = sock.makefile("r").readline().split()
        if command[0] == "mark":
            marks[command[1]] = state()
            answer: Any = {"rss": marks[command[1]]["rss"]}
        else:
            answer = _difference(marks[command[1]], marks[command[2]], int(command[3]))
        sock.sendall(json.dumps(answer).encode() + b"\n")
        sock.close()

    StreamServer(("127.0.0.1", port), handle).start()


def _trim() -> None:
    """Give the C allocator's free memory back to the system (what is left is in use,
    or in pages that something in use keeps)."""
    import ctypes

    ctypes.CDLL("libc.so.6").malloc_trim(0)


PYMALLOC = {"# bytes in allocated blocks": "in_use", "# bytes in available blocks": "free_blocks",
            "# arenas allocated current": "arenas"}


def _pymalloc() -> dict[str, int]:
    """Python's small-object allocator: bytes in use, free in its pools (kept by the
    pools' other objects), in its empty pools (kept by their arenas), and its arenas."""
    import sys
    import tempfile

    with tempfile.TemporaryFile("w+") as out:
        saved = os.dup(2)
        try:
            os.dup2(out.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        found = {}
        for line in out:
            for start, name in PYMALLOC.items():
                if line.startswith(start) and name not in found:
                    found[name] = int(line.rsplit("=", 1)[1].replace(",", ""))
    return found


def _maps() -> dict[str, tuple[str, int, int]]:
    """Each mapping of the process by its start: its name (`[heap]`: the C allocator's
    main heap; none: anonymous, e.g. Python's arenas, frame stacks and other threads'
    heaps), size and resident bytes."""
    found: dict[str, tuple[str, int, int]] = {}
    start, name, size = "", "", 0
    with open("/proc/self/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if "-" in fields[0] and not fields[0].endswith(":"):  # a mapping's first line
                start, name = fields[0].split("-")[0], fields[5] if len(fields) > 5 else ""
            elif fields[0] == "Size:":
                size = int(fields[1]) * 1024
            elif fields[0] == "Rss:":
                found[start] = (name, size, int(fields[1]) * 1024)
    return found


def _grown(before: dict[str, tuple[str, int, int]], after: dict[str, tuple[str, int, int]],
           top: int) -> dict[str, Any]:
    """Resident growth of the heap, of anonymous mappings and of the rest, and the
    mappings that grew most."""
    by_kind: Counter[str] = Counter()
    rows = []
    for start, (name, size, rss) in after.items():
        grew = rss - before.get(start, ("", 0, 0))[2]
        kind = "heap" if name == "[heap]" else "anonymous" if not name else "files"
        by_kind[kind] += grew
        rows.append((grew, name or "anonymous", size))
    for start, (name, _, rss) in before.items():
        if start not in after:
            by_kind["heap" if name == "[heap]" else "anonymous" if not name else "files"] -= rss
    rows.sort(reverse=True)
    return {"by_kind": dict(by_kind), "largest": rows[:top]}


def _rss() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def _greenlets() -> dict[str, Any]:
    import gc

    import greenlet  # type: ignore[import-untyped]

    waiting = [g for g in gc.get_objects() if isinstance(g, greenlet.greenlet)
               and not g.dead and g.gr_frame is not None]
    chains: Counter[str] = Counter()
    for g in waiting:
        names = []
        frame = g.gr_frame
        while frame is not None:
            names.append(f"{Path(frame.f_code.co_filename).name}:{frame.f_code.co_name}")
            frame = frame.f_back
        chains[" < ".join(names)] += 1
    return {"count": len(waiting),
            "stack_saved": sum(g._stack_saved for g in waiting),
            "chains": chains}


def _difference(before: dict[str, Any], after: dict[str, Any], top: int) -> dict[str, Any]:
    lines = files = []
    if after["snapshot"] is not None:
        lines = after["snapshot"].compare_to(before["snapshot"], "lineno")
        files = after["snapshot"].compare_to(before["snapshot"], "filename")
    types = after["types"] - before["types"]
    chains = after["greenlets"]["chains"] - before["greenlets"]["chains"]
    return {
        "rss": after["rss"] - before["rss"],
        "rss_trimmed": after["rss_trimmed"] - before["rss_trimmed"],
        "pymalloc": {k: after["pymalloc"][k] - before["pymalloc"].get(k, 0)
                     for k in after["pymalloc"]},
        "maps": _grown(before["maps"], after["maps"], 8),
        "traced": sum(s.size_diff for s in files),
        "by_line": [[str(s.traceback[0]), s.size_diff, s.count_diff]
                    for s in lines[:top]],
        "by_file": [[s.traceback[0].filename, s.size_diff, s.count_diff]
                    for s in files[:top]],
        "objects": sum(types.values()),
        "by_type": types.most_common(top),
        "greenlets": after["greenlets"]["count"] - before["greenlets"]["count"],
        "stack_saved": after["greenlets"]["stack_saved"] - before["greenlets"]["stack_saved"],
        "chains": chains.most_common(4),
    }


# -- the driver -------------------------------------------------------------------------


def ask(port: int, command: str) -> Any:
    with socket.create_connection(("127.0.0.1", port), timeout=300) as sock:
        sock.sendall(command.encode() + b"\n")
        return json.loads(sock.makefile("r").readline())


class Inspected(Embedded):
    def __init__(self, frames: int) -> None:
        super().__init__()
        self.inspector = free_port()
        self.frames = frames

    def start(self) -> None:
        log = self.scratch / "api.log"
        code = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent.parent)!r}); "
                "from bench.held_memory import serve_inspected; "
                f"sys.exit(serve_inspected('127.0.0.1:{self.port}', {self.inspector}, "
                f"{self.frames}))")
        self.api = subprocess.Popen([sys.executable, "-c", code], env=self.env,
                                    stderr=open(log, "w"))  # noqa: SIM115
        serving(self.port, self.api, log)


def per_stream(found: dict[str, Any], streams: int) -> dict[str, Any]:
    kb = streams * 1024
    return {
        "rss_kb": round(found["rss"] / kb, 2),
        "rss_trimmed_kb": round(found["rss_trimmed"] / kb, 2),
        "pymalloc_kb": {k: round(v / (1 if k == "arenas" else kb), 2)
                        for k, v in found["pymalloc"].items()},
        "grown_kb": {k: round(v / kb, 2) for k, v in found["maps"]["by_kind"].items()},
        "mappings_grown_most_kb": [[name, size // 1024, round(grew / kb, 2)]
                                   for grew, name, size in found["maps"]["largest"]],
        "traced_kb": round(found["traced"] / kb, 2),
        "objects": round(found["objects"] / streams, 1),
        "greenlets": round(found["greenlets"] / streams, 2),
        "stack_saved_kb": round(found["stack_saved"] / kb, 2),
        "by_line_bytes": [[where, round(size / streams), round(count / streams, 2)]
                          for where, size, count in found["by_line"]],
        "by_file_bytes": [[where, round(size / streams)] for where, size, _ in
                          found["by_file"]],
        "by_type": [[name, round(n / streams, 2)] for name, n in found["by_type"]],
        "chains": found["chains"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--frames", type=int, default=12,
                        help="tracemalloc's depth (0: no tracemalloc, RSS as served)")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--settle-seconds", type=float, default=5.0,
                        help="how long the streams are idle before the second look")
    args = parser.parse_args()
    raise_nofile()
    load = os.getloadavg()
    server = Inspected(args.frames)
    server.start()
    try:
        games = asyncio.run(set_up(server.port, max(1, args.streams // 4)))
        follows = follows_of(games, args.streams)
        time.sleep(2)
        ask(server.inspector, "mark before")
        ctx = multiprocessing.get_context("fork")
        stop = ctx.Event()
        with Crew(ctx, "holder", 600) as holding:
            holding.start(hold_streams, (server.port, follows, stop))
            holding.open()  # every stream open
            time.sleep(args.settle_seconds)
            ask(server.inspector, "mark held")
            found = ask(server.inspector, f"diff before held {args.top}")
            stop.set()
            holding.results(within=120)
    finally:
        server.stop()
    result = {"benchmark": "held_memory", "streams": args.streams, "load_at_start": load,
              "per_stream": per_stream(found, args.streams)}
    for key in ("by_line_bytes", "by_file_bytes", "by_type", "chains",
                "mappings_grown_most_kb"):
        print(key)
        for row in result["per_stream"][key]:
            print("  ", row)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    run(main)
