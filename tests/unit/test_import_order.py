"""Every module of ours imports in any order in a fresh interpreter: no import circle
hides behind the order one entry point happens to import things in."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "events", "messaging", "referee", "worker", "service", "bots",
            "bootstrap")
IMPORT_ALL = """
import importlib, pkgutil, random, sys
names = []
for package in sys.argv[2:]:
    module = importlib.util.find_spec(package)
    names.append(package)
    for info in pkgutil.walk_packages(module.submodule_search_locations, package + "."):
        names.append(info.name)
random.Random(int(sys.argv[1])).shuffle(names)
for name in names:
    if name.endswith("__main__"):
        continue
    importlib.import_module(name)
print(len(names))
"""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_module_imports_in_a_random_order_in_a_fresh_interpreter(seed: int) -> None:
    done = subprocess.run([sys.executable, "-c", IMPORT_ALL, str(seed), *PACKAGES],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout.strip()) > 150  # every package walked, not an empty list
