"""`decide(state, seat, command) -> events`: the rules, applied to one command.

`decide` either returns the events the command causes (a turn may cause several:
a draw refills the market, which may reshuffle the deck and reset the market, and
ends the turn) or raises `RuleViolation` and changes nothing. The events are built
against a working copy of the state (`_Turn.emit` evolves as it goes), so each
rule reads the state exactly as it is at that moment of the turn.

`decide_system(state, command)` is the same for the one command no player sends:
`TimeOut`, which the server sends when a turn's deadline passed. It has an entry
point of its own so that no player's request can ever reach it.

Leaving the game (`Resign`, or being dropped after time-outs) is handled here too:
the player's pending choice is settled the way that commits them to nothing new
(dealt or drawn tickets all kept, a pending tunnel declined), their turn ends, and
from then on turn order passes them over. Every `GameEnded` is followed by
`SeedRevealed` in the same call.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from domain import events as ev
from domain.cards import LOCO, LOCOMOTIVE, as_mapping, contains, expand, subtract
from domain.commands import (
    BuildStation,
    ClaimRoute,
    Command,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    Resign,
    TimeOut,
    check_shape,
)
from domain.evolve import CHANGES, evolve, players_changed
from domain.payment import (
    route_payment_error,
    station_cost,
    station_payment_error,
    tunnel_color,
    tunnel_payment_error,
)
from domain.shuffle import shuffled
from domain.state import FREE, Game, change_in_place, copy_with
from domain.violations import RuleViolation

TUNNEL_REVEAL = 3

# Speed: events are immutable values and these, the commonest, take only a few
# distinct values, so each is built once (a frozen dataclass costs microseconds).
_card_drawn_blind = cache(ev.CardDrawnBlind)
_card_taken = cache(ev.CardTaken)
_turn_ended = cache(ev.TurnEnded)


@cache
def _turn_passed_on(seat: int, next_seat: int) -> ev.TurnEnded:
    """A turn end that skips nobody (Speed: two arguments hash faster than three)."""
    return ev.TurnEnded(seat=seat, next_seat=next_seat, skipped=())


@cache
def _slot_refilled(slot: int, card: str) -> ev.MarketRefilled:
    """The refill of one slot."""
    return ev.MarketRefilled(slots=(slot,), cards=(card,))


class _Turn:
    """The events of one command, with the state they lead to."""

    __slots__ = ("game", "events", "own_copy", "owns_players")

    def __init__(self, game: Game, owned: bool = False) -> None:
        self.game = game
        self.events: list[ev.Event] = []
        # may `game` be changed in place (nobody else sees it)? and its players?
        self.own_copy = self.owns_players = owned

    def emit(self, event: ev.Event) -> None:
        """Record `event` and evolve the working state (as `evolve` does)."""
        self.events.append(event)
        game = self.game
        changes, player_change = CHANGES[type(event)](game, event)  # never GameStarted
        changes["version"] = game.version + 1
        # Speed: the state is copied for the first event only; the later ones change
        # that copy, which nothing outside this turn has seen yet (its players are
        # still shared with the state before, so a player is copied when it changes,
        # unless the caller of `execute_in_place` owns them too)
        if player_change is not None:
            if self.owns_players:  # (a player caches nothing that could go stale)
                game.players[player_change[0]].__dict__.update(player_change[1])
            else:
                changes["players"] = players_changed(game, player_change)
        if self.own_copy:
            change_in_place(game, changes)
        else:
            self.game = copy_with(game, changes)
            self.own_copy = True

    def reshuffle_if_empty(self) -> bool:
        """Shuffle the discard pile into a new deck when the deck is empty and cards exist."""
        g = self.game
        if g.deck or not any(g.discard):
            return bool(g.deck)
        number = g.shuffles_used
        deck = tuple(shuffled(g.seed, number, expand(g.discard)))
        self.emit(ev.DeckReshuffled(shuffle=number, size=len(deck), deck=deck))
        return True


def decide(game: Game, seat: int, command: Command) -> list[ev.Event]:
    """The events `command` by `seat` causes, or a raised `RuleViolation`."""
    return execute(game, seat, command)[0]


def execute(game: Game, seat: int, command: Command) -> tuple[list[ev.Event], Game]:
    """`decide`, and the state its events lead to (already computed while deciding)."""
    return _execute(game, seat, command, in_place=False)


def execute_in_place(game: Game, seat: int, command: Command) -> tuple[list[ev.Event], Game]:
    """`execute` for a caller that holds the only reference to `game` and to its players
    (no other state shares them) and gives them up: the events are applied to them in
    place, and `game` is returned.

    Speed: it saves copying the state (and a player) for each command: the random
    player's loop. Only for a legal command: a refused one may leave `game` half changed.
    """
    return _execute(game, seat, command, in_place=True)


def _execute(game: Game, seat: int, command: Command,
             in_place: bool) -> tuple[list[ev.Event], Game]:
    check_shape(command)
    if game.phase == "ended":
        raise RuleViolation("game_over")
    if not 0 <= seat < len(game.players):
        raise RuleViolation("not_your_turn", f"There is no seat {seat} in this game.")
    # Speed: the current player of a game in play is always still in, so the checks
    # for a player out and for a resignation (which any seat may send at any moment)
    # are made only off the usual path
    if game.phase == "setup" or seat != game.current:
        if game.players[seat].out is not None:
            raise RuleViolation("player_out", f"Seat {seat} has left the game "
                                f"({game.players[seat].out}).")
        if isinstance(command, Resign):
            return _resign(game, seat, in_place)
        if game.phase == "playing":
            raise RuleViolation("not_your_turn", f"It is seat {game.current}'s turn.")
        if not isinstance(command, KeepTickets):
            if isinstance(command, TimeOut):
                raise _system_only()
            raise RuleViolation("game_not_started",
                                "Every player first chooses which dealt tickets to keep.")
        turn = _Turn(game, in_place)
        _keep_tickets(turn, seat, command)
        return turn.events, turn.game
    handler = _BY_STEP[game.step].get(type(command))
    if handler is None:
        if isinstance(command, Resign):
            return _resign(game, seat, in_place)
        if isinstance(command, PayTunnel | DeclineTunnel):
            raise RuleViolation("no_pending_tunnel")
        if isinstance(command, TimeOut):
            raise _system_only()
        raise RuleViolation("wrong_step", _STEP_HELP[game.step])
    turn = _Turn(game, in_place)
    handler(turn, seat, command)
    return turn.events, turn.game


def _resign(game: Game, seat: int, in_place: bool) -> tuple[list[ev.Event], Game]:
    turn = _Turn(game, in_place)
    _leave(turn, seat, ev.PlayerResigned(seat=seat))
    return turn.events, turn.game


def _system_only() -> RuleViolation:
    return RuleViolation("unknown_command", "time_out is the system's command, not a player's.")


def decide_system(game: Game, command: TimeOut) -> list[ev.Event]:
    """The events of a system command (a `TimeOut`), or a raised `RuleViolation`.

    For each seat of the command, in the order given: `TurnTimedOut`; then, after
    `drop_after` time-outs in a row, `PlayerDropped` and the rest as a resignation;
    otherwise the seat's pending choice is settled as for a resignation (setup: every
    dealt ticket kept; play: a pending tunnel declined, drawn tickets all kept) and,
    in play, the turn ends. A time-out is not a pass. Several seats give the events
    of one `TimeOut` per seat in that order (they stop if the game ends).
    """
    return execute_system(game, command)[0]


def execute_system(game: Game, command: TimeOut) -> tuple[list[ev.Event], Game]:
    """`decide_system`, and the state its events lead to."""
    _check_time_out(game, command)
    turn = _Turn(game)
    for seat in command.seats:
        if turn.game.phase == "ended":
            break
        _time_out(turn, seat, command.deadline, command.drop_after)
    return turn.events, turn.game


def _check_time_out(game: Game, command: TimeOut) -> None:
    if not isinstance(command, TimeOut):
        raise RuleViolation("unknown_command", "The system command is time_out.")
    seats = command.seats
    if (not isinstance(seats, tuple) or not seats or len(set(seats)) != len(seats)
            or any(not isinstance(s, int) or isinstance(s, bool) for s in seats)):
        raise RuleViolation("malformed_command", "seats is a non-empty list of distinct seats.")
    if not isinstance(command.deadline, str) or not command.deadline:
        raise RuleViolation("malformed_command", "deadline is a non-empty ISO-8601 string.")
    drop = command.drop_after
    if drop is not None and (not isinstance(drop, int) or isinstance(drop, bool) or drop < 1):
        raise RuleViolation("malformed_command", "drop_after is None or a number from 1.")
    if game.phase == "ended":
        raise RuleViolation("game_over")
    for seat in seats:
        if not 0 <= seat < len(game.players):
            raise RuleViolation("not_due", f"There is no seat {seat} in this game.")
        if game.players[seat].out is not None:
            raise RuleViolation("player_out", f"Seat {seat} has left the game.")
        if game.phase == "setup" and not game.players[seat].pending_tickets:
            raise RuleViolation("not_due", f"Seat {seat} has already chosen its tickets.")
    if game.phase == "playing" and seats != (game.current,):
        raise RuleViolation("not_due", f"Only the current player, seat {game.current}, "
                            "can time out now.")


def _time_out(turn: _Turn, seat: int, deadline: str, drop_after: int | None) -> None:
    consecutive = turn.game.players[seat].timeouts_in_a_row + 1
    turn.emit(ev.TurnTimedOut(seat=seat, deadline=deadline, consecutive=consecutive))
    if drop_after is not None and consecutive >= drop_after:
        _leave(turn, seat, ev.PlayerDropped(seat=seat, timeouts=consecutive))
        return
    _settle_pending(turn, seat)


# -- leaving the game ------------------------------------------------------------------

def _leave(turn: _Turn, seat: int, left: ev.PlayerResigned | ev.PlayerDropped) -> None:
    """`seat` leaves: the event, their pending choice settled, their turn ended if it
    was theirs, and the end of the game if they leave one player (or a deadlock, or a
    final round with nobody owed a turn)."""
    turn.emit(left)
    _settle_pending(turn, seat)
    if turn.game.phase != "ended":
        _end_if_over(turn, seat_left=True)


def _settle_pending(turn: _Turn, seat: int) -> None:
    """Settle `seat`'s pending choice without a choice from them (resignation or
    time-out): keep every ticket offered, decline a pending tunnel; in play, their
    turn then ends. A first card already drawn stays: there is nothing to undo."""
    g = turn.game
    if g.phase == "setup":
        offered = g.players[seat].pending_tickets
        if offered:
            _keep_tickets(turn, seat, KeepTickets(offered))
        return
    if seat != g.current:
        return
    if g.step == "keep_tickets":
        _keep_tickets(turn, seat, KeepTickets(g.players[seat].pending_tickets))
    elif g.step == "tunnel":
        _decline_tunnel(turn, seat, DeclineTunnel())
    else:
        _end_turn(turn, seat)


# -- drawing train cards ---------------------------------------------------------------

def _draw_card(turn: _Turn, seat: int, command: DrawCard) -> None:
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
        _settle_market(turn)
        ends_draw = second or limited
    # Speed: a card in the deck is the usual answer of `can_draw_second_card`
    if ends_draw or not (turn.game.deck or can_draw_second_card(turn.game)):
        _end_turn(turn, seat)


def can_draw_second_card(g: Game) -> bool:
    """Ruling: if no card can legally be drawn second, the draw ends after one card."""
    if g.cards_to_draw():
        return True
    limit = g.rules.face_up_locomotive_limit
    return any(c is not None and not (limit and c == LOCOMOTIVE) for c in g.market)


# -- the market ------------------------------------------------------------------------

def _refill_market(turn: _Turn) -> None:
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


def _settle_market(turn: _Turn) -> None:
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
    turn = _Turn(evolve(None, started))
    _settle_market(turn)
    return turn.events


# -- claiming routes -------------------------------------------------------------------

def claim_error(g: Game, seat: int, route_id: str) -> RuleViolation | None:
    """Why `seat` may not claim `route_id` whatever it pays, or None."""
    route = g.board.route_by_id.get(route_id)
    if route is None:
        return RuleViolation("unknown_route", f"There is no route {route_id!r} on this map.")
    if g.owners[route.index] != FREE:
        return RuleViolation("route_taken", f"{route_id} belongs to seat {g.owners[route.index]}.")
    twin = g.board.twin[route.index]
    if twin is not None and g.owners[twin] != FREE:
        if g.owners[twin] == seat:
            return RuleViolation("double_route_own")
        if g.player_count < g.rules.double_routes_min_players:
            return RuleViolation(
                "double_route_closed",
                f"With fewer than {g.rules.double_routes_min_players} players only one "
                f"route of a double can be used, and {g.board.routes[twin].id} is claimed.")
    if g.players[seat].trains < route.length:
        return RuleViolation("not_enough_trains",
                             f"{route_id} needs {route.length} trains; "
                             f"{g.players[seat].trains} left.")
    return None


def _claim_route(turn: _Turn, seat: int, command: ClaimRoute) -> None:
    g = turn.game
    problem = claim_error(g, seat, command.route)
    if problem:
        raise problem
    route = g.board.route_by_id[command.route]
    if not contains(g.players[seat].hand, command.cards):
        raise RuleViolation("cards_not_held", "The player does not hold those cards.")
    error = route_payment_error(g.rules, route, command.cards)
    if error:
        raise RuleViolation(*error)
    if route.tunnel:
        _attempt_tunnel(turn, seat, route.id, command)
        return
    turn.emit(ev.RouteClaimed(seat=seat, route=route.id, cards=as_mapping(command.cards),
                              points=g.rules.route_points[route.length]))
    _settle_market(turn)
    _end_turn(turn, seat)


def _attempt_tunnel(turn: _Turn, seat: int, route_id: str, command: ClaimRoute) -> None:
    color = tunnel_color(command.cards)
    turn.emit(ev.TunnelAttempted(seat=seat, route=route_id, cards=as_mapping(command.cards),
                                 color=color))
    revealed: list[str] = []
    while len(revealed) < TUNNEL_REVEAL and turn.reshuffle_if_empty():
        g = turn.game
        cards = g.deck[:TUNNEL_REVEAL - len(revealed)]
        revealed.extend(cards)
        extra = sum(1 for c in revealed if c == LOCOMOTIVE or c == color)
        turn.emit(ev.TunnelCardsRevealed(seat=seat, cards=cards, extra_cards=extra))
    tunnel = turn.game.tunnel
    assert tunnel is not None
    if tunnel.extra_cards == 0:
        route = turn.game.board.route_by_id[route_id]
        turn.emit(ev.RouteClaimed(seat=seat, route=route_id, cards=as_mapping(command.cards),
                                  points=turn.game.rules.route_points[route.length]))
        _settle_market(turn)
        _end_turn(turn, seat)


def _pay_tunnel(turn: _Turn, seat: int, command: PayTunnel) -> None:
    g = turn.game
    tunnel = g.tunnel
    assert tunnel is not None
    error = tunnel_payment_error(tunnel.color, tunnel.extra_cards, command.cards)
    if error:
        raise RuleViolation("tunnel_payment_invalid", error)
    available = subtract(g.players[seat].hand, tunnel.cards)
    if not contains(available, command.cards):
        raise RuleViolation("cards_not_held",
                            "The extra cards must be held besides the cards laid down.")
    route = g.board.routes[tunnel.route]
    paid = tuple(a + b for a, b in zip(tunnel.cards, command.cards, strict=True))
    turn.emit(ev.RouteClaimed(seat=seat, route=route.id, cards=as_mapping(paid),
                              points=g.rules.route_points[route.length]))
    _settle_market(turn)
    _end_turn(turn, seat)


def _decline_tunnel(turn: _Turn, seat: int, command: DeclineTunnel) -> None:
    tunnel = turn.game.tunnel
    assert tunnel is not None
    turn.emit(ev.TunnelDeclined(seat=seat, route=turn.game.board.routes[tunnel.route].id))
    _settle_market(turn)
    _end_turn(turn, seat)


# -- destination tickets ---------------------------------------------------------------

def _draw_tickets(turn: _Turn, seat: int, command: DrawTickets) -> None:
    g = turn.game
    if not g.ticket_deck:
        raise RuleViolation("no_tickets_left")
    drawn = g.ticket_deck[:g.rules.draw_tickets]
    turn.emit(ev.TicketsDrawn(seat=seat, count=len(drawn), tickets=drawn))


def _keep_tickets(turn: _Turn, seat: int, command: KeepTickets) -> None:
    g = turn.game
    offered = g.players[seat].pending_tickets
    if not offered:
        raise RuleViolation("wrong_step", "This player has no tickets to choose from.")
    if len(set(command.tickets)) != len(command.tickets):
        raise RuleViolation("malformed_command", "A ticket is named twice.")
    for t in command.tickets:
        if t not in offered:
            code = "ticket_not_offered" if t in g.board.ticket_by_id else "unknown_ticket"
            raise RuleViolation(code, f"{t!r} is not among the tickets offered.")
    setup = g.phase == "setup"
    minimum = min(g.rules.setup_keep_at_least if setup else g.rules.draw_keep_at_least,
                  len(offered))
    if len(command.tickets) < minimum:
        raise RuleViolation("keep_too_few", f"Keep at least {minimum} of the tickets offered.")
    kept = tuple(t for t in offered if t in command.tickets)
    returned = tuple(t for t in offered if t not in command.tickets)
    where: str = g.rules.setup_returned_to if setup else g.rules.draw_returned_to
    shuffle: int | None = None
    order: tuple[str, ...] = ()
    if where == "bottom" and setup:
        where = "setup_bottom"
    elif where == "bottom" and returned:
        shuffle = g.shuffles_used
        order = tuple(shuffled(g.seed, shuffle, returned))
    turn.emit(ev.TicketsKept(seat=seat, kept=kept, returned=returned, kept_count=len(kept),
                             returned_count=len(returned), returned_to=where, shuffle=shuffle,
                             bottom_order=order))
    if setup:
        g = turn.game
        if g.phase == "playing" and any(g.setup_returns):
            numbers: list[int] = []
            bottom: list[str] = []
            for batch in g.setup_returns:  # batches in seat order, one shuffle each
                if batch:
                    number = g.shuffles_used + len(numbers)
                    numbers.append(number)
                    bottom.extend(shuffled(g.seed, number, batch))
            turn.emit(ev.SetupTicketsReturned(shuffles=tuple(numbers), count=len(bottom),
                                              bottom_order=tuple(bottom)))
        return
    _end_turn(turn, seat)


# -- stations --------------------------------------------------------------------------

def _build_station(turn: _Turn, seat: int, command: BuildStation) -> None:
    g = turn.game
    if not g.rules.has_stations:
        raise RuleViolation("stations_not_in_map")
    player = g.players[seat]
    if player.stations_left <= 0:
        raise RuleViolation("no_stations_left")
    if command.city not in g.board.city_index:
        raise RuleViolation("unknown_city", f"There is no city {command.city!r} on this map.")
    if command.city in g.station_owners:
        raise RuleViolation("city_has_station",
                            f"{command.city} already has seat "
                            f"{g.station_owners[command.city]}'s station.")
    if not contains(player.hand, command.cards):
        raise RuleViolation("cards_not_held")
    error = station_payment_error(station_cost(g.rules, player.stations_left), command.cards)
    if error:
        raise RuleViolation("station_payment_invalid", error)
    turn.emit(ev.StationBuilt(seat=seat, city=command.city, cards=as_mapping(command.cards)))
    _settle_market(turn)
    _end_turn(turn, seat)


# -- passing and the end of a turn -----------------------------------------------------

def _pass(turn: _Turn, seat: int, command: Pass) -> None:
    from domain.moves import has_action_other_than_pass

    if has_action_other_than_pass(turn.game, seat):
        raise RuleViolation("pass_not_allowed")
    turn.emit(ev.Passed(seat=seat))
    _end_turn(turn, seat)


def _end_turn(turn: _Turn, seat: int) -> None:
    """The turn of `seat` ends: the next player still in plays; or the game ends."""
    g = turn.game
    players = g.players
    following = seat + 1 if seat + 1 < len(players) else 0
    if players[following].out is None:  # Speed: the usual case, inline
        turn.emit(_turn_passed_on(seat, following))
    else:
        turn.emit(_turn_ended(seat, *g.next_seat_in(seat)))
    g = turn.game
    player = g.players[seat]
    if player.out is not None:  # the player is leaving: `_leave` checks the end
        return
    # Speed: only a final round or a run of passes can end the game after a turn
    if (g.final_round_by is not None or g.passed) and _end_if_over(turn, seat_left=False):
        return
    if g.final_round_by is None and player.trains <= g.rules.end_trigger_trains:
        turn.emit(ev.FinalRoundStarted(seat=seat, trains=player.trains))


def _end_if_over(turn: _Turn, seat_left: bool) -> bool:
    """End the game if it is over (after a turn, or when a player left): one player
    still in (checked first), nobody owed a final turn, or a round of passes by every
    player still in. Returns whether it ended."""
    g = turn.game
    if seat_left and len(g.seats_in()) <= 1:
        reason = "last_player"
    elif g.final_round_by is not None and not g.final_turns_owed:
        reason = "final_round"
    elif g.passed and set(g.passed).issuperset(g.seats_in()):
        reason = "deadlock"
    else:
        return False
    turn.emit(ev.GameEnded(reason=reason))
    turn.emit(ev.SeedRevealed(seed=turn.game.seed.hex()))
    return True


_BY_STEP: dict[str, dict[type, Callable[[_Turn, int, Any], None]]] = {
    "start": {DrawCard: _draw_card, ClaimRoute: _claim_route, DrawTickets: _draw_tickets,
              BuildStation: _build_station, Pass: _pass},
    "second_card": {DrawCard: _draw_card},
    "keep_tickets": {KeepTickets: _keep_tickets},
    "tunnel": {PayTunnel: _pay_tunnel, DeclineTunnel: _decline_tunnel},
}
_STEP_HELP = {
    "start": "A turn starts with draw_card, claim_route, draw_tickets, build_station or pass.",
    "second_card": "The draw is not over: draw a second card (draw_card).",
    "keep_tickets": "Choose which of the drawn tickets to keep (keep_tickets).",
    "tunnel": "Pay the tunnel's extra cards (pay_tunnel) or decline it (decline_tunnel).",
}

