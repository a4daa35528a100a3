"""`bench/api.py --against REF`: this tree and another commit, alternated on one machine.

A machine shared with other work changes speed from minute to minute, so figures of
two commits measured an hour apart say little about the code. This runs each side's
own `bench/api.py` (same options) in turn, N times, the order swapped every other run
(REF then this tree, then this tree then REF: a steady drift in the machine's speed
falls on both alike), and reports per run and overall the ratio this tree / REF of
the API's CPU per action and of actions per second. Each run's ratio is the geometric
mean over its loads (matched by games at once); the overall ratio is the geometric
mean over the runs, with a 95% interval from Student's t over the runs' log ratios
(n runs, n - 1 degrees of freedom: with 3 runs the interval is wide, as it should be).

REF is built once: `git archive` of the commit into a directory under the system's
temporary directory, named by the commit's full hash, with a venv of this
interpreter (`pip install -e '.[test]'` from those files; PyPI for the dependencies).
A later run against the same commit reuses it (delete the directory to rebuild).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.outcome import CannotMeasure
from bench.profiles import py_spy_record, read
from bench.profiles import summary as profile_summary
from bench.stack import children

ROOT = Path(__file__).resolve().parent.parent
BUILT_MARK = ".ttr-against-built"
# Student's t, two-sided 95%, by degrees of freedom (beyond the table: the normal's)
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365,
       8: 2.306, 9: 2.262, 10: 2.228, 15: 2.131, 20: 2.086, 30: 2.042}


def build(ref: str) -> tuple[Path, Path]:
    """REF's files and its venv's python, built once per commit."""
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{ref}^{{commit}}"], cwd=ROOT,
                         capture_output=True, text=True)
    if sha.returncode != 0:
        raise CannotMeasure(f"{ref} is not a commit of {ROOT}")
    where = Path(tempfile.gettempdir()) / f"ttr-against-{sha.stdout.strip()}"
    python = where / ".venv" / "bin" / "python"
    if (where / BUILT_MARK).exists():
        return where, python
    where.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", "--format=tar", sha.stdout.strip()],
                             cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    print(f"building {ref} in {where} (a venv, pip install -e '.[test]')", flush=True)
    subprocess.run([sys.executable, "-m", "venv", str(where / ".venv")], check=True)
    installed = subprocess.run([str(python), "-m", "pip", "install", "-q", "-e",
                                ".[test]"], cwd=where, capture_output=True, text=True)
    if installed.returncode != 0:
        raise CannotMeasure(f"pip install of {ref} failed: {installed.stderr[-500:]}")
    (where / BUILT_MARK).write_text(f"{ref}\n")
    return where, python


def one_run(root: Path, python: Path, options: list[str],
            profile_to: Path | None = None, label: str = "") -> dict[str, Any]:
    """`bench/api.py` of the tree at `root`, run by `python`: its JSON figures. With
    `profile_to`: py-spy samples the API's workers through the first load (raw folded
    stacks, `{label}-{pid}.txt` in that folder)."""
    with tempfile.TemporaryFile("w+") as errors:
        running = subprocess.Popen([str(python), "bench/api.py", *options], cwd=root,
                                   stdout=subprocess.PIPE, stderr=errors, text=True)
        assert running.stdout is not None
        lines: list[str] = []
        samplers: list[subprocess.Popen[bytes]] = []
        for line in running.stdout:
            lines.append(line)
            if profile_to is not None and line.startswith("pgbench") and not samplers:
                samplers = profile(api_workers(running.pid), options, profile_to, label)
        status = running.wait()
        for sampler in samplers:
            sampler.wait(60)
        errors.seek(0)
        said = errors.read()
    if status != 0 or not lines:
        raise CannotMeasure(f"bench/api.py in {root} exited {status}: {said.strip()[-300:]}")
    figures: dict[str, Any] = json.loads(lines[-1])
    return figures


def api_workers(bench_pid: int) -> list[int]:
    """The gunicorn workers of the API that the `bench/api.py` process started."""
    serving = [pid for pid in children(bench_pid) if b"serve" in _cmdline(pid)]
    return [worker for pid in serving for worker in children(pid)]


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def profile(pids: list[int], options: list[str], folder: Path,
            label: str) -> list[subprocess.Popen[bytes]]:
    """py-spy on each of `pids` for the first load's seconds (raw folded stacks)."""
    seconds = float(options[options.index("--seconds") + 1])
    folder.mkdir(parents=True, exist_ok=True)
    return py_spy_record(pids, max(1, int(seconds)), 250, folder, label)


def ratios(new: dict[str, Any], old: dict[str, Any]) -> dict[str, float]:
    """new / old of the API's CPU per action and of actions per second: the geometric
    mean over the loads both ran."""
    old_loads = {p["games_at_once"]: p for p in old["loads"]}
    cpu, rate = [], []
    for point in new["loads"]:
        other = old_loads.get(point["games_at_once"])
        if other is None:
            continue
        cpu.append(math.log(point["api_cpu_ms_per_action"] / other["api_cpu_ms_per_action"]))
        rate.append(math.log(point["actions_per_s"] / other["actions_per_s"]))
    if not cpu:
        raise CannotMeasure("the two runs share no load to compare")
    return {"api_cpu_ratio": math.exp(sum(cpu) / len(cpu)),
            "actions_per_s_ratio": math.exp(sum(rate) / len(rate))}


def summary(values: list[float]) -> dict[str, float]:
    """Geometric mean of ratios and its 95% interval (t over the logs)."""
    logs = [math.log(v) for v in values]
    mean = sum(logs) / len(logs)
    if len(logs) < 2:
        return {"ratio": round(math.exp(mean), 3)}
    sd = math.sqrt(sum((x - mean) ** 2 for x in logs) / (len(logs) - 1))
    df = len(logs) - 1
    t = T95.get(df) or next((T95[k] for k in sorted(T95) if k >= df), 1.96)
    half = t * sd / math.sqrt(len(logs))
    return {"ratio": round(math.exp(mean), 3), "low": round(math.exp(mean - half), 3),
            "high": round(math.exp(mean + half), 3)}


def alternate(ref: str, runs: int, options: list[str],
              profile_to: Path | None = None) -> dict[str, Any]:
    """Run REF's and this tree's `bench/api.py` in turn `runs` times: the figures."""
    if runs < 1:
        raise CannotMeasure("--runs must be 1 at least")
    ref_root, ref_python = build(ref)
    sides = {"ref": (ref_root, ref_python), "new": (ROOT, Path(sys.executable))}
    per_run: list[dict[str, Any]] = []
    for number in range(runs):
        order = ["ref", "new"] if number % 2 == 0 else ["new", "ref"]
        seen: dict[str, dict[str, Any]] = {}
        for side in order:
            started = time.time()
            seen[side] = one_run(*sides[side], options, profile_to,
                                 f"{side}-run{number + 1}")
            print(f"run {number + 1} {side}: {seen[side]['actions_per_s']} actions/s, API "
                  f"{seen[side]['api_cpu_ms_per_action']} ms CPU per action, PostgreSQL "
                  f"{seen[side]['postgres_cpu_ms_per_action']} ms "
                  f"({time.time() - started:.0f} s)", flush=True)
        found = ratios(seen["new"], seen["ref"])
        print(f"run {number + 1}: new/ref API CPU per action {found['api_cpu_ratio']:.3f}, "
              f"actions/s {found['actions_per_s_ratio']:.3f}", flush=True)
        per_run.append({"order": order, **{k: round(v, 3) for k, v in found.items()},
                        "ref": seen["ref"], "new": seen["new"]})
    cpu = summary([r["api_cpu_ratio"] for r in per_run])
    rate = summary([r["actions_per_s_ratio"] for r in per_run])
    print(f"overall ({runs} runs): new/ref API CPU per action {cpu}, actions/s {rate}",
          flush=True)
    figures: dict[str, Any] = {"against": ref, "runs": runs, "api_cpu_ratio": cpu,
                               "actions_per_s_ratio": rate, "per_run": per_run}
    if profile_to is not None:
        figures["profile"] = profiles = {
            side: profile_summary(read(sorted(profile_to.glob(f"{side}-*.txt"))), 15)
            for side in ("ref", "new")}
        for side, sampled in profiles.items():
            parts = ", ".join(f"{name} {share}%" for name, share in sampled["parts"])
            print(f"{side}'s samples by part: {parts}", flush=True)
    return figures
