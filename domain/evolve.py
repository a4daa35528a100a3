"""`evolve(state, event) -> state`: the one place where a game's state changes.

Pure and total over the events `decide` produces: it needs no random generator
(every shuffle's result is in its event) and never validates (validation is
`decide`'s job; an event in the log is a fact).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from domain import events as ev
from domain.cards import (
    NO_CARDS,
    add,
    add_card,
    counts_from_mapping,
    counts_of,
    subtract,
)
from domain.maps import load_board, rules_for
from domain.state import FREE, Game, PendingTunnel, Player, changed, copy_with


def evolve(game: Game | None, event: ev.Event) -> Game:
    """The state after `event`; `game` is None only before `GameStarted`."""
    if isinstance(event, ev.GameStarted):
        return _started(event)
    assert game is not None, "the first event of a game is GameStarted"
    changes, player_change = CHANGES[type(event)](game, event)
    if player_change is not None:
        changes["players"] = players_changed(game, player_change)
    changes["version"] = game.version + 1
    return copy_with(game, changes)


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


# Each handler returns what the event changes: the game's fields, and the fields of
# one player (its seat and them) or None; `evolve` applies them to copies. Speed: as
# changes rather than new states, `decide` can apply a turn's later events to the
# copy it made for the first one, instead of copying the whole state once per event
# (and the random player, who owns its states, can change them in place).
Changes = dict[str, Any]
PlayerChange = tuple[int, Changes]
Change = tuple[Changes, PlayerChange | None]


def players_changed(g: Game, change: PlayerChange) -> tuple[Player, ...]:
    """The players of `g` with one player's fields changed (in a copy of it)."""
    seat, fields = change
    players = list(g.players)  # Speed: cheaper than joining three slices
    players[seat] = copy_with(players[seat], fields)
    return tuple(players)


def _reshuffled(g: Game, e: ev.DeckReshuffled) -> Change:
    return {"deck": e.deck, "discard": NO_CARDS, "shuffles_used": e.shuffle + 1}, None


def _refilled(g: Game, e: ev.MarketRefilled) -> Change:
    market = list(g.market)
    cards = e.cards
    if len(e.slots) != len(cards):  # Speed: checked once, not by zip(strict=True)
        raise ValueError("a market refill names as many slots as cards")
    for i, slot in enumerate(e.slots):
        market[slot] = cards[i]
    return {"market": tuple(market), "deck": g.deck[len(cards):]}, None


def _reset(g: Game, e: ev.MarketReset) -> Change:
    discard = add(g.discard, counts_of(e.discarded))
    return {"market": (None,) * len(g.market), "discard": discard}, None


# The first action of a turn that is not a pass breaks a run of passes, hence the
# `passed` of nobody in the changes of those actions. The events of a player's own
# action (these, and a pass) also end their run of time-outs (`_acted`); the
# `tickets_kept` and `tunnel_declined` that may follow a time-out do not, and need
# not: a player's own keep or decline comes after their draw or tunnel attempt in
# the same turn, and at setup nobody has timed out yet.
_NOBODY: tuple[int, ...] = ()


def _acted(p: Player, fields: Changes) -> Changes:
    """`fields` of player `p`, who acted themselves: their run of time-outs is over."""
    if p.timeouts_in_a_row:
        fields["timeouts_in_a_row"] = 0
    return fields


def _drawn_blind(g: Game, e: ev.CardDrawnBlind) -> Change:
    p = g.players[e.seat]
    fields: Changes = {"hand": add_card(p.hand, e.card)}
    if p.timeouts_in_a_row:  # Speed: `_acted`, inline on the commonest events
        fields["timeouts_in_a_row"] = 0
    return ({"deck": g.deck[1:], "step": "second_card" if g.step == "start" else g.step,
             "passed": _NOBODY}, (e.seat, fields))


def _taken(g: Game, e: ev.CardTaken) -> Change:
    p = g.players[e.seat]
    market = list(g.market)
    market[e.slot] = None
    fields: Changes = {"hand": add_card(p.hand, e.card)}
    if p.timeouts_in_a_row:
        fields["timeouts_in_a_row"] = 0
    return ({"market": tuple(market), "step": "second_card" if g.step == "start" else g.step,
             "passed": _NOBODY}, (e.seat, fields))


def _claimed(g: Game, e: ev.RouteClaimed) -> Change:
    route = g.board.route_by_id[e.route]
    paid = counts_from_mapping(e.cards)
    p = g.players[e.seat]
    discard = add(g.discard, paid)
    if g.tunnel is not None:
        discard = add(discard, counts_of(g.tunnel.revealed))
    owners = list(g.owners)
    owners[route.index] = e.seat
    fields: Changes = {"hand": subtract(p.hand, paid), "trains": p.trains - route.length,
                       "routes": (*p.routes, route.index),
                       "route_points": p.route_points + e.points}
    if p.timeouts_in_a_row:  # Speed: `_acted`, inline
        fields["timeouts_in_a_row"] = 0
    return ({"discard": discard, "owners": tuple(owners),
             # Speed: the cached bit set follows the owners here, not recomputed from them
             "free_routes": g.free_routes & ~(1 << route.index),
             "tunnel": None, "passed": _NOBODY},
            (e.seat, fields))


def _tunnel_attempted(g: Game, e: ev.TunnelAttempted) -> Change:
    route = g.board.route_by_id[e.route]
    pending = PendingTunnel(route=route.index, cards=counts_from_mapping(e.cards),
                            color=e.color, revealed=(), extra_cards=0)
    p = g.players[e.seat]
    return ({"tunnel": pending, "step": "tunnel", "passed": _NOBODY},
            (e.seat, {"timeouts_in_a_row": 0}) if p.timeouts_in_a_row else None)


def _tunnel_revealed(g: Game, e: ev.TunnelCardsRevealed) -> Change:
    pending = g.tunnel
    assert pending is not None
    tunnel = changed(pending, revealed=pending.revealed + e.cards, extra_cards=e.extra_cards)
    return {"deck": g.deck[len(e.cards):], "tunnel": tunnel}, None


def _tunnel_declined(g: Game, e: ev.TunnelDeclined) -> Change:
    pending = g.tunnel
    assert pending is not None
    return ({"discard": add(g.discard, counts_of(pending.revealed)), "tunnel": None},
            (e.seat, {"declined_tunnels": g.players[e.seat].declined_tunnels + 1}))


def _tickets_drawn(g: Game, e: ev.TicketsDrawn) -> Change:
    return ({"ticket_deck": g.ticket_deck[e.count:], "step": "keep_tickets",
             "passed": _NOBODY},
            (e.seat, _acted(g.players[e.seat], {"pending_tickets": e.tickets})))


def _tickets_kept(g: Game, e: ev.TicketsKept) -> Change:
    changes: Changes = {}
    if e.returned_to == "bottom":
        changes["ticket_deck"] = g.ticket_deck + e.bottom_order
    elif e.returned_to == "setup_bottom":
        returns = g.setup_returns
        changes["setup_returns"] = returns[:e.seat] + (e.returned,) + returns[e.seat + 1:]
    if e.shuffle is not None:
        changes["shuffles_used"] = e.shuffle + 1
    # the game starts when every player has chosen (this one now has no tickets pending),
    # with the first player, or the next one still in if the first player has left
    if g.phase == "setup" and not any(
            q.pending_tickets for seat, q in enumerate(g.players) if seat != e.seat):
        first = g.first_player
        if g.players[first].out is not None:
            first = g.next_seat_in(first)[0]
        changes.update(phase="playing", current=first, step="start")
    return changes, (e.seat, {"tickets": g.players[e.seat].tickets + e.kept,
                              "pending_tickets": ()})


def _setup_returned(g: Game, e: ev.SetupTicketsReturned) -> Change:
    used = max(e.shuffles) + 1 if e.shuffles else g.shuffles_used
    return {"ticket_deck": g.ticket_deck + e.bottom_order,
            "setup_returns": ((),) * g.player_count, "shuffles_used": used}, None


def _station_built(g: Game, e: ev.StationBuilt) -> Change:
    paid = counts_from_mapping(e.cards)
    p = g.players[e.seat]
    owners = dict(g.station_owners)
    owners[e.city] = e.seat
    return ({"discard": add(g.discard, paid), "station_owners": owners,
             "passed": _NOBODY},
            (e.seat, _acted(p, {"hand": subtract(p.hand, paid),
                                "stations_left": p.stations_left - 1,
                                "stations": (*p.stations, e.city)})))


def _passed(g: Game, e: ev.Passed) -> Change:
    p = g.players[e.seat]
    passed = g.passed if e.seat in g.passed else (*g.passed, e.seat)
    return ({"passed": passed},
            (e.seat, {"timeouts_in_a_row": 0}) if p.timeouts_in_a_row else None)


def _turn_ended(g: Game, e: ev.TurnEnded) -> Change:
    changes: Changes = {"current": e.next_seat, "step": "start", "turns": g.turns + 1}
    owed = g.final_turns_owed
    if owed:
        changes["final_turns_owed"] = tuple(s for s in owed if s != e.seat)
    return changes, None


def _final_round(g: Game, e: ev.FinalRoundStarted) -> Change:
    return {"final_round_by": e.seat, "final_turns_owed": g.seats_in()}, None


def _ended(g: Game, e: ev.GameEnded) -> Change:
    return {"phase": "ended", "end_reason": e.reason}, None


def _seed_revealed(g: Game, e: ev.SeedRevealed) -> Change:
    return {}, None  # the state always held the seed


def _left(g: Game, seat: int, why: str) -> Change:
    """A player left: out for good, and owed no final turn any more."""
    changes: Changes = {}
    if seat in g.final_turns_owed:
        changes["final_turns_owed"] = tuple(s for s in g.final_turns_owed if s != seat)
    return changes, (seat, {"out": why})


def _resigned(g: Game, e: ev.PlayerResigned) -> Change:
    return _left(g, e.seat, "resigned")


def _dropped(g: Game, e: ev.PlayerDropped) -> Change:
    return _left(g, e.seat, "dropped")


def _timed_out(g: Game, e: ev.TurnTimedOut) -> Change:
    # not a pass: `passed` stays as it is (see `Game.passed`)
    return {}, (e.seat, {"timeouts_in_a_row": e.consecutive})


# each event's handler but `GameStarted`'s (`decide` uses them directly too)
CHANGES: dict[type[ev.Event], Callable[[Game, Any], Change]] = {
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
    ev.SeedRevealed: _seed_revealed,
    ev.PlayerResigned: _resigned,
    ev.PlayerDropped: _dropped,
    ev.TurnTimedOut: _timed_out,
}
