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

Whose results move whose rating is `domain.rating_rules`' verdict: `rate` moves each
player against the opponents that count for them, as if the others had not played.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from domain.events import Event
from domain.rating_rules import SeatPlay, seat_plays
from domain.table import GameCreated, GameScored, SeatLeft, SeatTaken, replay_table

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
    bot: bool = False
    play: SeatPlay = field(default_factory=SeatPlay)  # how they took part (the rules')


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
    """The result of the scored game whose events (at least `game_created`, the seats,
    `domain.rating_rules.PLAY_EVENTS` and `game_scored`, in order; the others may be
    left out) are `events`."""
    if not events or not isinstance(events[0], GameCreated):
        raise ValueError("a game's events start with game_created")
    scored = events[-1]
    if not isinstance(scored, GameScored):
        raise ValueError("the game is not scored")
    # the seats as they were taken: a stand-in bot's game is its player's
    table = replay_table(e for e in events if isinstance(e, _SEATING))
    plays = seat_plays(events, len(scored.players))
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
            routes=tuple(entry["routes"]), bot=table.seats[seat].bot is not None,
            play=plays[seat]))
    return Result(map=table.map, rated=table.rated, finishers=tuple(finishers))


def rate(result: Result, before: Mapping[str, Skill],
         against: Mapping[str, Collection[str]] | None = None) -> dict[str, Skill]:
    """Each player's skill after `result`, from their skill before it (`before`; a
    player missing there is new: `NEW_PLAYER`). `against`: for each player, the
    opponents whose results move their rating (`domain.rating_rules.Verdict.against`;
    None: all of them); a player with none keeps their skill, and a game that does not
    count changes nobody's."""
    prior = {f.user_id: before.get(f.user_id, NEW_PLAYER) for f in result.finishers}
    if not result.counts:
        return prior
    everyone = [f.user_id for f in result.finishers]
    rated: dict[frozenset[str], dict[str, Skill]] = {}  # one rating per set of players
    after = dict(prior)
    for me in everyone:
        opponents = set(everyone if against is None else against.get(me, ())) - {me}
        if not opponents:
            continue
        members = frozenset({me, *opponents})
        if members not in rated:
            rated[members] = _rate_among(result, prior, members)
        after[me] = rated[members][me]
    return after


def _rate_among(result: Result, prior: Mapping[str, Skill],
                members: frozenset[str]) -> dict[str, Skill]:
    """Plackett–Luce over the places of `members` alone, in seat order."""
    players = [f for f in result.finishers if f.user_id in members]
    teams = [[_MODEL.rating(mu=prior[f.user_id].mu, sigma=prior[f.user_id].sigma)]
             for f in players]
    after = _MODEL.rate(teams, ranks=[float(f.rank) for f in players])
    return {f.user_id: Skill(mu=float(team[0].mu), sigma=float(team[0].sigma),
                             games=prior[f.user_id].games + 1)
            for f, team in zip(players, after, strict=True)}


_SEATING = (GameCreated, SeatTaken, SeatLeft, GameScored)
