"""Whole games of every map and player count, played over HTTP by bots that pick from
`/moves`, on SQLite and on PostgreSQL; on SQLite every response is held to the contract
(the contract does not depend on the store, and checking it is most of the time)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from domain.maps import MAP_NAMES, rules_for
from tests.api_support import Client, make_app, open_table, play_to_the_end, wait_for_score


@pytest.fixture
def app(store_url: str) -> Iterator[Flask]:
    app = make_app(store_url)
    yield app
    app.extensions["ttr"].close()


# each map with its fewest and its most players (every count in between is played
# through the engine: tests/unit/test_properties.py)
FEWEST_AND_MOST = [(m, n) for m in MAP_NAMES
                   for n in sorted({rules_for(m).min_players, rules_for(m).max_players})]


@pytest.mark.parametrize(("map_name", "players"), FEWEST_AND_MOST)
def test_a_whole_game_is_played_over_http_and_scored(client: Client, store_url: str,
                                                     map_name: str, players: int) -> None:
    checked = store_url.startswith("sqlite")
    table = open_table(client, map_name, players)
    actions = play_to_the_end(client, table, seed=players, checked=checked)
    assert actions > 10
    score = wait_for_score(client, table)
    assert len(score["players"]) == players
    assert score["winners"] and all(score["players"][s]["winner"] for s in score["winners"])
    final = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
    assert final is not None and final["status"] == "finished"
    assert final["seed"] is not None
    # every hand and ticket is public once the game is over
    assert all("hand" in p and "tickets" in p for p in final["players"])
    assert client.checked > (2 * actions if checked else 0)
