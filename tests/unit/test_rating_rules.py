"""The rules against farming (`domain.rating_rules`), pure: how a seat took part, and
whose results move whose rating. Each rule's projection on every store:
tests/integration/test_ratings_rules.py."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from domain.events import PlayerDropped, PlayerResigned, TicketsKept, TurnEnded, TurnTimedOut
from domain.rating import result_of
from domain.rating_rules import (
    ESTABLISHED_GAMES,
    MIN_OWN_TURNS,
    REPEAT_WINDOW,
    REPEATS_RATED,
    Contender,
    SeatPlay,
    judge,
    pair,
    seat_plays,
)
from domain.stand_ins import PlayerReturned, StandInSeated
from events.rating_projection import Projection, Scored
from tests.ratings_support import scored_stream

PLAYED = SeatPlay(own_turns=MIN_OWN_TURNS)


def kept(seat: int) -> TicketsKept:
    return TicketsKept(seat=seat, kept=("t",), returned=(), kept_count=1, returned_count=0,
                       returned_to="box", shuffle=None, bottom_order=())


def timed_out(seat: int) -> TurnTimedOut:
    return TurnTimedOut(seat=seat, deadline="2030-01-01T00:00:00Z", consecutive=1)


def ended(seat: int) -> TurnEnded:
    return TurnEnded(seat=seat, next_seat=1 - seat)


def contender(user: str, play: SeatPlay = PLAYED, games: int = 0,
              bot: bool = False) -> Contender:
    return Contender(user_id=user, bot=bot, play=play, games=games)


# -- how a seat took part ---------------------------------------------------------------

def test_a_turn_ended_by_the_clock_is_not_the_players_own() -> None:
    plays = seat_plays([kept(0), kept(1), ended(0), timed_out(1), ended(1), ended(0)], 2)
    assert plays == (SeatPlay(own_turns=2), SeatPlay(own_turns=0, timed_out=True))


def test_a_time_out_in_the_setup_ends_no_turn() -> None:
    plays = seat_plays([timed_out(0), kept(0), kept(1), ended(0)], 2)
    assert plays[0] == SeatPlay(own_turns=1, timed_out=True)


def test_a_stand_in_bots_turns_are_not_its_players_until_they_return() -> None:
    stand_in = StandInSeated(seat=1, user_id="bot", name="Bot", level="easy",
                             replaced="b", reason="resigned")
    back = PlayerReturned(seat=1, user_id="b", name="B", bot_user_id="bot")
    plays = seat_plays([kept(0), kept(1), ended(0), ended(1), stand_in, ended(0), ended(1),
                        back, ended(0), ended(1)], 2)
    assert plays[1] == SeatPlay(own_turns=2, resigned=True)


def test_a_drop_after_time_outs_counts_as_timing_out() -> None:
    plays = seat_plays([kept(0), kept(1), PlayerResigned(seat=0),
                        PlayerDropped(seat=1, timeouts=3)], 2)
    assert plays == (SeatPlay(resigned=True), SeatPlay(timed_out=True))


def test_a_scored_game_tells_each_players_part() -> None:
    result = result_of(scored_stream("usa", 2, 1))
    assert all(f.play.own_turns >= MIN_OWN_TURNS and not f.play.resigned
               and not f.play.timed_out for f in result.finishers)


# -- whose results move whose rating ----------------------------------------------------

def test_an_early_resignation_leaves_the_game_unrated_for_everyone() -> None:
    early = SeatPlay(own_turns=MIN_OWN_TURNS - 1, resigned=True)
    verdict = judge([contender("a"), contender("b", early), contender("c")], True, {})
    assert not any(verdict.rated(u) for u in "abc")
    assert set(verdict.reasons.values()) == {"early_resignation"}


def test_an_early_time_out_leaves_the_game_unrated_for_everyone() -> None:
    verdict = judge([contender("a"), contender("b", SeatPlay(timed_out=True))], True, {})
    assert verdict.reasons == {"a": "early_timeout", "b": "early_timeout"}


def test_leaving_after_the_minimum_of_turns_is_rated() -> None:
    late = SeatPlay(own_turns=MIN_OWN_TURNS, resigned=True, timed_out=True)
    verdict = judge([contender("a"), contender("b", late)], True, {})
    assert verdict.rated("a") and verdict.rated("b")


def test_a_short_game_nobody_left_is_rated() -> None:
    short = SeatPlay(own_turns=1)
    assert judge([contender("a", short), contender("b", short)], True, {}).rated("a")


def test_a_pair_with_enough_recent_games_no_longer_moves_each_other() -> None:
    players = [contender("a"), contender("b"), contender("c")]
    verdict = judge(players, True, {pair("a", "b"): REPEATS_RATED})
    assert verdict.against == {"a": {"c"}, "b": {"c"}, "c": {"a", "b"}}
    two = judge(players[:2], True, {pair("b", "a"): REPEATS_RATED})
    assert two.reasons == {"a": "repeat_opponents", "b": "repeat_opponents"}
    assert judge(players[:2], True, {pair("a", "b"): REPEATS_RATED - 1}).rated("a")


def test_the_repeat_rule_spares_a_pair_with_a_bot() -> None:
    verdict = judge([contender("a"), contender("bot", bot=True)], True,
                    {pair("a", "bot"): 100})
    assert verdict.rated("a") and verdict.rated("bot")


def test_a_newcomer_moves_no_established_player_but_is_moved_by_them() -> None:
    verdict = judge([contender("e", games=ESTABLISHED_GAMES),
                     contender("n", games=ESTABLISHED_GAMES - 1)], True, {})
    assert verdict.against == {"e": frozenset(), "n": {"e"}}
    assert verdict.reasons == {"e": "new_opponents", "n": None}


def test_two_newcomers_move_each_other() -> None:
    verdict = judge([contender("a", games=1), contender("b", games=0)], True, {})
    assert verdict.rated("a") and verdict.rated("b")


def test_an_unrated_table_is_unrated_whatever_the_play() -> None:
    assert set(judge([contender("a"), contender("b")], False, {}).reasons.values()) == {
        "unrated_table"}


# -- the repeat rule's window, as the projection keeps it -------------------------------

def test_a_pair_counts_again_once_the_window_has_passed() -> None:
    result = result_of(scored_stream("usa", 2, 1, users=["a", "b"]))
    start = datetime(2030, 1, 1, tzinfo=UTC)
    projection = Projection()
    times = [start + timedelta(minutes=n) for n in range(REPEATS_RATED + 1)]
    times.append(times[0] + REPEAT_WINDOW + timedelta(seconds=1))
    for n, when in enumerate(times):
        projection.add(Scored(f"g{n}", n + 1, when), result)
    rated = [row[17] is not None for row in projection.results if row[1] == "a"]
    assert rated == [True] * REPEATS_RATED + [False, True]
