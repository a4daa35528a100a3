"""The audit of a game's log: honest games verify; any tampering is caught at the first
event it changes (docs/rules.md R28, domain/audit.py)."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest

from domain import audit, final_score_matches
from domain.autoplay import Leaving, game_seed, play_random_game
from domain.ending import score_game
from domain.events import Event, GameStarted
from domain.setup import start_game
from tests.strategies import MAP_PLAYERS

DROP_AFTER = 2
LEAVING = Leaving(resign=0.003, time_out=0.04, drop_after=DROP_AFTER)

Log = list[dict[str, Any]]


@functools.cache
def _game(map_name: str, players: int, number: int, leaving: bool) -> tuple[Event, ...]:
    _, log = play_random_game(map_name, players, game_seed(42, number),
                              random.Random(number), leaving=LEAVING if leaving else None)
    return tuple(log)


def europe_log() -> Log:
    """A finished four-player Europe game (tunnels, stations, refills, reshuffles), as the
    JSON an export gives."""
    return json.loads(json.dumps([e.as_dict() for e in _game("europe", 4, 7, False)]))


def first(log: Log, kind: str, after: int = 0, **fields: Any) -> int:
    """The index of the first event of type `kind` from `after` on, with these fields."""
    return next(i for i, e in enumerate(log) if i >= after and e["type"] == kind
                and all(e.get(k) == v for k, v in fields.items()))


def setup_length(log: Log) -> int:
    """The index of the first event after the start (`game_started` and its market)."""
    return next(i for i, e in enumerate(log)
                if i and e["type"] not in ("market_reset", "market_refilled", "deck_reshuffled"))


# -- honest games --------------------------------------------------------------------------

@pytest.mark.parametrize("map_name, players", MAP_PLAYERS)
@pytest.mark.parametrize("leaving", [False, True], ids=["staying", "leaving"])
def test_random_games_of_every_map_verify(map_name: str, players: int, leaving: bool) -> None:
    for number in range(3):
        log = _game(map_name, players, number, leaving)
        report = audit(log, drop_after=DROP_AFTER)
        assert report.ok, report.reason
        assert report.index is None and report.checked == len(log)
        assert report.game is not None and report.game.phase == "ended"
        claimed = [s.as_dict() for s in score_game(report.game)]
        assert final_score_matches(report.game, claimed) is None


def test_the_exported_json_verifies_like_the_events() -> None:
    report = audit(europe_log())
    assert report.ok and report.as_dict() == {
        "ok": True, "checked": len(europe_log()), "index": None, "reason": report.reason}


def test_a_running_game_verifies_up_to_its_last_command() -> None:
    log = europe_log()
    cut = first(log, "turn_ended", after=len(log) // 2) + 1
    report = audit(log[:cut])
    assert report.ok and report.game is not None and report.game.phase == "playing"


# -- the start: the seed and the deal --------------------------------------------------------

def test_a_seed_that_does_not_match_its_commitment_is_caught_at_the_start() -> None:
    log = europe_log()
    log[0]["seed"] = "00" * 32
    report = audit(log)
    assert not report.ok and report.index == 0 and "commitment" in report.reason


def test_a_game_started_whose_deck_is_not_the_seeds_is_caught_at_the_start() -> None:
    log = europe_log()
    deck = log[0]["deck"]
    j = next(j for j in range(1, len(deck)) if deck[j] != deck[0])
    deck[0], deck[j] = deck[j], deck[0]  # the same cards in another order
    report = audit(log)
    assert not report.ok and report.index == 0
    assert "deal its seed gives" in report.reason and "deck" in report.reason


def test_a_dealt_hand_that_is_not_the_seeds_is_caught_at_the_start() -> None:
    log = europe_log()
    hand = log[0]["hands"][1]
    hand[0] = "locomotive" if hand[0] != "locomotive" else "red"
    report = audit(log)
    assert not report.ok and report.index == 0 and "hands" in report.reason


def test_a_first_market_that_is_not_the_seeds_is_caught() -> None:
    events = start_game("usa", 3, b"audit-market")
    started = events[0]
    assert isinstance(started, GameStarted)
    log = [e.as_dict() for e in events]
    log[0]["market"][0] = "locomotive" if started.market[0] != "locomotive" else "red"
    assert audit(log).index == 0


# -- tampering during play -------------------------------------------------------------------

def test_a_changed_card_in_a_blind_draw_is_caught_there() -> None:
    log = europe_log()
    i = first(log, "card_drawn_blind", after=setup_length(log))
    log[i]["card"] = "red" if log[i]["card"] != "red" else "blue"
    report = audit(log)
    assert not report.ok and report.index == i
    assert "card_drawn_blind" in report.reason and "card" in report.reason


def test_a_changed_market_refill_is_caught_there() -> None:
    log = europe_log()
    i = first(log, "market_refilled", after=setup_length(log))
    log[i]["cards"][0] = "red" if log[i]["cards"][0] != "red" else "blue"
    report = audit(log)
    assert not report.ok and report.index == i and "market_refilled" in report.reason


def test_a_removed_event_is_caught_where_it_is_missing() -> None:
    log = europe_log()
    i = first(log, "turn_ended", after=len(log) // 3)
    del log[i]
    report = audit(log)
    assert not report.ok and report.index == i


def test_a_removed_command_is_caught_where_it_is_missing() -> None:
    log = europe_log()
    i = first(log, "card_drawn_blind", after=setup_length(log))
    del log[i]  # the first card of a draw: the log then goes on as if it never was
    assert audit(log).index == i


def test_a_duplicated_event_is_caught_at_the_copy() -> None:
    log = europe_log()
    i = first(log, "turn_ended", after=len(log) // 2)
    log.insert(i + 1, dict(log[i]))
    report = audit(log)
    assert not report.ok and report.index == i + 1
    assert "turn_ended does not start a command" in report.reason


def test_a_swapped_pair_of_events_is_caught_at_the_first_of_them() -> None:
    log = europe_log()
    i = first(log, "card_taken", after=setup_length(log))
    assert log[i + 1]["type"] == "market_refilled"
    log[i], log[i + 1] = log[i + 1], log[i]
    report = audit(log)
    assert not report.ok and report.index == i


def test_a_changed_payment_for_a_claimed_route_is_caught_there() -> None:
    log = europe_log()
    i = next(i for i, e in enumerate(log) if e["type"] == "route_claimed"
             and log[i - 1]["type"] != "tunnel_cards_revealed")
    log[i]["cards"] = {"locomotive": 40}  # more than the player could hold
    report = audit(log)
    assert not report.ok and report.index == i and "refused by the rules" in report.reason


def test_a_changed_route_in_a_claim_is_caught_there() -> None:
    log = europe_log()
    i = next(i for i, e in enumerate(log) if e["type"] == "route_claimed"
             and log[i - 1]["type"] != "tunnel_cards_revealed")
    log[i]["points"] += 1
    report = audit(log)
    assert not report.ok and report.index == i and "points" in report.reason


def test_an_event_after_the_end_is_caught() -> None:
    log = europe_log()
    log.append({"type": "passed", "seat": 0})
    report = audit(log)
    assert not report.ok and report.index == len(log) - 1 and "after the end" in report.reason


def test_a_log_cut_in_the_middle_of_a_command_is_caught_at_the_missing_event() -> None:
    log = europe_log()
    i = first(log, "card_taken", after=setup_length(log))
    report = audit(log[:i + 1])  # the refill after the card taken is missing
    assert not report.ok and report.index == i + 1 and "missing" in report.reason


def test_something_that_is_no_event_is_caught() -> None:
    log = europe_log()
    log[5] = {"type": "meteor_strike"}
    assert audit(log).index == 5


# -- the end: the seed revealed and the score ----------------------------------------------

def test_a_wrong_seed_in_the_reveal_is_caught() -> None:
    log = europe_log()
    assert log[-1]["type"] == "seed_revealed"
    log[-1]["seed"] = "ab" * 32
    report = audit(log)
    assert not report.ok and report.index == len(log) - 1
    assert "revealed seed" in report.reason


def test_a_changed_score_claim_is_caught() -> None:
    report = audit(europe_log())
    assert report.game is not None
    claimed = [s.as_dict() for s in score_game(report.game)]
    claimed[2]["score"]["total"] += 1
    problem = final_score_matches(report.game, claimed)
    assert problem is not None and problem.startswith("seat 2: score")
    assert final_score_matches(report.game, claimed[:3]) is not None
    claimed = [s.as_dict() for s in score_game(report.game)]
    claimed[0]["winner"] = not claimed[0]["winner"]
    assert final_score_matches(report.game, claimed) == (
        f"seat 0: winner claimed {claimed[0]['winner']}, scored {not claimed[0]['winner']}")


def test_a_running_game_has_no_final_score_to_match() -> None:
    log = europe_log()
    report = audit(log[:setup_length(log) + 10])
    assert report.game is not None and report.game.phase != "ended"
    assert final_score_matches(report.game, []) is not None


# -- leaving -----------------------------------------------------------------------------------

def _leaving_log() -> tuple[Log, int]:
    for number in range(50):
        log = [e.as_dict() for e in _game("usa", 4, number, True)]
        dropped = [i for i, e in enumerate(log) if e["type"] == "player_dropped"]
        if dropped:
            return log, dropped[0]
    raise AssertionError("no random game dropped a player")


def test_a_drop_the_policy_does_not_call_for_is_caught() -> None:
    log, dropped = _leaving_log()
    assert audit(log, drop_after=DROP_AFTER).ok
    report = audit(log, drop_after=None)
    assert not report.ok and report.index == dropped and "policy" in report.reason
    report = audit(log, drop_after=DROP_AFTER + 1)
    assert not report.ok and report.index == dropped


def test_a_changed_deadline_count_is_caught() -> None:
    log, _ = _leaving_log()
    i = first(log, "turn_timed_out")
    log[i]["consecutive"] += 1
    report = audit(log, drop_after=DROP_AFTER)
    assert not report.ok and report.index == i


def test_a_skipped_seat_left_out_of_a_turn_end_is_caught() -> None:
    log, dropped = _leaving_log()
    i = next(i for i, e in enumerate(log) if e["type"] == "turn_ended" and e["skipped"])
    log[i]["skipped"] = []
    report = audit(log, drop_after=DROP_AFTER)
    assert not report.ok and report.index == i and "skipped" in report.reason
