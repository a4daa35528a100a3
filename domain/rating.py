"""Ratings: what a scored game says about its players' skill on its map.

A rating is a projection of the log: `result_of` reads a scored game's table events
(`game_created`, the seats, `game_scored`) and `rate` turns the players' skills
before the game into their skills after it. Both are pure, so replaying the same
games in the same order (the order their `game_scored` events reached the log) gives
the same figures to the last bit.

The model is openskill's Plackett–Luce (a Bayesian rating for free-for-all games of
any number of players, with shared places): each player has a skill `mu` and an
uncertainty `sigma`; the displayed rating is the conservative `mu − 3·sigma`.
Places are the final ranking's (`game_scored`'s `rank`: the total, then the map's
tie-breakers, players equal on everything sharing a place; players who left rank
last). A rating is provisional for a player's first `PROVISIONAL_GAMES` rated games
on a map.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from domain.events import Event
from domain.table import GameCreated, GameScored, replay_table

PROVISIONAL_GAMES = 5

_MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
    """A player's skill on one map after `games` rated games there."""
    mu: float
    sigma: float
    games: int = 0

    @property
    def rating(self) -> float:
        """The displayed rating: a skill the player has with high confidence."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


NEW_PLAYER = Skill(mu=_MODEL.mu, sigma=_MODEL.sigma, games=0)


@dataclass(frozen=True, slots=True)
class Finisher:
    """One player's place and public figures in a scored game."""
    user_id: str
    name: str
    seat: int
    rank: int
    winner: bool
    out: bool
    total: int
    tickets_kept: int
    tickets_completed: int
    longest_path_bonus: bool
    routes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """A scored game as the ratings and the profiles see it."""
    map: str
    rated: bool
    finishers: tuple[Finisher, ...]

    @property
    def counts(self) -> bool:
        """Whether the game moves ratings: rated, and at least two players."""
        return self.rated and len(self.finishers) >= 2


def result_of(events: Sequence[Event]) -> Result:
    """The result of the scored game whose table events (at least `game_created`, the
    seats and `game_scored`, in order; the game's own events may be left out) are
    `events`."""
    if not events or not isinstance(events[0], GameCreated):
        raise ValueError("a game's events start with game_created")
    scored = events[-1]
    if not isinstance(scored, GameScored):
        raise ValueError("the game is not scored")
    table = replay_table(events)
    finishers = []
    for entry in scored.players:
        seat = int(entry["seat"])
        tickets = entry["tickets"]
        finishers.append(Finisher(
            user_id=table.seats[seat].user_id, name=table.seats[seat].name, seat=seat,
            rank=int(entry["rank"]), winner=bool(entry["winner"]), out=bool(entry["out"]),
            total=int(entry["score"]["total"]), tickets_kept=len(tickets),
            tickets_completed=sum(1 for t in tickets if t["completed"]),
            longest_path_bonus=int(entry["score"]["longest_path"]) > 0,
            routes=tuple(entry["routes"])))
    return Result(map=table.map, rated=table.rated, finishers=tuple(finishers))


def rate(result: Result, before: Mapping[str, Skill]) -> dict[str, Skill]:
    """Each player's skill after `result`, from their skill before it (`before`; a
    player missing there is new: `NEW_PLAYER`). A game that does not count changes
    nobody's."""
    prior = [before.get(f.user_id, NEW_PLAYER) for f in result.finishers]
    if not result.counts:
        return {f.user_id: p for f, p in zip(result.finishers, prior, strict=True)}
    teams = [[_MODEL.rating(mu=p.mu, sigma=p.sigma)] for p in prior]
    after = _MODEL.rate(teams, ranks=[float(f.rank) for f in result.finishers])
    return {f.user_id: Skill(mu=float(team[0].mu), sigma=float(team[0].sigma),
                             games=p.games + 1)
            for f, p, team in zip(result.finishers, prior, after, strict=True)}
