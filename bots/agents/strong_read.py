"""What the strong agent reads off its view before each choice: its weighted plan,
the cards the plan still lacks, and how many turns the game probably has left."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from bots.network import Weights, steiner
from bots.plan import Plan, colour_needs, make_plan, missing_cards, weights_for
from bots.view import SeatView
from domain.board import GRAY, Route
from domain.cards import COLORS, KIND_INDEX, LOCO
from domain.rules import Rules

# trains per turn assumed of a player who has claimed little so far
SLOWEST_RATE = 0.9
# an opponent's hand: the share of it that fits its claims, the trains a claim takes,
# and how much slower than its best it plays
USABLE_HAND = 0.8
CLAIM_TRAINS = 3.5
HAND_SLACK = 1.3
NO_OPPONENT_TURNS = 50.0
# the hand above which a colour the plan lacks makes its routes dearer, by so much a
# card per card held beyond it, up to a ceiling
EASY_HAND = 8
LACK_COST_PER_CARD = 0.1
LACK_COST_MAX = 2.0
NO_DETOUR = 30.0
# a claim costs a turn of its own, and long routes score more per train
CLAIM_OVERHEAD = 3.0
POINTS_DISCOUNT = 0.35


def route_weight(rules: Rules, hand: Sequence[int]) -> WeightOf:
    return WeightOf(rules, tuple(hand), lack_cost(sum(hand)))


def lack_cost(held: int) -> float:
    """What each card a route lacks adds to its weight, for a hand of `held` cards:
    nothing for a small hand (whatever comes is of use), more as the hand grows (a
    big hand still short of a colour has been drawing for it in vain: the plan
    should turn to routes it can pay for)."""
    return min(LACK_COST_MAX, max(0.0, LACK_COST_PER_CARD * (held - EASY_HAND)))


@dataclass(frozen=True, slots=True)
class WeightOf:
    """A route's weight for the strong agent: its trains, plus the risk of a tunnel's
    extra cards, the scarce locomotives of a ferry, Nordic's any-cards route; minus a
    little for cards of its colour already in hand."""

    rules: Rules
    hand: tuple[int, ...]
    lack_cost: float = 0.0

    def __call__(self, route: Route) -> float:
        w = (route.length + CLAIM_OVERHEAD
             - POINTS_DISCOUNT * self.rules.route_points[route.length])
        if route.tunnel:
            w += 0.5 + 0.25 * route.length
        if route.locomotives:
            w += route.locomotives * (1.5 if self.rules.ferry_substitute_cards else 1.0)
        group = self.rules.any_cards_routes.get(route.id)
        if group:
            w += route.length * (group - 1)
        if route.color == GRAY:
            held = max(self.hand[:len(COLORS)])
        else:
            held = self.hand[KIND_INDEX[route.color]]
        coloured = route.length - route.locomotives
        w -= 0.25 * min(held, coloured)
        lack = max(0, coloured - held - self.hand[LOCO])
        return w + self.lack_cost * lack


class Reading:
    """The strong agent's reading of one view (computed lazily, once)."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.board = view.board
        self.rules = view.rules

    @cached_property
    def weights(self) -> list[float | None]:
        return weights_for(self.view, route_weight(self.rules, self.view.hand))

    @cached_property
    def plan(self) -> Plan:
        return make_plan(self.view, self.view.tickets, self.weights)

    @cached_property
    def plan_routes(self) -> list[Route]:
        return [self.board.routes[i] for i in self.plan.routes]

    @cached_property
    def need(self) -> list[int]:
        return colour_needs(self.rules, self.plan_routes, self.view.hand)

    @cached_property
    def short(self) -> list[int]:
        return [max(0, n - h) for n, h in zip(self.need, self.view.hand, strict=True)]

    @cached_property
    def turns_left(self) -> float:
        """Our turns until the game ends, counting this one: the soonest any other
        player can bring the end on (`turns_to_end`)."""
        view = self.view
        if view.final_round_by is not None:
            return 1.0
        others = [turns_to_end(self.rules, view, s) for s in view.opponents()]
        return (min(others) if others else NO_OPPONENT_TURNS) + 1.0

    def turns_needed(self, routes: Sequence[Route]) -> float:
        """Turns to draw the missing cards (two a turn) and claim each route."""
        return missing_cards(self.rules, routes, self.view.hand) / 2.0 + len(routes)

    def detour(self, route: int) -> float:
        """How much dearer the plan gets if someone else takes `route` (how contested
        a bottleneck it is)."""
        pairs = [(self.board.ticket_by_id[t].a, self.board.ticket_by_id[t].b)
                 for t in self.plan.pursued]
        blocked: list[float | None] = list(self.weights)
        blocked[route] = None
        twin = self.board.twin[route]
        if twin is not None and len(self.view.players) < self.rules.double_routes_min_players:
            blocked[twin] = None
        cost, _, unreachable = steiner(self.board, blocked, pairs)
        if unreachable:
            return NO_DETOUR
        return min(NO_DETOUR, cost - self.plan.cost)


def turns_to_end(rules: Rules, view: SeatView, seat: int) -> float:
    """The turns `seat` probably takes to bring its trains down to the end trigger:
    at its pace so far, or sooner if the cards it holds would let it claim faster
    (a player sitting on a full hand can spend its trains in a few turns)."""
    p = view.players[seat]
    to_spend = max(0, p.trains - rules.end_trigger_trains)
    played = max(1.0, view.turns / max(1, len(view.opponents()) + 1))
    rate = max((rules.trains - p.trains) / played, SLOWEST_RATE)
    at_pace = to_spend / rate
    # the cards it lacks come two a turn, and each claim is a turn of its own
    lacking = max(0.0, to_spend - USABLE_HAND * p.hand_size)
    with_hand = lacking / 2.0 + to_spend / CLAIM_TRAINS
    return min(at_pace, HAND_SLACK * with_hand)


def plan_with(view: SeatView, weights: Weights, tickets: Sequence[str]) -> Plan:
    """The plan for `tickets` with no train budget (to judge tickets offered)."""
    return make_plan(view, tickets, weights, trains=10 ** 6)


def wants_locomotive(reading: Reading) -> bool:
    """Is a face-up locomotive worth its draw? Where it is one card like any other
    (Nordic), when the plan's tunnels or ferries need some; elsewhere (it is the
    whole draw) when the plan lacks cards of several kinds."""
    short = reading.short
    if not reading.rules.face_up_locomotive_limit:
        return short[LOCO] > 0 or any(r.tunnel for r in reading.plan_routes)
    return short[LOCO] > 0 or sum(short) >= 3
