"""Swiss pairing for tournaments: which entrants sit at the same table in a round.

Each round, entrants with similar tournament scores share a table, and pairs who
have already met are kept apart as far as possible. The decision is pure: the caller
gives the standings order, who has met whom how often, and the table size, and gets
the tables back.

How: tables are first filled in standings order (best with best), then improved by
swapping entrants between nearby tables while a swap lowers the cost. The cost of a
table weighs a repeated meeting far above any score gap, so a repeat is accepted only
when no swap in reach avoids it. Swaps look only a few tables away, which keeps a
round of a thousand entrants well under a second and keeps tables Swiss-shaped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

# A pair's n-th repeated meeting costs REPEAT_WEIGHT * n**2: far above any score gap
# (scores are placing points, a few per round), so repeats go first.
REPEAT_WEIGHT = 1000.0
SWAP_REACH = 3  # how many tables further down a swap looks
MAX_PASSES = 8  # improvement passes; each pass that changes nothing ends the search

Pair = frozenset[str]


def table_sizes(entrants: int, per_table: int) -> list[int]:
    """The sizes of a round's tables: as few tables as the size allows, as even as can be.

    Odd counts make some tables one smaller (13 entrants at tables of 4: 4, 3, 3, 3);
    a player who would sit alone joins another table instead (3 at tables of 2: 3).
    A single entrant cannot form a table.
    """
    if per_table < 2:
        raise ValueError("a table seats at least two players")
    if entrants < 2:
        raise ValueError("a round needs at least two entrants")
    tables = -(-entrants // per_table)
    while entrants // tables < 2:
        tables -= 1
    base, larger = divmod(entrants, tables)
    return [base + 1] * larger + [base] * (tables - larger)


def meetings(rounds: Sequence[Sequence[Sequence[str]]]) -> dict[Pair, int]:
    """How often each pair has shared a table, over the rounds' tables."""
    met: dict[Pair, int] = {}
    for tables in rounds:
        for table in tables:
            for a, b in combinations(table, 2):
                key = frozenset((a, b))
                met[key] = met.get(key, 0) + 1
    return met


def table_cost(table: Sequence[str], scores: Mapping[str, float],
               met: Mapping[Pair, int]) -> float:
    """What a table costs: its repeated meetings (squared), then its score spread."""
    repeats = sum(met.get(frozenset((a, b)), 0) ** 2 for a, b in combinations(table, 2))
    spread = max(scores.get(p, 0.0) for p in table) - min(scores.get(p, 0.0) for p in table)
    return REPEAT_WEIGHT * repeats + spread


def pair_round(ranked: Sequence[str], scores: Mapping[str, float],
               met: Mapping[Pair, int], per_table: int) -> list[list[str]]:
    """A round's tables, from the entrants in standings order (best first).

    `scores` are the tournament scores so far; `met` says how often pairs have met
    (`meetings`). The result is deterministic for the same input.
    """
    tables: list[list[str]] = []
    at = 0
    for size in table_sizes(len(ranked), per_table):
        tables.append(list(ranked[at:at + size]))
        at += size
    costs = [table_cost(t, scores, met) for t in tables]
    for _ in range(MAX_PASSES):
        if not _improve(tables, costs, scores, met):
            break
    return tables


def _improve(tables: list[list[str]], costs: list[float], scores: Mapping[str, float],
             met: Mapping[Pair, int]) -> bool:
    """One pass of swaps between nearby tables; whether any swap was made."""
    changed = False
    for i in range(len(tables)):
        for j in range(i + 1, min(len(tables), i + 1 + SWAP_REACH)):
            if costs[i] < REPEAT_WEIGHT and costs[j] < REPEAT_WEIGHT and j > i + 1:
                continue  # far swaps only to undo repeats; near ones also tighten scores
            changed |= _best_swap(tables, costs, i, j, scores, met)
    return changed


def _best_swap(tables: list[list[str]], costs: list[float], i: int, j: int,
               scores: Mapping[str, float], met: Mapping[Pair, int]) -> bool:
    """Make the one swap between tables i and j that lowers their cost most, if any."""
    best = costs[i] + costs[j]
    choice: tuple[int, int, float, float] | None = None
    first, second = tables[i], tables[j]
    for a in range(len(first)):
        for b in range(len(second)):
            first[a], second[b] = second[b], first[a]
            cost_i, cost_j = table_cost(first, scores, met), table_cost(second, scores, met)
            first[a], second[b] = second[b], first[a]
            if cost_i + cost_j < best - 1e-9:
                best, choice = cost_i + cost_j, (a, b, cost_i, cost_j)
    if choice is None:
        return False
    a, b, costs[i], costs[j] = choice
    first[a], second[b] = second[b], first[a]
    return True
