"""Quick match, as a player asks for it: the rules a request must keep, and what the
player sees of it.

A request names a map or any, a number of players (a range), rated or not, and its
pace: a live game's seconds per turn, a correspondence game's days, or no limit. What
can never be paired is refused at once with the rule it breaks (`Problem` codes
``match_players``, ``match_pace``, ``match_turn_time``); so is a second request while
one waits (``match_waiting``, 409: one at a time, so that no player is seated twice).
The pairing and the games it opens are `referee.quick_match`'s; a look at a waiting
request pairs again (ratings' windows widen as requests wait) and one at a matched
request whose game is missing opens it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from domain.maps import rules_for
from events.accounts import User
from events.matches import CANCELLED, MATCHED, WAITING, AlreadyWaiting, MatchRequest
from events.ports import Store
from referee import quick_match
from referee.referee import Referee
from service.auth import new_id
from service.problems import Problem

STATES = (WAITING, MATCHED, CANCELLED)
MAX_DAYS_PER_TURN = 14
MAX_BOT_WAIT = 3600  # seconds a player may wait before bots take the seats


def ask(referee: Referee, user: User, body: dict[str, Any], now: datetime,
        min_turn_time_limit: int) -> MatchRequest:
    """Store the player's request and pair it; the request as it now stands."""
    request = _request(referee.ctx.store, user, body, now, min_turn_time_limit)
    try:
        quick_match.request_match(referee, request)
    except AlreadyWaiting as waiting:
        raise Problem("match-waiting", "You have a quick-match request waiting already: "
                      "cancel it before asking for another.", code="match_waiting",
                      rule="One waiting request per player.",
                      request_id=waiting.request_id) from None
    return _mine(referee.ctx.store, user, request.request_id)


def look(referee: Referee, user: User, request_id: str) -> MatchRequest:
    """The player's request (404 for anyone else's), paired again if it waits."""
    store = referee.ctx.store
    request = _mine(store, user, request_id)
    if request.state == WAITING:
        quick_match.pair_again(referee, referee.ctx.clock())
        request = _mine(store, user, request_id)
    if request.state == MATCHED:
        quick_match.open_game_of(referee, request)
    return request


def cancel(store: Store, user: User, request_id: str) -> MatchRequest:
    """Cancel the player's request if it still waits; as it now is (a matched one
    stays matched: the game has started)."""
    request = store.cancel_match(user.user_id, request_id)
    if request is None:
        raise Problem("not-found", "You have no such quick-match request.")
    return request


def _mine(store: Store, user: User, request_id: str) -> MatchRequest:
    request = store.match_request(request_id)
    if request is None or request.user_id != user.user_id:
        raise Problem("not-found", "You have no such quick-match request.")
    return request


def _request(store: Store, user: User, body: dict[str, Any], now: datetime,
             min_turn_time_limit: int) -> MatchRequest:
    map_name: str | None = body["map"]
    low: int = body["min_players"]
    high: int = body["max_players"] or low
    _check_players(map_name, low, high)
    limit = _turn_time_limit(body, min_turn_time_limit)
    rating = None
    if map_name is not None:
        entry = store.board_entry(map_name, user.user_id, min_games=0)
        rating = None if entry is None else entry.rating
    bots_after = body["bots_after"]
    return MatchRequest(
        new_id("q_"), user.user_id, body.get("name") or user.name, map_name, low, high,
        body["rated"], limit, now, rating=rating,
        bot_level=None if bots_after is None else body["bot_level"],
        bots_at=None if bots_after is None else now + timedelta(seconds=bots_after))


def _refuse(code: str, rule: str) -> Problem:
    return Problem("rule-violation", rule, code=code, rule=rule)


def _check_players(map_name: str | None, low: int, high: int) -> None:
    if low > high:
        raise _refuse("match_players", "min_players is at most max_players.")
    if map_name is not None:
        rules = rules_for(map_name)
        if not (rules.min_players <= low and high <= rules.max_players):
            raise _refuse("match_players", f"{map_name} is played by {rules.min_players} "
                          f"to {rules.max_players} players.")


def _turn_time_limit(body: dict[str, Any], least: int) -> int | None:
    seconds, days = body["turn_time_limit"], body["days_per_turn"]
    if seconds is not None and days is not None:
        raise _refuse("match_pace", "A game is live (turn_time_limit) or correspondence "
                      "(days_per_turn), not both.")
    if days is not None:
        return int(days) * 86400
    if seconds is not None and seconds < least:
        raise _refuse("match_turn_time", f"turn_time_limit is at least {least} seconds "
                      "on this server.")
    return None if seconds is None else int(seconds)
