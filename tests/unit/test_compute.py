"""Long computations beside gevent's hub: the worker keeps serving while one runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from service.compute import aside

ROOT = Path(__file__).absolute().parents[2]

# A greenlet ticks every 10 ms while a computation of 0.5 s runs, first on the hub's
# own thread, then aside; the ticks it managed meanwhile, and what raised aside.
UNDER_GEVENT = """
from gevent import monkey; monkey.patch_all()
import json, time, gevent
from service.compute import aside

ticks = []
def tick():
    while True:
        ticks.append(time.monotonic())
        gevent.sleep(0.01)

def busy(seconds):
    end, n = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        n += 1
    return n

def refuse():
    raise ValueError("refused")

gevent.spawn(tick)
gevent.sleep(0.05)
before = len(ticks); busy(0.5); on_the_hub = len(ticks) - before
before = len(ticks); aside(busy, 0.5); beside_it = len(ticks) - before
try:
    aside(refuse)
    raised = None
except ValueError as error:
    raised = str(error)
print(json.dumps({"on_the_hub": on_the_hub, "aside": beside_it, "raised": raised}))
"""


@pytest.fixture(scope="module")
def under_gevent() -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", UNDER_GEVENT], cwd=ROOT, check=True,
                         capture_output=True, text=True, env={**os.environ}).stdout
    found: dict[str, object] = json.loads(out.splitlines()[-1])
    return found


def test_a_computation_on_the_hub_stops_every_other_request(
        under_gevent: dict[str, object]) -> None:
    assert under_gevent["on_the_hub"] == 0


def test_a_computation_aside_lets_the_others_run(under_gevent: dict[str, object]) -> None:
    assert isinstance(under_gevent["aside"], int) and under_gevent["aside"] >= 5


def test_what_a_computation_aside_raises_reaches_the_request(
        under_gevent: dict[str, object]) -> None:
    assert under_gevent["raised"] == "refused"


def test_without_gevent_the_computation_simply_runs() -> None:
    assert aside(sorted, [3, 1, 2]) == [1, 2, 3]
    with pytest.raises(ZeroDivisionError):
        aside(divmod, 1, 0)
