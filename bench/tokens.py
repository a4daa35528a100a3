"""Benchmark of telling a made-up bearer token from one the server made, before any
look-up or shared budget (issue 29): microseconds per check.

    python bench/tokens.py [--checks N] [--keys K]

Times `TokenSeal.shape` (the MAC of `service.token_format`) over N checks each of a
token the server made, one whose MAC is made up and one of the old format, with K
keys in the list (a made-up MAC is tried against every key), beside the SHA-256 that
every token costs anyway to be looked up. The last line of output is one JSON object
with every figure (microseconds per check, best of five runs).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.outcome import run  # noqa: E402
from service.token_format import TokenSeal, legacy_token, new_key  # noqa: E402


def microseconds(check: Callable[[str], object], token: str, checks: int) -> float:
    """The best of five runs of `checks` calls, per call."""
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(checks):
            check(token)
        best = min(best, time.perf_counter() - started)
    return round(best / checks * 1e6, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--checks", type=int, default=100_000)
    parser.add_argument("--keys", type=int, default=2)
    args = parser.parse_args()
    seal = TokenSeal([new_key() for _ in range(args.keys)])
    tokens = {"sealed": seal.mint(),
              "forged": f"ttr_{secrets.token_urlsafe(32)}_{secrets.token_urlsafe(16)}",
              "legacy": legacy_token()}
    figures: dict[str, object] = {
        "keys": args.keys,
        "check_us": {kind: microseconds(seal.shape, token, args.checks)
                     for kind, token in tokens.items()},
        "sha256_us": microseconds(lambda t: hashlib.sha256(t.encode()).hexdigest(),
                                  tokens["sealed"], args.checks)}
    for kind, cost in figures["check_us"].items():  # type: ignore[attr-defined]
        print(f"{kind:7} token: {cost} µs per check ({args.keys} keys)")
    print(f"SHA-256 of a token (every look-up's): {figures['sha256_us']} µs")
    print(json.dumps(figures))


if __name__ == "__main__":
    run(main)
