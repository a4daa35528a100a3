"""The commands a player sends, as values, and their JSON shape.

The JSON shape (`as_dict` / `command_from_dict`) is the one the API accepts and the
legal-move listing returns, e.g.::

    {"type": "draw_card", "source": "deck"}
    {"type": "draw_card", "source": "market", "slot": 2}
    {"type": "claim_route", "route": "europe/paris-wien", "cards": {"red": 3, "locomotive": 1}}
    {"type": "pay_tunnel", "cards": {"red": 1}}
    {"type": "decline_tunnel"}
    {"type": "draw_tickets"}
    {"type": "keep_tickets", "tickets": ["usa/denver-el-paso"]}
    {"type": "build_station", "city": "Wien", "cards": {"blue": 2}}
    {"type": "pass"}
    {"type": "resign"}

`TimeOut` is not among them: the server (the system, not a player) sends it when a
turn's deadline passed, to `domain.decide.decide_system`; it is never parsed from a
player's request nor listed as a legal move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from domain.cards import KINDS, Counts, as_mapping, counts_from_mapping
from domain.violations import RuleViolation


@dataclass(frozen=True, slots=True)
class DrawCard:
    source: Literal["deck", "market"]
    slot: int | None = None

    def as_dict(self) -> dict[str, Any]:
        if self.source == "deck":
            return {"type": "draw_card", "source": "deck"}
        return {"type": "draw_card", "source": "market", "slot": self.slot}


@dataclass(frozen=True, slots=True)
class ClaimRoute:
    route: str
    cards: Counts

    def as_dict(self) -> dict[str, Any]:
        return {"type": "claim_route", "route": self.route, "cards": as_mapping(self.cards)}


@dataclass(frozen=True, slots=True)
class PayTunnel:
    cards: Counts

    def as_dict(self) -> dict[str, Any]:
        return {"type": "pay_tunnel", "cards": as_mapping(self.cards)}


@dataclass(frozen=True, slots=True)
class DeclineTunnel:
    def as_dict(self) -> dict[str, Any]:
        return {"type": "decline_tunnel"}


@dataclass(frozen=True, slots=True)
class DrawTickets:
    def as_dict(self) -> dict[str, Any]:
        return {"type": "draw_tickets"}


@dataclass(frozen=True, slots=True)
class KeepTickets:
    tickets: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"type": "keep_tickets", "tickets": list(self.tickets)}


@dataclass(frozen=True, slots=True)
class BuildStation:
    city: str
    cards: Counts

    def as_dict(self) -> dict[str, Any]:
        return {"type": "build_station", "city": self.city, "cards": as_mapping(self.cards)}


@dataclass(frozen=True, slots=True)
class Pass:
    def as_dict(self) -> dict[str, Any]:
        return {"type": "pass"}


@dataclass(frozen=True, slots=True)
class Resign:
    """Leave the game for good: any seat still in, at any moment until the game ends."""

    def as_dict(self) -> dict[str, Any]:
        return {"type": "resign"}


Command = (
    DrawCard | ClaimRoute | PayTunnel | DeclineTunnel | DrawTickets | KeepTickets
    | BuildStation | Pass | Resign
)
COMMAND_TYPES: tuple[str, ...] = (
    "draw_card", "claim_route", "pay_tunnel", "decline_tunnel", "draw_tickets",
    "keep_tickets", "build_station", "pass", "resign",
)


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The system command for passed deadlines (see `domain.decide.decide_system`).

    `seats`: whose deadline passed — in setup, players who still have dealt tickets to
    choose from (several at once, handled one after the other in the order given); in
    play, exactly the current player. `deadline`: the deadline that passed, an
    opaque ISO-8601 string recorded in the events (the domain reads no clock).
    `drop_after`: the game's policy, the time-outs in a row after which a player is
    dropped from the game (None: never).
    """

    seats: tuple[int, ...]
    deadline: str
    drop_after: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"type": "time_out", "seats": list(self.seats), "deadline": self.deadline,
                "drop_after": self.drop_after}


def check_shape(command: Command) -> None:
    """Refuse a command value no parser could have produced (e.g. built in code).

    Card multisets must be nine non-negative counts; a negative count would let a
    payment check pass while handing the player cards.
    """
    if type(command) in _NO_CARDS:  # Speed: most commands (draws) name no cards
        return
    cards = getattr(command, "cards", None)
    # Speed: checked in C (every claim, station and tunnel payment passes here); a
    # bool's type is not int, so True and False are refused as counts
    if cards is not None and not (
        type(cards) is tuple and len(cards) == len(KINDS)
        and set(map(type, cards)) == _INT_ONLY and min(cards) >= 0
    ):
        raise RuleViolation("malformed_command",
                            f"cards must be {len(KINDS)} non-negative counts.")


_INT_ONLY = {int}
_NO_CARDS = frozenset({DrawCard, DeclineTunnel, DrawTickets, KeepTickets, Pass, Resign})


def command_from_dict(data: Mapping[str, Any]) -> Command:
    """Parse the JSON shape of a command; anything malformed is a `malformed_command`."""
    if not isinstance(data, Mapping):
        raise RuleViolation("malformed_command", "A command is a JSON object.")
    kind = data.get("type")
    if kind not in COMMAND_TYPES:
        raise RuleViolation("unknown_command", f"Unknown command type {kind!r}; "
                            f"commands: {', '.join(COMMAND_TYPES)}.")
    allowed = _FIELDS[kind]
    extra = set(data) - allowed - {"type"}
    if extra:
        raise RuleViolation("malformed_command",
                            f"{kind} takes no field(s) {', '.join(sorted(extra))}.")
    if kind == "draw_card":
        source = data.get("source")
        if source == "deck":
            if data.get("slot") is not None:
                raise RuleViolation("malformed_command", "A draw from the deck takes no slot.")
            return DrawCard("deck")
        if source == "market":
            slot = data.get("slot")
            if not isinstance(slot, int) or isinstance(slot, bool):
                raise RuleViolation("malformed_command", "A market draw needs a slot number.")
            return DrawCard("market", slot)
        raise RuleViolation("malformed_command", "source is 'deck' or 'market'.")
    if kind == "claim_route":
        return ClaimRoute(_string(data, "route"), _cards(data))
    if kind == "pay_tunnel":
        return PayTunnel(_cards(data))
    if kind == "decline_tunnel":
        return DeclineTunnel()
    if kind == "draw_tickets":
        return DrawTickets()
    if kind == "keep_tickets":
        tickets = data.get("tickets")
        if not isinstance(tickets, list) or not all(isinstance(t, str) for t in tickets):
            raise RuleViolation("malformed_command", "tickets is a list of ticket ids.")
        if len(set(tickets)) != len(tickets):
            raise RuleViolation("malformed_command", "A ticket is named twice.")
        return KeepTickets(tuple(tickets))
    if kind == "build_station":
        return BuildStation(_string(data, "city"), _cards(data))
    if kind == "resign":
        return Resign()
    return Pass()


_FIELDS: dict[str, set[str]] = {
    "draw_card": {"source", "slot"},
    "claim_route": {"route", "cards"},
    "pay_tunnel": {"cards"},
    "decline_tunnel": set(),
    "draw_tickets": set(),
    "keep_tickets": {"tickets"},
    "build_station": {"city", "cards"},
    "pass": set(),
    "resign": set(),
}


def _string(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value:
        raise RuleViolation("malformed_command", f"{name} must be a non-empty string.")
    return value


def _cards(data: Mapping[str, Any]) -> Counts:
    cards = data.get("cards")
    if not isinstance(cards, Mapping) or not cards:
        raise RuleViolation("malformed_command",
                            "cards is an object of card kinds to counts, e.g. {\"red\": 2}.")
    for kind, n in cards.items():
        if kind not in KINDS:
            raise RuleViolation("malformed_command",
                                f"Unknown card kind {kind!r}; kinds: {', '.join(KINDS)}.")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 200:
            raise RuleViolation("malformed_command", f"The count of {kind} must be 0..200.")
    return counts_from_mapping(cards)
