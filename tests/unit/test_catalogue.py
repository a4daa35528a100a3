"""The event catalogue: names, schema versions, upcasting and who may see what."""

from __future__ import annotations

import pytest

from domain.events import CardDrawnBlind, GameStarted, TicketsDrawn
from domain.setup import start_game
from events.catalogue import (
    SHAPES,
    TYPES,
    UnknownEventType,
    current_shape,
    decode,
    encode,
    redact,
    schema_version,
    upcast,
)


@pytest.mark.parametrize("name", sorted(TYPES))
def test_each_types_shape_is_pinned_at_its_schema_version(name: str) -> None:
    # A changed shape needs a new schema version and an upcaster (then update SHAPES).
    assert current_shape(name) == SHAPES[name]


def test_every_pinned_shape_names_a_known_type() -> None:
    assert set(SHAPES) == set(TYPES)


def test_an_old_turn_ended_is_upcast_to_todays_shape() -> None:
    assert schema_version("turn_ended") == 2
    assert upcast("turn_ended", 1, {"seat": 1, "next_seat": 2}) == {
        "seat": 1, "next_seat": 2, "skipped": []}


def test_an_event_newer_than_the_code_is_refused() -> None:
    with pytest.raises(UnknownEventType):
        upcast("turn_ended", 3, {"seat": 1, "next_seat": 2, "skipped": []})


def test_an_unknown_type_is_refused() -> None:
    with pytest.raises(UnknownEventType):
        decode("meteor_strike", 1, {}, None)


def test_a_blind_draw_is_seen_only_by_the_drawer() -> None:
    data, private, audience = encode(CardDrawnBlind(seat=2, card="red"))
    assert data == {"seat": 2} and private == {"card": "red"} and audience == {"card": [2]}
    assert redact(data, private, audience, seat=2) == ({"seat": 2, "card": "red"}, [])
    assert redact(data, private, audience, seat=0) == ({"seat": 2}, ["card"])
    assert redact(data, private, audience, seat=None) == ({"seat": 2}, ["card"])


def test_dealt_hands_show_each_player_only_their_own() -> None:
    started = start_game("usa", 3, b"catalogue")[0]
    assert isinstance(started, GameStarted)
    data, private, audience = encode(started)
    assert audience["hands"] == "per_seat" and audience["deck"] == []
    seen, hidden = redact(data, private, audience, seat=1)
    assert seen["hands"][1] == list(started.hands[1])
    assert seen["hands"][0] is None and seen["hands"][2] is None
    assert "deck" not in seen and "seed" not in seen
    assert {"hands", "deck", "seed", "dealt_tickets"} <= set(hidden)


def test_everything_shows_every_field() -> None:
    data, private, audience = encode(TicketsDrawn(seat=0, count=3, tickets=("a", "b", "c")))
    seen, hidden = redact(data, private, audience, seat=1, everything=True)
    assert seen["tickets"] == ["a", "b", "c"] and hidden == []


def test_encoding_then_decoding_gives_the_event_back() -> None:
    started = start_game("europe", 2, b"catalogue")[0]
    data, private, _ = encode(started)
    assert decode("game_started", schema_version("game_started"), data, private) == started
