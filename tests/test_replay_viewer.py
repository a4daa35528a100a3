"""The replay viewer's map layouts (`service/static/layouts/`): every city placed,
inside the canvas, apart from the others and near its real geography."""

from __future__ import annotations

import itertools
import json
import math
import re
from typing import Any

import pytest

from domain.board import MAP_NAMES, load_board
from tests.replay_fixtures import (
    LABEL_PLACES,
    LAYOUTS,
    STATIC,
    build_layout,
    label_box,
    layout_problems,
    project,
)

# -- layouts ---------------------------------------------------------------------------

def _layout(map_name: str) -> dict[str, Any]:
    return json.loads((LAYOUTS / f"{map_name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_layout_places_every_city_inside_the_canvas_and_apart(map_name: str) -> None:
    layout, board = _layout(map_name), load_board(map_name)
    assert layout["map"] == map_name
    assert set(layout["cities"]) == set(board.cities)
    width, height = layout["width"], layout["height"]
    for city, (x, y) in layout["cities"].items():
        assert 20 <= x <= width - 20 and 20 <= y <= height - 20, city
    closest = min(itertools.combinations(board.cities, 2),
                  key=lambda p: math.dist(layout["cities"][p[0]], layout["cities"][p[1]]))
    assert math.dist(layout["cities"][closest[0]], layout["cities"][closest[1]]) >= 40, closest
    # and every route has room for its cars, passing no other city too closely
    assert layout_problems(layout, board) == []


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_layout_labels_stay_inside_and_cities_stay_near_their_geography(map_name: str) -> None:
    layout = _layout(map_name)
    assert set(layout["labels"]) == set(layout["cities"])
    for city, place in layout["labels"].items():
        assert place in LABEL_PLACES
        x0, y0, x1, y1 = label_box(*layout["cities"][city], city, place)
        assert x0 >= 0 and y0 >= 0 and x1 <= layout["width"] and y1 <= layout["height"], city
    _, _, geography = project(map_name)
    for city, position in layout["cities"].items():
        assert math.dist(position, geography[city]) <= 30, f"{city} moved far from its place"


def test_layouts_are_the_ones_generated_from_the_geography() -> None:
    for map_name in MAP_NAMES:
        assert _layout(map_name) == build_layout(map_name), (
            f"{map_name}: run python -m tests.replay_fixtures layouts")


def test_the_page_loads_nothing_from_elsewhere() -> None:
    for path in [*(STATIC / "replay").iterdir(), *LAYOUTS.iterdir()]:
        text = path.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text), path
        assert "@import" not in text and "@font-face" not in text, path

