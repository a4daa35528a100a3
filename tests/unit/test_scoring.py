"""Final scoring: routes, tickets, stations, bonuses and tie-breakers, rule by rule."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domain.maps import load_board, rules_for
from domain.scoring import PlayerScore, Position, StationUse, final_scores


def pos(
    map_name: str, seat: int, routes: Sequence[str] = (), tickets: Sequence[str] = (),
    stations: Sequence[str] = (), stations_left: int | None = None,
) -> Position:
    """A final position; route and ticket names without the map prefix."""
    rules = rules_for(map_name)
    return Position(
        seat=seat,
        routes=tuple(f"{map_name}/{r}" for r in routes),
        stations=tuple(stations),
        tickets=tuple(f"{map_name}/{t}" for t in tickets),
        stations_left=rules.stations - len(stations) if stations_left is None else stations_left,
    )


def score(map_name: str, *positions: Position) -> tuple[PlayerScore, ...]:
    return final_scores(load_board(map_name), rules_for(map_name), positions)


def ranks(scores: Sequence[PlayerScore]) -> list[int]:
    return [s.rank for s in scores]


# ---- routes and tickets --------------------------------------------------------------

def test_route_points_follow_the_map_table() -> None:
    assert score("usa", pos("usa", 0, ["calgary-winnipeg"]))[0].route_points == 15
    assert score("europe", pos("europe", 0, ["petrograd-stockholm"]))[0].route_points == 21
    assert score("nordic", pos("nordic", 0, ["lieksa-murmansk"]))[0].route_points == 27


def test_completed_ticket_adds_its_points() -> None:
    (s,) = score("usa", pos("usa", 0, ["denver-santa-fe", "el-paso-santa-fe"],
                            tickets=["denver-el-paso"]))
    assert s.tickets[0].completed
    assert s.ticket_points == 4
    assert s.completed_tickets == 1


def test_incomplete_ticket_subtracts_its_points() -> None:
    (s,) = score("usa", pos("usa", 0, ["denver-santa-fe"], tickets=["denver-el-paso"]))
    assert not s.tickets[0].completed
    assert s.tickets[0].points == 4  # the face value; `completed` says which way it counts
    assert s.ticket_points == -4


def test_an_opponents_route_never_completes_a_ticket_without_a_station() -> None:
    s, _ = score("usa", pos("usa", 0, ["denver-santa-fe"], tickets=["denver-el-paso"]),
                 pos("usa", 1, ["el-paso-santa-fe"]))
    assert s.ticket_points == -4


def test_total_adds_routes_tickets_stations_and_bonuses() -> None:
    (s,) = score("europe", pos("europe", 0, ["paris-zurich", "marseille-zurich"],
                               tickets=["madrid-zurich"], stations=["Roma"]))
    assert (s.route_points, s.ticket_points, s.station_points, s.longest_path_bonus) == (
        4 + 2, -8, 2 * 4, 10)
    assert s.total == 6 - 8 + 8 + 10


# ---- stations (Europe) ---------------------------------------------------------------

def test_station_borrows_one_opponent_route_for_every_ticket() -> None:
    # From Munchen the station can borrow Munchen-Wien (Paris-Wien, 8) or Munchen-Venezia
    # (Paris-Zagrab, 7), not both: the better one is kept, the other ticket fails.
    s, _ = score(
        "europe",
        pos("europe", 0, ["frankfurt-paris-1", "frankfurt-munchen", "venezia-zagrab"],
            tickets=["paris-wien", "paris-zagrab"], stations=["Munchen"]),
        pos("europe", 1, ["munchen-wien", "munchen-venezia"]),
    )
    assert s.stations == (StationUse("Munchen", "europe/munchen-wien"),)
    assert [t.completed for t in s.tickets] == [True, False]
    assert s.ticket_points == 8 - 7


def test_station_assignment_prefers_more_completed_tickets_at_equal_points() -> None:
    # Berlin-Wien completes Stockholm-Wien (11); Wien-Zagrab completes Zurich-Budapest (6)
    # and Budapest-Sofia (5): 0 points either way, but two tickets beat one.
    s, _ = score(
        "europe",
        pos("europe", 0, ["berlin-essen", "essen-kobenhavn-1", "kobenhavn-stockholm-1",
                          "budapest-wien-1", "sarajevo-zagrab", "sarajevo-sofia",
                          "venezia-zagrab", "venezia-zurich"],
            tickets=["stockholm-wien", "zurich-budapest", "budapest-sofia"],
            stations=["Wien"]),
        pos("europe", 1, ["berlin-wien", "wien-zagrab"]),
    )
    assert s.stations == (StationUse("Wien", "europe/wien-zagrab"),)
    assert (s.ticket_points, s.completed_tickets) == (0, 2)


def test_station_on_a_city_without_opponent_route_borrows_nothing() -> None:
    s, _ = score("europe",
                 pos("europe", 0, ["danzig-riga"], tickets=["bruxelles-danzig"],
                     stations=["Riga"]),
                 pos("europe", 1, ["bruxelles-dieppe"]))
    assert s.stations == (StationUse("Riga", None),)


def test_station_borrows_nothing_when_no_route_helps() -> None:
    s, _ = score("europe",
                 pos("europe", 0, ["brest-paris"], tickets=["edinburgh-paris"],
                     stations=["Munchen"]),
                 pos("europe", 1, ["munchen-zurich", "munchen-wien"]))
    assert s.stations == (StationUse("Munchen", None),)


def test_station_never_borrows_an_unclaimed_route() -> None:
    (s,) = score("europe", pos("europe", 0, ["munchen-zurich"], tickets=["zurich-budapest"],
                               stations=["Wien"]))
    assert s.stations == (StationUse("Wien", None),)
    assert s.ticket_points == -6


def test_station_may_borrow_either_route_of_a_double() -> None:
    s, _ = score("europe",
                 pos("europe", 0, ["munchen-zurich", "munchen-wien"],
                     tickets=["zurich-budapest"], stations=["Budapest"]),
                 pos("europe", 1, ["budapest-wien-2"]))
    assert s.stations == (StationUse("Budapest", "europe/budapest-wien-2"),)
    assert s.ticket_points == 6


def test_station_choosing_between_equal_routes_takes_the_smallest_id() -> None:
    # with 4 players both tracks of a double may be claimed, by two different opponents
    s, *_ = score("europe",
                  pos("europe", 0, ["munchen-zurich", "munchen-wien"],
                      tickets=["zurich-budapest"], stations=["Budapest"]),
                  pos("europe", 1, ["budapest-wien-2"]),
                  pos("europe", 2, ["budapest-wien-1"]),
                  pos("europe", 3))
    assert s.stations == (StationUse("Budapest", "europe/budapest-wien-1"),)


def test_two_stations_can_chain_two_borrowed_routes() -> None:
    s, _ = score("europe",
                 pos("europe", 0, ["munchen-zurich"], tickets=["zurich-budapest"],
                     stations=["Munchen", "Wien"]),
                 pos("europe", 1, ["munchen-wien", "budapest-wien-1"]))
    assert s.stations == (StationUse("Munchen", "europe/munchen-wien"),
                          StationUse("Wien", "europe/budapest-wien-1"))
    assert s.ticket_points == 6


def test_several_players_may_borrow_the_same_route() -> None:
    first, _, third = score(
        "europe",
        pos("europe", 0, ["munchen-zurich", "budapest-wien-1"], tickets=["zurich-budapest"],
            stations=["Munchen"]),
        pos("europe", 1, ["munchen-wien"]),
        pos("europe", 2, ["frankfurt-paris-1", "frankfurt-munchen"], tickets=["paris-wien"],
            stations=["Wien"]),
    )
    assert first.stations == (StationUse("Munchen", "europe/munchen-wien"),)
    assert third.stations == (StationUse("Wien", "europe/munchen-wien"),)
    assert first.completed_tickets == third.completed_tickets == 1


def test_station_never_counts_for_the_longest_path() -> None:
    s, other = score("europe",
                     pos("europe", 0, ["munchen-zurich", "budapest-wien-1"],
                         tickets=["zurich-budapest"], stations=["Munchen"]),
                     pos("europe", 1, ["munchen-wien"]))
    assert s.completed_tickets == 1  # the borrowed route joins the two networks...
    assert s.longest_path_length == 2  # ...but not for the longest path
    assert s.longest_path_routes == ("europe/munchen-zurich",)
    assert (s.longest_path_bonus, other.longest_path_bonus) == (0, 10)


def test_unused_stations_score_four_each() -> None:
    none_built, two_built = score("europe", pos("europe", 0),
                                  pos("europe", 1, stations=["Roma", "Wien"]))
    assert none_built.station_points == 3 * 4
    assert two_built.station_points == 4


def test_stations_on_a_map_without_stations_are_refused() -> None:
    with pytest.raises(ValueError):
        score("usa", pos("usa", 0, stations=["Denver"], stations_left=0))


# ---- bonuses -------------------------------------------------------------------------

def test_longest_path_bonus_shared_by_all_tied() -> None:
    a, b, c = score("usa", pos("usa", 0, ["atlanta-miami"]),
                    pos("usa", 1, ["el-paso-oklahoma-city"]),
                    pos("usa", 2, ["calgary-helena"]))
    assert [s.longest_path_bonus for s in (a, b, c)] == [10, 10, 0]


def test_no_longest_path_bonus_when_nobody_has_a_route() -> None:
    scores = score("usa", pos("usa", 0), pos("usa", 1))
    assert [s.longest_path_bonus for s in scores] == [0, 0]
    assert [s.winner for s in scores] == [True, True]


def test_nordic_has_no_longest_path_bonus() -> None:
    (s,) = score("nordic", pos("nordic", 0, ["lieksa-murmansk"]))
    assert s.longest_path_length == 9
    assert s.longest_path_bonus == 0


def test_globetrotter_goes_to_the_most_completed_tickets() -> None:
    a, b = score("nordic",
                 pos("nordic", 0, ["helsinki-lahti", "kuopio-lahti", "kuopio-lieksa"],
                     tickets=["helsinki-lieksa"]),
                 pos("nordic", 1, tickets=["oslo-stockholm"]))
    assert (a.globetrotter_bonus, b.globetrotter_bonus) == (10, 0)


def test_globetrotter_goes_to_all_tied_even_at_zero() -> None:
    scores = score("nordic", pos("nordic", 0, tickets=["oslo-stockholm"]),
                   pos("nordic", 1), pos("nordic", 2, ["bergen-stavanger"]))
    assert [s.globetrotter_bonus for s in scores] == [10, 10, 10]


def test_usa_and_europe_have_no_globetrotter() -> None:
    (s,) = score("usa", pos("usa", 0, ["denver-santa-fe", "el-paso-santa-fe"],
                            tickets=["denver-el-paso"]))
    assert s.globetrotter_bonus == 0


# ---- ranking and tie-breakers --------------------------------------------------------

def test_usa_tie_broken_by_completed_tickets() -> None:
    # 4 route points + a 4-point ticket against 8 route points; both paths are 4 long
    a, b = score("usa",
                 pos("usa", 0, ["denver-santa-fe", "el-paso-santa-fe"],
                     tickets=["denver-el-paso"]),
                 pos("usa", 1, ["chicago-omaha", "dallas-houston-1"]))
    assert a.total == b.total == 18
    assert ranks((a, b)) == [1, 2]


def test_usa_tie_then_broken_by_holding_the_longest_path_bonus() -> None:
    a, b = score("usa",
                 pos("usa", 0, ["atlanta-miami"]),
                 pos("usa", 1, ["chicago-omaha", "calgary-helena", "denver-salt-lake-city-1",
                                "boston-montreal-1"]))
    assert a.total == b.total == 20
    assert a.completed_tickets == b.completed_tickets
    assert ranks((a, b)) == [1, 2]
    assert (a.winner, b.winner) == (True, False)


def test_usa_tie_without_the_bonus_is_shared_whatever_the_path_lengths() -> None:
    # the last tie-breaker is holding the bonus (yes/no), not the length of the path
    a, b, c = score("usa",
                    pos("usa", 0, ["atlanta-miami"]),
                    pos("usa", 1, ["chicago-omaha", "boston-montreal-1", "dallas-houston-1"]),
                    pos("usa", 2, ["calgary-winnipeg"]))
    assert a.total == b.total == 10
    assert a.longest_path_length > b.longest_path_length
    assert ranks((a, b, c)) == [2, 2, 1]


def test_europe_tie_prefers_fewer_stations() -> None:
    # fewer stations built comes before the European Express
    a, b = score("europe",
                 pos("europe", 0, ["berlin-danzig"], stations=["Riga"]),
                 pos("europe", 1, ["amsterdam-essen", "athina-sofia", "cadiz-madrid",
                                   "dieppe-paris"]))
    assert a.total == b.total == 25
    assert a.longest_path_bonus == 10
    assert ranks((a, b)) == [2, 1]


def test_europe_tie_then_broken_by_the_european_express() -> None:
    a, b = score("europe",
                 pos("europe", 0, ["berlin-danzig"]),
                 pos("europe", 1, ["amsterdam-essen", "athina-sofia", "cadiz-madrid",
                                   "angora-erzurum", "dieppe-paris"]))
    assert a.total == b.total == 29
    assert ranks((a, b)) == [1, 2]


def test_nordic_tie_broken_by_longest_path_length() -> None:
    a, b = score("nordic",
                 pos("nordic", 0, ["helsinki-stockholm-1"]),
                 pos("nordic", 1, ["kuopio-oulu", "bergen-stavanger", "kobenhavn-arhus"]))
    assert a.total == b.total == 17
    assert ranks((a, b)) == [1, 2]


def test_players_equal_on_everything_share_the_rank() -> None:
    scores = score("usa", pos("usa", 0, ["atlanta-miami"]),
                   pos("usa", 1, ["el-paso-oklahoma-city"]),
                   pos("usa", 2, ["dallas-houston-1"]))
    assert ranks(scores) == [1, 1, 3]
    assert [s.winner for s in scores] == [True, True, False]


def test_scores_come_back_in_seat_order() -> None:
    scores = score("usa", pos("usa", 2), pos("usa", 0), pos("usa", 1))
    assert [s.seat for s in scores] == [0, 1, 2]


# ---- the contract and bad input ------------------------------------------------------

def test_as_dict_is_the_public_shape() -> None:
    s, _ = score("europe",
                 pos("europe", 0, ["munchen-zurich", "budapest-wien-1"],
                     tickets=["zurich-budapest"], stations=["Munchen"]),
                 pos("europe", 1, ["munchen-wien"]))
    assert s.as_dict() == {
        "seat": 0,
        "routes": ["europe/munchen-zurich", "europe/budapest-wien-1"],
        "stations": [{"city": "Munchen", "route": "europe/munchen-wien"}],
        "tickets": [{"id": "europe/zurich-budapest", "from": "Zurich", "to": "Budapest",
                     "points": 6, "completed": True}],
        "score": {"routes": 3, "tickets": 6, "stations": 8, "longest_path": 0,
                  "globetrotter": 0, "total": 17},
        "longest_path_length": 2,
        "longest_path_routes": ["europe/munchen-zurich"],
        "completed_tickets": 1,
        "rank": 2,
        "winner": False,
        "out": False,
    }


def test_a_route_claimed_by_two_players_is_refused() -> None:
    with pytest.raises(ValueError):
        score("usa", pos("usa", 0, ["atlanta-miami"]), pos("usa", 1, ["atlanta-miami"]))


def test_an_unknown_route_is_refused() -> None:
    with pytest.raises(ValueError):
        score("usa", pos("usa", 0, ["paris-wien"]))
