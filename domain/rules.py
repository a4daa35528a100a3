"""Each map's rules as one value of knobs, so rule code asks a knob, never the map's name.

The knobs of each map, per rules version, are in its entry of the map registry
(`domain.maps`); `domain.maps.rules_for` looks them up there. `RULES_VERSION` is recorded
in every game when it starts: a later fix to the rules bumps it, and games recorded under an
older version keep the behaviour they were played with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal, get_args

RULES_VERSION = 1

TicketReturn = Literal["bottom", "box"]
TieBreaker = Literal["completed_tickets", "longest_path_bonus", "fewest_stations",
                     "longest_path_length"]


@dataclass(frozen=True, slots=True)
class Rules:
    map: str
    min_players: int
    max_players: int
    trains: int
    stations: int
    route_points: dict[int, int]
    # setup: how many regular and long tickets each player is dealt, and the minimum kept
    setup_regular_tickets: int
    setup_long_tickets: int
    setup_keep_at_least: int
    setup_returned_to: TicketReturn
    # later ticket draws during the game
    draw_tickets: int
    draw_keep_at_least: int
    draw_returned_to: TicketReturn
    # a face-up locomotive is the whole draw and may never be the second card
    face_up_locomotive_limit: bool
    # 3+ face-up locomotives → discard the market and turn five new cards
    market_reset: bool
    market_reset_locomotives: int
    market_reset_max_in_a_row: int
    # where a single locomotive may stand in for a coloured card
    locomotives_on_ordinary_routes: bool
    # ferries: any N cards may stand in for one locomotive (None: no such substitute)
    ferry_substitute_cards: int | None
    # routes on which any N cards stand in for one card of the chosen colour
    any_cards_routes: dict[str, int]
    # both routes of a double are usable only from this many players
    double_routes_min_players: int
    longest_path_bonus: int
    globetrotter_bonus: int
    unused_station_points: int
    tie_breakers: tuple[TieBreaker, ...]
    end_trigger_trains: int = 2
    market_size: int = 5
    hand_size: int = 4

    @property
    def has_stations(self) -> bool:
        return self.stations > 0


def rules_from_data(map_name: str, data: Mapping[str, Any]) -> Rules:
    """The knobs of `map_name` as a JSON document writes them: every field of `Rules`
    but `map`, by name (JSON's string keys for `route_points`, lists for tuples)."""
    knobs = dict(data)
    unknown = set(knobs) - ({f.name for f in fields(Rules)} - {"map"})
    if unknown:
        raise ValueError(f"{map_name}: no such rule knobs: {', '.join(sorted(unknown))}")
    if "route_points" in knobs:
        knobs["route_points"] = {int(k): v for k, v in knobs["route_points"].items()}
    if "tie_breakers" in knobs:
        knobs["tie_breakers"] = tuple(knobs["tie_breakers"])
    try:
        rules = Rules(map=map_name, **knobs)
    except TypeError as missing:  # a knob without a default is not given
        raise ValueError(f"{map_name}: {missing}") from None
    problems = _knob_problems(rules)
    if problems:
        raise ValueError(f"{map_name}: " + "; ".join(problems))
    return rules


def _knob_problems(rules: Rules) -> list[str]:
    problems = []
    for f in fields(Rules):
        value = getattr(rules, f.name)
        if f.type == "int" and (not isinstance(value, int) or isinstance(value, bool)):
            problems.append(f"{f.name} is not a whole number")
        if f.type == "bool" and not isinstance(value, bool):
            problems.append(f"{f.name} is not true or false")
    if not 2 <= rules.min_players <= rules.max_players:
        problems.append("bad player range")
    for returned in (rules.setup_returned_to, rules.draw_returned_to):
        if returned not in get_args(TicketReturn):
            problems.append(f"tickets cannot be returned to {returned!r}")
    for tie_breaker in rules.tie_breakers:
        if tie_breaker not in get_args(TieBreaker):
            problems.append(f"no tie breaker {tie_breaker!r}")
    return problems
