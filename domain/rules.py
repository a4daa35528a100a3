"""Each map's rules as one value of knobs, so rule code asks a knob, never the map's name.

`RULES_VERSION` is recorded in every game when it starts: a later fix to the
rules bumps it, and games recorded under an older version keep the behaviour they
were played with (see `rules_for`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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


USA = Rules(
    map="usa", min_players=2, max_players=5, trains=45, stations=0,
    route_points={1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15},
    setup_regular_tickets=3, setup_long_tickets=0, setup_keep_at_least=2,
    setup_returned_to="bottom",
    draw_tickets=3, draw_keep_at_least=1, draw_returned_to="bottom",
    face_up_locomotive_limit=True, market_reset=True, market_reset_locomotives=3,
    market_reset_max_in_a_row=3,
    locomotives_on_ordinary_routes=True, ferry_substitute_cards=None, any_cards_routes={},
    double_routes_min_players=4, longest_path_bonus=10, globetrotter_bonus=0,
    unused_station_points=0,
    tie_breakers=("completed_tickets", "longest_path_bonus"),
)

EUROPE = Rules(
    map="europe", min_players=2, max_players=5, trains=45, stations=3,
    route_points={1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21},
    setup_regular_tickets=3, setup_long_tickets=1, setup_keep_at_least=2,
    setup_returned_to="box",
    draw_tickets=3, draw_keep_at_least=1, draw_returned_to="bottom",
    face_up_locomotive_limit=True, market_reset=True, market_reset_locomotives=3,
    market_reset_max_in_a_row=3,
    locomotives_on_ordinary_routes=True, ferry_substitute_cards=None, any_cards_routes={},
    double_routes_min_players=4, longest_path_bonus=10, globetrotter_bonus=0,
    unused_station_points=4,
    tie_breakers=("completed_tickets", "fewest_stations", "longest_path_bonus"),
)

NORDIC = Rules(
    map="nordic", min_players=2, max_players=3, trains=40, stations=0,
    route_points={1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 9: 27},
    setup_regular_tickets=5, setup_long_tickets=0, setup_keep_at_least=2,
    setup_returned_to="box",
    draw_tickets=3, draw_keep_at_least=1, draw_returned_to="box",
    face_up_locomotive_limit=False, market_reset=False, market_reset_locomotives=3,
    market_reset_max_in_a_row=3,
    locomotives_on_ordinary_routes=False, ferry_substitute_cards=3,
    any_cards_routes={"nordic/lieksa-murmansk": 4},
    double_routes_min_players=3, longest_path_bonus=0, globetrotter_bonus=10,
    unused_station_points=0,
    tie_breakers=("completed_tickets", "longest_path_length"),
)

# Every rules version ever released, with each map's knobs as they were in it: a fix
# adds version n + 1 (and bumps RULES_VERSION) and leaves the older entries alone, so
# a game keeps the rules it was created under for as long as it is replayed.
RULES_BY_VERSION: dict[int, dict[str, Rules]] = {
    1: {r.map: r for r in (USA, EUROPE, NORDIC)},
}


def rules_for(map_name: str, version: int = RULES_VERSION) -> Rules:
    """The rules of `map_name` as they were in rules version `version`."""
    knobs = RULES_BY_VERSION.get(version)
    if knobs is None:
        raise ValueError(f"unknown rules version {version}")
    return knobs[map_name]
