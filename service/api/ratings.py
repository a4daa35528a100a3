"""Leaderboards, public profiles and a player's finished games: reads of the ratings
projection (`events.ratings`), public to everyone. A profile shows finished games
only, and only what the scores made public; a private game only to those it shows
itself to (its players, its creator, the operator: `events.onlookers`)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from domain.maps import map_names
from events.clock import iso
from events.onlookers import ANONYMOUS, OPERATOR, Onlooker
from events.ratings_read import BoardEntry, MapStats
from service.api.common import PUBLIC_READ, Blueprint, change_view, doc, json_response, problems
from service.auth import bearer_token, current_user, optional_user
from service.problems import Problem
from service.replica_reads import from_replica, known
from service.schemas.ratings import (
    LeaderboardArgsSchema,
    LeaderboardSchema,
    PlayerGamesArgsSchema,
    PlayerGamesSchema,
    ProfileSchema,
)
from service.services import services

blp = Blueprint("ratings", __name__, url_prefix="/v1",
                description="Ratings, leaderboards and players' public profiles.")


def _storable(text: str) -> bool:
    """No stored id holds a NUL (which PostgreSQL's text cannot)."""
    return "\x00" not in text


def onlooker() -> Onlooker:
    """Who asks: the token's user, the operator (the administrator token), or nobody."""
    user = optional_user()
    if user is not None:
        return Onlooker(user.user_id)
    return OPERATOR if services().accounts.is_admin(bearer_token()) else ANONYMOUS


def entry_view(entry: BoardEntry) -> dict[str, Any]:
    return {"rank": entry.rank, "user_id": entry.user_id, "name": entry.name,
            "bot": entry.bot, "rating": entry.rating, "mu": entry.mu, "sigma": entry.sigma,
            "games": entry.games, "provisional": entry.provisional}


@blp.route("/leaderboards/<map_name>")
class Leaderboard(MethodView):
    @blp.arguments(LeaderboardArgsSchema(), location="query", error_status_code=400)
    @blp.response(200, LeaderboardSchema)
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=PUBLIC_READ)
    def get(self, args: dict[str, Any], map_name: str) -> Any:
        """A map's leaderboard, best rating first (bots on a board of their own)

        Only players with a minimum of rated games on the map are shown and ranked
        (`TTR_LEADERBOARD_MIN_GAMES`, 5 by default). `me=true` (with a token) adds the
        caller's own entry and rank.
        """
        if map_name not in map_names():
            raise Problem("not-found", f"There is no map {map_name!r}.")
        s = services()
        store, least = s.store, s.http.leaderboard_min_games
        with from_replica():
            total, entries = store.leaderboard(map_name, args["bots"], args["offset"],
                                               args["limit"], min_games=least)
        body: dict[str, Any] = {"map": map_name, "bots": args["bots"], "total": total,
                                "offset": args["offset"], "limit": args["limit"],
                                "entries": [entry_view(e) for e in entries]}
        if args["me"]:
            user_id = current_user().user_id
            with from_replica():
                mine = store.board_entry(map_name, user_id, min_games=least)
            body["me"] = entry_view(mine) if mine is not None else None
        return json_response(body)


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def stats_view(stats: MapStats) -> dict[str, Any]:
    return {"map": stats.map, "games": stats.games, "wins": stats.wins,
            "mean_score": _rate(stats.total_score, stats.games),
            "ticket_completion_rate": _rate(stats.tickets_completed, stats.tickets_kept),
            "longest_path_bonuses": stats.longest_path_bonuses}


@blp.route("/users/<user_id>")
class UserProfile(MethodView):
    @blp.response(200, ProfileSchema)
    @problems(blp, "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=PUBLIC_READ)
    def get(self, user_id: str) -> Any:
        """A player's public profile: ratings per map, results and habits

        The results and habits (games, wins, scores, tickets, routes) count the games
        you may see: a private game counts only for its players, its creator and the
        operator. A rating, and its number of rated games, is one figure for every
        reader and counts every rated game, private ones included.
        """
        s = services()
        profile = None
        if _storable(user_id):
            reader = onlooker()
            profile = known(lambda: s.store.profile(user_id, reader,
                                                    min_games=s.http.leaderboard_min_games))
        if profile is None:
            raise Problem("not-found", "There is no such user.")
        stats = profile.stats

        def total(name: str) -> int:
            return sum(int(getattr(s, name)) for s in stats)

        return json_response({
            "id": profile.user_id, "name": profile.name, "bot": profile.bot,
            "created_at": iso(profile.created_at),
            "ratings": [{"map": e.map, **entry_view(e)} for e in profile.ratings],
            "games_played": total("games"), "wins": total("wins"),
            "mean_score": _rate(total("total_score"), total("games")),
            "ticket_completion_rate": _rate(total("tickets_completed"),
                                            total("tickets_kept")),
            "longest_path_bonuses": total("longest_path_bonuses"),
            "most_claimed_routes": [{"route": r, "claims": n} for r, n in profile.routes],
            "maps": [stats_view(s) for s in stats],
        })


@blp.route("/users/<user_id>/games")
class PlayerGames(MethodView):
    @blp.arguments(PlayerGamesArgsSchema(), location="query", error_status_code=400)
    @blp.response(200, PlayerGamesSchema)
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=PUBLIC_READ)
    def get(self, args: dict[str, Any], user_id: str) -> Any:
        """A player's finished games, latest first (filters: map, result, opponent)

        Only the games you may see: a private game is listed only to its players, its
        creator and the operator.
        """
        store = services().store
        if not _storable(user_id) or known(lambda: store.profile(user_id)) is None:
            raise Problem("not-found", "There is no such user.")
        reader = onlooker()
        result = args.get("result")
        with from_replica():
            rows = store.results_of_player(
                user_id, map_name=args.get("map"),
                won=None if result is None else result == "won",
                opponent=args.get("opponent"), before=args.get("before"),
                limit=args["limit"], onlooker=reader)
            lines = store.results_of_games([r.game_id for r in rows])
        games = []
        for row in rows:
            players = [change_view(p) for p in lines[row.game_id]]
            mine = next(p for p in players if p["user_id"] == user_id)
            games.append({"game_id": row.game_id, "map": row.map,
                          "finished_at": iso(row.finished_at), "rank": row.rank,
                          "winner": row.winner, "score": row.total, "rated": mine["rated"],
                          "change": mine["change"], "players": players})
        more = len(rows) == args["limit"]
        return json_response({"games": games,
                              "next_before": rows[-1].position if more else None})
