"""Drawing train cards: the deck, the face-up market, its refill and its reset."""

from __future__ import annotations

from functools import cache

from domain import events as ev
from domain.cards import LOCO, LOCOMOTIVE
from domain.commands import DrawCard
from domain.evolve import evolve
from domain.state import Game
from domain.turn import Turn
from domain.turn_order import end_turn
from domain.violations import RuleViolation

# Speed: events are immutable values and these, the commonest, take only a few
# distinct values, so each is built once.
_card_drawn_blind = cache(ev.CardDrawnBlind)


_card_taken = cache(ev.CardTaken)


@cache
def _slot_refilled(slot: int, card: str) -> ev.MarketRefilled:
    """The refill of one slot."""
    return ev.MarketRefilled(slots=(slot,), cards=(card,))


def draw_card(turn: Turn, seat: int, command: DrawCard) -> None:
    g = turn.game
    second = g.step == "second_card"
    if command.source == "deck":
        if not turn.reshuffle_if_empty():
            raise RuleViolation("deck_empty", "The deck and the discard pile are empty.")
        turn.emit(_card_drawn_blind(seat, turn.game.deck[0]))
        ends_draw = second
    else:
        slot = command.slot
        if slot is None or not 0 <= slot < len(g.market):
            raise RuleViolation("malformed_command",
                                f"slot is 0..{len(g.market) - 1} for a market draw.")
        card = g.market[slot]
        if card is None:
            raise RuleViolation("slot_empty", f"Face-up slot {slot} is empty.")
        limited = g.rules.face_up_locomotive_limit and card == LOCOMOTIVE
        if limited and second:
            raise RuleViolation("second_card_locomotive")
        turn.emit(_card_taken(seat, slot, card))
        settle_market(turn)
        ends_draw = second or limited
    # Speed: a card in the deck is the usual answer of `can_draw_second_card`
    if ends_draw or not (turn.game.deck or can_draw_second_card(turn.game)):
        end_turn(turn, seat)


def can_draw_second_card(g: Game) -> bool:
    """Ruling: if no card can legally be drawn second, the draw ends after one card."""
    if g.cards_to_draw():
        return True
    limit = g.rules.face_up_locomotive_limit
    return any(c is not None and not (limit and c == LOCOMOTIVE) for c in g.market)


def _refill_market(turn: Turn) -> None:
    """Fill empty face-up slots from the deck, reshuffling the discard pile when needed."""
    while True:
        g = turn.game
        empty = tuple(i for i, c in enumerate(g.market) if c is None)
        if not empty:
            return
        n = min(len(empty), len(g.deck))
        if n:
            turn.emit(ev.MarketRefilled(slots=empty[:n], cards=g.deck[:n]))
            continue
        if not turn.reshuffle_if_empty():
            return  # no card anywhere: the slot stays empty until cards exist again


def market_reset_possible(g: Game) -> bool:
    """Ruling: reset only if five cards of deck ∪ discard ∪ market could show < 3 locomotives."""
    # Speed: counted without building the pool (deck + discard + market cards)
    market = g.market
    pool = len(g.deck) + sum(g.discard) + len(market) - market.count(None)
    locos = g.deck.count(LOCOMOTIVE) + g.discard[LOCO] + market.count(LOCOMOTIVE)
    rules = g.rules
    return pool - locos >= min(rules.market_size, pool) - (rules.market_reset_locomotives - 1)


def settle_market(turn: Turn) -> None:
    """Refill, then apply the three-locomotive reset (bounded) where the map has it."""
    g = turn.game
    # Speed: most turns leave the market full, and a draw leaves one slot to refill
    if None in g.market:
        if g.deck and g.market.count(None) == 1:
            turn.emit(_slot_refilled(g.market.index(None), g.deck[0]))
        else:
            _refill_market(turn)
    rules = turn.game.rules
    # Speed: the usual case, no reset, told before the loop
    if (not rules.market_reset
            or turn.game.market.count(LOCOMOTIVE) < rules.market_reset_locomotives):
        return
    for _ in range(rules.market_reset_max_in_a_row):
        g = turn.game
        if (g.market.count(LOCOMOTIVE) < rules.market_reset_locomotives
                or not market_reset_possible(g)):
            return
        turn.emit(ev.MarketReset(discarded=tuple(c for c in g.market if c is not None)))
        _refill_market(turn)


def settle_market_events(started: ev.GameStarted) -> list[ev.Event]:
    """The market check right after the deal (the reset applies at setup too)."""
    turn = Turn(evolve(None, started))
    settle_market(turn)
    return turn.events
