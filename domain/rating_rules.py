"""When a scored game moves ratings, and whose results move whose: the rules that keep
ratings from being farmed (docs/ratings.md says them in words).

A second account that resigns at once, or a friend who loses on purpose again and
again, must not lift anybody's rating. So, from facts the log holds, `judge` decides
for each player of a scored game which opponents' results move their rating:

- **Early exit** — a player who resigned, or whose turns timed out, and who played
  fewer than `MIN_OWN_TURNS` turns of their own: the game is unrated for everyone.
- **Repeat pairs** — two people who have already played `REPEATS_RATED` games rated for
  both within `REPEAT_WINDOW` before this one no longer move each other's rating
  (a two-player game between them is then unrated).
- **Newcomers** — a player with fewer than `ESTABLISHED_GAMES` rated games on the map
  does not move the rating of an opponent who has that many. Between two newcomers
  both count, or nobody could ever start.

Bots' games count like anyone's. A bot plays its own moves on the server: nobody can
make it lose on purpose, so a pair with a bot in it is not limited by the repeat
rule; the early-exit and newcomer rules hold for bots as for people.

Every rule is all or nothing for a pair of players (a weight of 1 or 0): a player's
rating moves against the opponents that count for them, as if the others had not been
at the table (`domain.rating.rate`). Pure: the ratings job and `ttr ratings rebuild`
judge the same facts alike, so history and live agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from domain.events import (
    Event,
    PlayerDropped,
    PlayerResigned,
    TicketsKept,
    TurnEnded,
    TurnTimedOut,
)
from domain.stand_ins import PlayerReturned, StandInSeated

MIN_OWN_TURNS = 5  # turns of their own a player who resigns or times out must have played
REPEAT_WINDOW = timedelta(days=1)  # the period the repeat rule looks back over
REPEATS_RATED = 3  # games a pair may play within the window that rate them against each other
ESTABLISHED_GAMES = 5  # rated games on a map after which newcomers no longer move you
LEADERBOARD_MIN_GAMES = 5  # rated games on a map before a player is shown on its board

# the game's own events `seat_plays` reads (beside the table's)
PLAY_EVENTS = ("turn_ended", "turn_timed_out", "player_resigned", "player_dropped",
               "tickets_kept", "stand_in_seated", "player_returned")

Reason = Literal["unrated_table", "solo", "early_resignation", "early_timeout",
                 "repeat_opponents", "new_opponents"]
REASONS: tuple[Reason, ...] = ("unrated_table", "solo", "early_resignation", "early_timeout",
                               "repeat_opponents", "new_opponents")


@dataclass(frozen=True, slots=True)
class SeatPlay:
    """How one seat's player took part: the turns they played themselves (a turn ended
    by the clock, or by their leaving, is not theirs; nor a stand-in bot's), and whether
    they resigned or had a turn time out."""
    own_turns: int = 0
    resigned: bool = False
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class Contender:
    """A player as the rules see them: who, a bot or not, how they played this game, and
    their rated games on its map before it."""
    user_id: str
    bot: bool
    play: SeatPlay
    games: int


@dataclass(frozen=True, slots=True)
class Verdict:
    """For each player, the opponents whose results move their rating (none: the game
    is unrated for them) and, when it is unrated for them, why."""
    against: Mapping[str, frozenset[str]]
    reasons: Mapping[str, Reason | None]

    def rated(self, user_id: str) -> bool:
        return bool(self.against.get(user_id))


def pair(a: str, b: str) -> frozenset[str]:
    """The key of two players in `recent_pairs` (the order does not matter)."""
    return frozenset((a, b))


def seat_plays(events: Iterable[Event], seats: int) -> tuple[SeatPlay, ...]:
    """How each of the `seats` players took part in the game of `events` (at least the
    `PLAY_EVENTS` among them, in order; others are passed over)."""
    own = [0] * seats
    resigned = [False] * seats
    timed_out = [False] * seats
    away = [False] * seats  # left the game, or a stand-in bot holds the seat
    spoiled: set[int] = set()  # seats whose current turn the clock or their leaving ended
    chose = set()  # seats that made their setup choice of tickets
    for e in events:
        if isinstance(e, TicketsKept):
            chose.add(e.seat)
        elif isinstance(e, TurnTimedOut):
            if not away[e.seat]:
                timed_out[e.seat] = True
            if len(chose) >= seats:  # a setup time-out ends no turn
                spoiled.add(e.seat)
        elif isinstance(e, PlayerResigned | PlayerDropped | StandInSeated):
            if not away[e.seat]:
                gave_up = isinstance(e, PlayerResigned) or (
                    isinstance(e, StandInSeated) and e.reason == "resigned")
                resigned[e.seat] = resigned[e.seat] or gave_up
                timed_out[e.seat] = timed_out[e.seat] or not gave_up
            away[e.seat] = True
            spoiled.add(e.seat)
        elif isinstance(e, PlayerReturned):
            away[e.seat] = False
            spoiled.discard(e.seat)
        elif isinstance(e, TurnEnded):
            if e.seat not in spoiled and not away[e.seat]:
                own[e.seat] += 1
            spoiled.discard(e.seat)
    return tuple(SeatPlay(own_turns=o, resigned=r, timed_out=t)
                 for o, r, t in zip(own, resigned, timed_out, strict=True))


def early_exit(plays: Iterable[SeatPlay]) -> Reason | None:
    """Why the game is unrated for everyone under the early-exit rule, or None."""
    early = [p for p in plays if p.own_turns < MIN_OWN_TURNS]
    if any(p.resigned for p in early):
        return "early_resignation"
    if any(p.timed_out for p in early):
        return "early_timeout"
    return None


def judge(players: Sequence[Contender], rated: bool,
          recent_pairs: Mapping[frozenset[str], int]) -> Verdict:
    """Whose results move whose rating in a scored game of `players` (`rated`: the table
    was created rated); `recent_pairs`: for two players (`pair`), the games rated for
    both they played within `REPEAT_WINDOW` before this one (missing: none)."""
    ids = [p.user_id for p in players]
    nobody = {u: frozenset[str]() for u in ids}
    whole: Reason | None = (
        "unrated_table" if not rated else "solo" if len(players) < 2
        else early_exit(p.play for p in players))
    if whole is not None:
        return Verdict(against=nobody, reasons={u: whole for u in ids})
    against: dict[str, frozenset[str]] = {}
    reasons: dict[str, Reason | None] = {}
    for me in players:
        counted, repeats = [], False
        for other in players:
            if other.user_id == me.user_id:
                continue
            if _repeated(me, other, recent_pairs):
                repeats = True
            elif not (_established(me) and not _established(other)):
                counted.append(other.user_id)
        against[me.user_id] = frozenset(counted)
        reasons[me.user_id] = (None if counted else
                               "repeat_opponents" if repeats else "new_opponents")
    return Verdict(against=against, reasons=reasons)


def _established(player: Contender) -> bool:
    return player.games >= ESTABLISHED_GAMES


def _repeated(me: Contender, other: Contender,
              recent_pairs: Mapping[frozenset[str], int]) -> bool:
    """The repeat rule holds between two people only: a bot cannot throw a game."""
    if me.bot or other.bot:
        return False
    return recent_pairs.get(pair(me.user_id, other.user_id), 0) >= REPEATS_RATED
