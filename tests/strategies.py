"""Hypothesis strategies shared by the property-based tests."""

from __future__ import annotations

from hypothesis import strategies as st

from domain.autoplay import Leaving
from domain.maps import MAP_NAMES, rules_for

MAP_PLAYERS = [
    (m, n) for m in MAP_NAMES
    for n in range(rules_for(m).min_players, rules_for(m).max_players + 1)
]

map_and_players = st.sampled_from(MAP_PLAYERS)
game_seeds = st.binary(min_size=16, max_size=32)
choice_seeds = st.integers(min_value=0, max_value=2**32 - 1)

# random players who sometimes resign or let their deadline pass (per decision)
leaving = st.builds(
    Leaving,
    resign=st.sampled_from([0.0, 0.002, 0.01]),
    time_out=st.sampled_from([0.0, 0.02, 0.1]),
    drop_after=st.sampled_from([None, 1, 2, 3]),
)
