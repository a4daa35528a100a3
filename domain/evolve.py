"""`evolve(state, event) -> state`: the one place where a game's state changes.

Pure and total over the events `decide` produces: it needs no random generator
(every shuffle's result is in its event) and never validates (validation is
`decide`'s job; an event in the log is a fact).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from domain import events as ev
from domain.board import load_board
from domain.cards import (
    NO_CARDS,
    add,
    add_card,
    counts_from_mapping,
    counts_of,
    subtract,
)
from domain.rules import rules_for
from domain.state import FREE, Game, PendingTunnel, Player, changed


def evolve(game: Game | None, event: ev.Event) -> Game:
    """The state after `event`; `game` is None only before `GameStarted`."""
    if isinstance(event, ev.GameStarted):
        return _started(event)
    else:
        assert game is not None, "the first event of a game is GameStarted"
        new = _HANDLERS[type(event)](game, event)
    new.__dict__["version"] = game.version + 1  # `new` is a fresh copy made by the handler
    return new


def replay(events: Iterable[ev.Event], game: Game | None = None) -> Game:
    """The state after all `events` (starting from `game`, or from nothing)."""
    for event in events:
        game = evolve(game, event)
    if game is None:
        raise ValueError("no events")
    return game


def _started(e: ev.GameStarted) -> Game:
    rules = rules_for(e.map, e.rules_version)
    board = load_board(e.map)
    players = tuple(
        Player(hand=counts_of(hand), trains=rules.trains, stations_left=rules.stations,
               pending_tickets=dealt)
        for hand, dealt in zip(e.hands, e.dealt_tickets, strict=True)
    )
    return Game(
        map=e.map, rules_version=e.rules_version, seed=bytes.fromhex(e.seed),
        seed_commitment=e.seed_commitment, first_player=e.first_player, players=players,
        deck=e.deck, discard=NO_CARDS, market=tuple(e.market), ticket_deck=e.ticket_deck,
        owners=(FREE,) * len(board.routes), station_owners={}, phase="setup",
        current=e.first_player, shuffles_used=e.shuffles_used, version=1,
        setup_returns=((),) * e.players,
    )


def _reshuffled(g: Game, e: ev.DeckReshuffled) -> Game:
    return changed(g, deck=e.deck, discard=NO_CARDS, shuffles_used=e.shuffle + 1)


def _refilled(g: Game, e: ev.MarketRefilled) -> Game:
    market = list(g.market)
    for slot, card in zip(e.slots, e.cards, strict=True):
        market[slot] = card
    return changed(g, market=tuple(market), deck=g.deck[len(e.cards):])


def _reset(g: Game, e: ev.MarketReset) -> Game:
    discard = add(g.discard, counts_of(e.discarded))
    return changed(g, market=(None,) * len(g.market), discard=discard)


def _acting(g: Game) -> Game:
    """The first action of a turn that is not a pass breaks a run of passes."""
    return changed(g, passes_in_a_row=0) if g.passes_in_a_row else g


def _drawn_blind(g: Game, e: ev.CardDrawnBlind) -> Game:
    p = g.players[e.seat]
    g = changed(g, deck=g.deck[1:], step="second_card" if g.step == "start" else g.step)
    return _acting(g.with_player(e.seat, changed(p, hand=add_card(p.hand, e.card))))


def _taken(g: Game, e: ev.CardTaken) -> Game:
    p = g.players[e.seat]
    market = g.market[:e.slot] + (None,) + g.market[e.slot + 1:]
    g = changed(g, market=market, step="second_card" if g.step == "start" else g.step)
    return _acting(g.with_player(e.seat, changed(p, hand=add_card(p.hand, e.card))))


def _claimed(g: Game, e: ev.RouteClaimed) -> Game:
    route = g.board.route_by_id[e.route]
    paid = counts_from_mapping(e.cards)
    p = g.players[e.seat]
    p = changed(
        p, hand=subtract(p.hand, paid), trains=p.trains - route.length,
        routes=(*p.routes, route.index), route_points=p.route_points + e.points,
    )
    discard = add(g.discard, paid)
    if g.tunnel is not None:
        discard = add(discard, counts_of(g.tunnel.revealed))
    owners = g.owners[:route.index] + (e.seat,) + g.owners[route.index + 1:]
    return _acting(changed(g.with_player(e.seat, p), discard=discard, owners=owners, tunnel=None))


def _tunnel_attempted(g: Game, e: ev.TunnelAttempted) -> Game:
    route = g.board.route_by_id[e.route]
    pending = PendingTunnel(route=route.index, cards=counts_from_mapping(e.cards),
                            color=e.color, revealed=(), extra_cards=0)
    return _acting(changed(g, tunnel=pending, step="tunnel"))


def _tunnel_revealed(g: Game, e: ev.TunnelCardsRevealed) -> Game:
    pending = g.tunnel
    assert pending is not None
    tunnel = changed(pending, revealed=pending.revealed + e.cards, extra_cards=e.extra_cards)
    return changed(g, deck=g.deck[len(e.cards):], tunnel=tunnel)


def _tunnel_declined(g: Game, e: ev.TunnelDeclined) -> Game:
    pending = g.tunnel
    assert pending is not None
    p = g.players[e.seat]
    g = g.with_player(e.seat, changed(p, declined_tunnels=p.declined_tunnels + 1))
    return changed(g, discard=add(g.discard, counts_of(pending.revealed)), tunnel=None)


def _tickets_drawn(g: Game, e: ev.TicketsDrawn) -> Game:
    p = g.players[e.seat]
    g = changed(g, ticket_deck=g.ticket_deck[e.count:], step="keep_tickets")
    return _acting(g.with_player(e.seat, changed(p, pending_tickets=e.tickets)))


def _tickets_kept(g: Game, e: ev.TicketsKept) -> Game:
    p = g.players[e.seat]
    g = g.with_player(e.seat, changed(p, tickets=p.tickets + e.kept, pending_tickets=()))
    if e.returned_to == "bottom":
        g = changed(g, ticket_deck=g.ticket_deck + e.bottom_order)
    elif e.returned_to == "setup_bottom":
        returns = g.setup_returns
        g = changed(g, setup_returns=returns[:e.seat] + (e.returned,) + returns[e.seat + 1:])
    if e.shuffle is not None:
        g = changed(g, shuffles_used=e.shuffle + 1)
    if g.phase == "setup" and not any(q.pending_tickets for q in g.players):
        g = changed(g, phase="playing", current=g.first_player, step="start")
    return g


def _setup_returned(g: Game, e: ev.SetupTicketsReturned) -> Game:
    used = max(e.shuffles) + 1 if e.shuffles else g.shuffles_used
    return changed(g, ticket_deck=g.ticket_deck + e.bottom_order,
                   setup_returns=((),) * g.player_count, shuffles_used=used)


def _station_built(g: Game, e: ev.StationBuilt) -> Game:
    paid = counts_from_mapping(e.cards)
    p = g.players[e.seat]
    p = changed(p, hand=subtract(p.hand, paid), stations_left=p.stations_left - 1,
                stations=(*p.stations, e.city))
    owners = dict(g.station_owners)
    owners[e.city] = e.seat
    return _acting(changed(g.with_player(e.seat, p), discard=add(g.discard, paid),
                           station_owners=owners))


def _passed(g: Game, e: ev.Passed) -> Game:
    return changed(g, passes_in_a_row=g.passes_in_a_row + 1)


def _turn_ended(g: Game, e: ev.TurnEnded) -> Game:
    left = g.final_turns_left - 1 if g.final_turns_left is not None else None
    return changed(g, current=e.next_seat, step="start", turns=g.turns + 1,
                   final_turns_left=left)


def _final_round(g: Game, e: ev.FinalRoundStarted) -> Game:
    return changed(g, final_round_by=e.seat, final_turns_left=g.player_count)


def _ended(g: Game, e: ev.GameEnded) -> Game:
    return changed(g, phase="ended", end_reason=e.reason)


_HANDLERS: dict[type[ev.Event], Callable[[Game, Any], Game]] = {
    ev.DeckReshuffled: _reshuffled,
    ev.MarketRefilled: _refilled,
    ev.MarketReset: _reset,
    ev.CardDrawnBlind: _drawn_blind,
    ev.CardTaken: _taken,
    ev.RouteClaimed: _claimed,
    ev.TunnelAttempted: _tunnel_attempted,
    ev.TunnelCardsRevealed: _tunnel_revealed,
    ev.TunnelDeclined: _tunnel_declined,
    ev.TicketsDrawn: _tickets_drawn,
    ev.TicketsKept: _tickets_kept,
    ev.SetupTicketsReturned: _setup_returned,
    ev.StationBuilt: _station_built,
    ev.Passed: _passed,
    ev.TurnEnded: _turn_ended,
    ev.FinalRoundStarted: _final_round,
    ev.GameEnded: _ended,
}


