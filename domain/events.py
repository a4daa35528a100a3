"""The domain events: everything that can happen in a game, as plain values.

Events hold only JSON-ready values (str, int, bool, None, tuples, and card
multisets as ``{"red": 2}``), so `as_dict` / `event_from_dict` round-trip exactly.
Randomness is recorded: the events carry the deck orders, the cards dealt, drawn
and revealed, so `evolve` never needs a random generator. Events that used a
random operation record its number (`shuffle`), see `domain.shuffle`.

Who may see what: `PRIVATE` maps a field to its audience — ``"actor"`` (only the
event's seat), ``"per_seat"`` (a tuple whose item *i* only seat *i* may see) or
``"nobody"`` (hidden from every player while the game runs: deck orders, the seed).
Every other field is public.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from domain.frozen import freeze, thaw

CardMap = Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Event:
    TYPE: ClassVar[str] = ""
    PRIVATE: ClassVar[dict[str, str]] = {}

    @property
    def actor(self) -> int | None:
        """The seat that acted, or None for the game itself (the system)."""
        seat = getattr(self, "seat", None)
        return seat if isinstance(seat, int) else None

    def as_dict(self) -> dict[str, Any]:
        # Speed: every append and every answer to a command encodes its events; the
        # field names are looked up once per class.
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        return {"type": self.TYPE, **{name: thaw(getattr(self, name)) for name in names}}


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    TYPE: ClassVar[str] = "game_started"
    PRIVATE: ClassVar[dict[str, str]] = {
        "seed": "nobody", "deck": "nobody", "hands": "per_seat",
        "dealt_tickets": "per_seat", "ticket_deck": "nobody", "long_tickets_removed": "nobody",
    }
    map: str
    players: int
    rules_version: int
    seed: str  # hex
    seed_commitment: str
    first_player: int
    deck: tuple[str, ...]  # top first, after the deal
    market: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    dealt_tickets: tuple[tuple[str, ...], ...]
    ticket_deck: tuple[str, ...]  # top first
    long_tickets_removed: tuple[str, ...]
    shuffles_used: int


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    """The discard pile became the new deck (`deck`, top first)."""
    TYPE: ClassVar[str] = "deck_reshuffled"
    PRIVATE: ClassVar[dict[str, str]] = {"deck": "nobody"}
    shuffle: int
    size: int
    deck: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MarketRefilled(Event):
    """Cards turned from the top of the deck into empty face-up slots."""
    TYPE: ClassVar[str] = "market_refilled"
    slots: tuple[int, ...]
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MarketReset(Event):
    """Three or more face-up locomotives: the face-up cards were discarded."""
    TYPE: ClassVar[str] = "market_reset"
    discarded: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardDrawnBlind(Event):
    TYPE: ClassVar[str] = "card_drawn_blind"
    PRIVATE: ClassVar[dict[str, str]] = {"card": "actor"}
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """A face-up card taken from the market."""
    TYPE: ClassVar[str] = "card_taken"
    seat: int
    slot: int
    card: str


@dataclass(frozen=True, slots=True)
class RouteClaimed(Event):
    TYPE: ClassVar[str] = "route_claimed"
    seat: int
    route: str
    cards: CardMap
    points: int


@dataclass(frozen=True, slots=True)
class TunnelAttempted(Event):
    """Cards laid down for a tunnel; they stay in the hand until the tunnel is paid."""
    TYPE: ClassVar[str] = "tunnel_attempted"
    seat: int
    route: str
    cards: CardMap
    color: str  # the colour played, or "locomotive" for an all-locomotive payment


@dataclass(frozen=True, slots=True)
class TunnelCardsRevealed(Event):
    TYPE: ClassVar[str] = "tunnel_cards_revealed"
    seat: int
    cards: tuple[str, ...]
    extra_cards: int  # the extra cost so far, counting every card revealed this turn


@dataclass(frozen=True, slots=True)
class TunnelDeclined(Event):
    TYPE: ClassVar[str] = "tunnel_declined"
    seat: int
    route: str


@dataclass(frozen=True, slots=True)
class TicketsDrawn(Event):
    TYPE: ClassVar[str] = "tickets_drawn"
    PRIVATE: ClassVar[dict[str, str]] = {"tickets": "actor"}
    seat: int
    count: int
    tickets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TicketsKept(Event):
    TYPE: ClassVar[str] = "tickets_kept"
    PRIVATE: ClassVar[dict[str, str]] = {
        "kept": "actor", "returned": "actor", "bottom_order": "nobody",
    }
    seat: int
    kept: tuple[str, ...]
    returned: tuple[str, ...]
    kept_count: int
    returned_count: int
    returned_to: str  # "bottom", "box", or "setup_bottom" (placed when everyone has chosen)
    shuffle: int | None  # the random operation that ordered the returned tickets
    bottom_order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SetupTicketsReturned(Event):
    """Everyone chose: the returned setup tickets go under the deck, batches in seat order."""
    TYPE: ClassVar[str] = "setup_tickets_returned"
    PRIVATE: ClassVar[dict[str, str]] = {"bottom_order": "nobody"}
    shuffles: tuple[int, ...]
    count: int
    bottom_order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StationBuilt(Event):
    TYPE: ClassVar[str] = "station_built"
    seat: int
    city: str
    cards: CardMap


@dataclass(frozen=True, slots=True)
class Passed(Event):
    TYPE: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """The turn of `seat` is over; `next_seat` plays next, passing over `skipped`: the
    seats between them (in seat order) of the players who have left the game."""
    TYPE: ClassVar[str] = "turn_ended"
    seat: int
    next_seat: int
    skipped: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class FinalRoundStarted(Event):
    """A player ended a turn with few trains: every player still in gets exactly one
    more turn, this one's included."""
    TYPE: ClassVar[str] = "final_round_started"
    seat: int
    trains: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    TYPE: ClassVar[str] = "game_ended"
    reason: str  # "final_round", "deadlock" or "last_player"


@dataclass(frozen=True, slots=True)
class SeedRevealed(Event):
    """The game's secret seed, public once the game has ended (it follows every
    `GameEnded`): anyone can now check it against the commitment in `GameStarted` and
    re-derive every shuffle."""
    TYPE: ClassVar[str] = "seed_revealed"
    seed: str  # hex


@dataclass(frozen=True, slots=True)
class PlayerResigned(Event):
    """The player left the game of their own will: they never get another turn."""
    TYPE: ClassVar[str] = "player_resigned"
    seat: int


@dataclass(frozen=True, slots=True)
class TurnTimedOut(Event):
    """The deadline of `seat`'s turn (or setup ticket choice) passed; the system acted.

    `deadline` is the deadline that passed, as the server stated it (an ISO-8601
    string, recorded as is); `consecutive` counts this player's time-outs in a row,
    this one included (it starts again when the player acts themselves).
    """
    TYPE: ClassVar[str] = "turn_timed_out"
    seat: int
    deadline: str
    consecutive: int

    @property
    def actor(self) -> int | None:
        return None  # the system acted, not the player


@dataclass(frozen=True, slots=True)
class PlayerDropped(Event):
    """The game's policy removed the player after `timeouts` time-outs in a row."""
    TYPE: ClassVar[str] = "player_dropped"
    seat: int
    timeouts: int

    @property
    def actor(self) -> int | None:
        return None  # the system acted, not the player


EVENT_TYPES: dict[str, type[Event]] = {
    cls.TYPE: cls for cls in (
        GameStarted, DeckReshuffled, MarketRefilled, MarketReset, CardDrawnBlind, CardTaken,
        RouteClaimed, TunnelAttempted, TunnelCardsRevealed, TunnelDeclined, TicketsDrawn,
        TicketsKept, SetupTicketsReturned, StationBuilt, Passed, TurnEnded,
        FinalRoundStarted, GameEnded, SeedRevealed, PlayerResigned, TurnTimedOut,
        PlayerDropped,
    )
}


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """The event whose `as_dict` is `data` (lists become tuples again)."""
    cls = EVENT_TYPES[data["type"]]
    names = {f.name for f in dataclasses.fields(cls)}
    return cls(**{k: freeze(v) for k, v in data.items() if k in names})


_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {}
