"""Whether a route is open to a seat at all, whatever it pays.

One check for both sides of a claim: `decide` refuses a claim with its violation,
and the legal-move listing lists no claim of a route it refuses.
"""

from __future__ import annotations

from domain.state import FREE, Game
from domain.violations import RuleViolation


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
