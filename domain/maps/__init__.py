"""The map registry: every map the engine plays, one entry each.

An entry names the map and gives its title, its board (a JSON file beside this module
for the shipped maps) and its rule knobs in every rules version. Whatever depends on
which maps exist asks the registry: `MAP_NAMES`, `load_board`, `rules_for`, the check
in `create_game`, the maps the API serves and the `ttr` command's choices. Adding a map
is one entry in `SHIPPED` and one board file here.

A map can also be registered while the program runs (`register_map`, and
`MapEntry.from_data` for a map written as one JSON document); the tests play a small
map of their own this way. It plays like a shipped map, but `MAP_NAMES`, and with it
the published API contract, lists only the shipped ones.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from typing import Any

from domain.board import Board, BoardDataError, board_from_data
from domain.rules import RULES_VERSION, Rules, rules_from_data


class MapDataError(ValueError):
    """A map entry whose knobs do not fit its board, or a name the registry refuses."""


@dataclass(frozen=True, eq=False)
class MapEntry:
    """One map: its name (in ids and URLs), its title, its rule knobs per rules version,
    and its board, either a file beside this module or the board's data itself; `region`
    is what the map is called in English words ("North America": the name in ids is
    "usa"), as the server's own texts (its mails) say it; the web client has it in each
    of its languages."""

    name: str
    title: str
    rules: Mapping[int, Rules]
    board_file: str | None = None
    board_data: Mapping[str, Any] | None = field(default=None, repr=False)
    region: str = ""

    @property
    def region_name(self) -> str:
        """What the map is called in words: its region, else its name made readable."""
        return self.region or self.name.replace("-", " ").replace("_", " ").title()

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> MapEntry:
        """A map written as one JSON document: the board as the board files have it
        (`map`, `cities`, `routes`, `tickets`), a `title`, and `rules`, the knobs of each
        rules version (keyed by the version as a string); a `region` if it has one."""
        missing = {"map", "title", "rules", "cities", "routes", "tickets"} - set(data)
        if missing:
            raise MapDataError(f"{data.get('map')!r}: no {', '.join(sorted(missing))}")
        name = data["map"]
        return cls(
            name=name, title=data["title"], region=data.get("region", ""),
            rules={int(version): rules_from_data(name, knobs)
                   for version, knobs in data["rules"].items()},
            board_data={key: data[key] for key in ("map", "cities", "routes", "tickets")},
        )

    @cached_property
    def board(self) -> Board:
        """The board, loaded and checked against the knobs the first time it is asked for."""
        data = self.board_data
        if data is None:
            if self.board_file is None:
                raise MapDataError(f"{self.name}: no board")
            text = resources.files(__name__).joinpath(self.board_file).read_text(
                encoding="utf-8")
            data = json.loads(text)
        board = board_from_data(dict(data))
        problems = _mismatches(self, board)
        if problems:
            raise MapDataError("; ".join(problems))
        return board

    def rules_in(self, version: int) -> Rules:
        """The knobs of this map as they were in rules version `version`."""
        knobs = self.rules.get(version)
        if knobs is None:
            raise ValueError(f"unknown rules version {version}")
        return knobs


def _mismatches(entry: MapEntry, board: Board) -> list[str]:
    """Where the entry's knobs and its board disagree (a game would fail on them later)."""
    name = entry.name
    problems = [] if board.name == name else [f"{name}: the board is called {board.name!r}"]
    regular = sum(not t.long for t in board.tickets)
    long = len(board.tickets) - regular
    for version, rules in entry.rules.items():
        where = f"{name}, rules version {version}"
        if rules.map != name:
            problems.append(f"{where}: the knobs are {rules.map!r}'s")
        unscored = {r.length for r in board.routes} - set(rules.route_points)
        if unscored:
            problems.append(f"{where}: no points for routes of length {sorted(unscored)}")
        unknown = set(rules.any_cards_routes) - set(board.route_by_id)
        if unknown:
            problems.append(f"{where}: no routes {sorted(unknown)}")
        if (rules.max_players * rules.setup_regular_tickets > regular
                or rules.max_players * rules.setup_long_tickets > long):
            problems.append(f"{where}: too few tickets to deal {rules.max_players} players")
    return problems


USA = MapEntry(
    name="usa", title="Ticket to Ride (North America)", board_file="usa.json",
    region="North America",
    rules={1: Rules(
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
    )},
)

EUROPE = MapEntry(
    name="europe", title="Ticket to Ride Europe", board_file="europe.json",
    region="Europe",
    rules={1: Rules(
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
    )},
)

NORDIC = MapEntry(
    name="nordic", title="Ticket to Ride Nordic Countries", board_file="nordic.json",
    region="Nordic Countries",
    rules={1: Rules(
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
    )},
)

# The maps this package ships, in the order the API lists them. A fix to the rules adds
# version n + 1 to each entry's `rules` (and bumps RULES_VERSION) and leaves the older
# versions alone, so a game keeps the rules it was created under.
SHIPPED: tuple[MapEntry, ...] = (USA, EUROPE, NORDIC)
MAP_NAMES: tuple[str, ...] = tuple(entry.name for entry in SHIPPED)

_PLAYABLE: dict[str, MapEntry] = {entry.name: entry for entry in SHIPPED}
_NAME = re.compile(r"[a-z][a-z0-9-]*")


def map_names() -> tuple[str, ...]:
    """Every map that can be played now: the shipped ones, then any registered since."""
    return tuple(_PLAYABLE)


def map_entry(name: str) -> MapEntry:
    """The registry's entry for the map called `name` (KeyError if there is none)."""
    entry = _PLAYABLE.get(name)
    if entry is None:
        raise KeyError(f"no map called {name!r}; maps: {', '.join(_PLAYABLE)}")
    return entry


def load_board(name: str) -> Board:
    """The board of the map called `name`, validated (KeyError if there is no such map)."""
    return map_entry(name).board


def rules_for(map_name: str, version: int = RULES_VERSION) -> Rules:
    """The rules of `map_name` as they were in rules version `version` (KeyError if there
    is no such map, ValueError if the map has no such version)."""
    return map_entry(map_name).rules_in(version)


def register_map(entry: MapEntry) -> MapEntry:
    """Make `entry` playable, once its board has loaded and agrees with its knobs."""
    if not _NAME.fullmatch(entry.name):
        raise MapDataError(f"{entry.name!r}: a map's name is lower-case letters, digits, '-'")
    if entry.name in _PLAYABLE:
        raise MapDataError(f"there is already a map called {entry.name!r}")
    if not entry.rules:
        raise MapDataError(f"{entry.name}: no rules")
    try:
        entry.board  # noqa: B018 (loads and checks the board now, not in a game)
    except (BoardDataError, KeyError, TypeError) as broken:
        raise MapDataError(f"{entry.name}: broken board: {broken}") from broken
    _PLAYABLE[entry.name] = entry
    return entry


def unregister_map(name: str) -> None:
    """Take a map registered with `register_map` away again (the shipped ones stay)."""
    if name in MAP_NAMES:
        raise MapDataError(f"{name!r} is a shipped map")
    map_entry(name)
    del _PLAYABLE[name]
