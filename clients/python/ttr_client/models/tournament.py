from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tournament_status import TournamentStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.entrant import Entrant
  from ..models.round_ import Round
  from ..models.standing import Standing





T = TypeVar("T", bound="Tournament")



@_attrs_define
class Tournament:
    """ 
        Attributes:
            id (str): The tournament's id. Example: t_9b1c2d3e4f5a6b7c.
            name (str):
            organiser (str):
            map_ (str):
            players_per_table (int):
            rounds (int):
            turn_time_limit (int | None): Seconds per turn (a correspondence pace's days, in seconds; null: no limit).
            rated (bool):
            starts_at (str): ISO 8601.
            invitation_only (bool):
            bots_allowed (bool):
            status (TournamentStatus): open (joining), playing or finished.
            entrants (list[Entrant]):
            played_rounds (list[Round]):
            standings (list[Standing]): Best first (docs/tournaments.md: points, game score, opponents' points).
     """

    id: str
    name: str
    organiser: str
    map_: str
    players_per_table: int
    rounds: int
    turn_time_limit: int | None
    rated: bool
    starts_at: str
    invitation_only: bool
    bots_allowed: bool
    status: TournamentStatus
    entrants: list[Entrant]
    played_rounds: list[Round]
    standings: list[Standing]





    def to_dict(self) -> dict[str, Any]:
        from ..models.entrant import Entrant
        from ..models.round_ import Round
        from ..models.standing import Standing
        id = self.id

        name = self.name

        organiser = self.organiser

        map_ = self.map_

        players_per_table = self.players_per_table

        rounds = self.rounds

        turn_time_limit: int | None
        turn_time_limit = self.turn_time_limit

        rated = self.rated

        starts_at = self.starts_at

        invitation_only = self.invitation_only

        bots_allowed = self.bots_allowed

        status = self.status.value

        entrants = []
        for entrants_item_data in self.entrants:
            entrants_item = entrants_item_data.to_dict()
            entrants.append(entrants_item)



        played_rounds = []
        for played_rounds_item_data in self.played_rounds:
            played_rounds_item = played_rounds_item_data.to_dict()
            played_rounds.append(played_rounds_item)



        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "organiser": organiser,
            "map": map_,
            "players_per_table": players_per_table,
            "rounds": rounds,
            "turn_time_limit": turn_time_limit,
            "rated": rated,
            "starts_at": starts_at,
            "invitation_only": invitation_only,
            "bots_allowed": bots_allowed,
            "status": status,
            "entrants": entrants,
            "played_rounds": played_rounds,
            "standings": standings,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entrant import Entrant
        from ..models.round_ import Round
        from ..models.standing import Standing
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        organiser = d.pop("organiser")

        map_ = d.pop("map")

        players_per_table = d.pop("players_per_table")

        rounds = d.pop("rounds")

        def _parse_turn_time_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_time_limit = _parse_turn_time_limit(d.pop("turn_time_limit"))


        rated = d.pop("rated")

        starts_at = d.pop("starts_at")

        invitation_only = d.pop("invitation_only")

        bots_allowed = d.pop("bots_allowed")

        status = TournamentStatus(d.pop("status"))




        entrants = []
        _entrants = d.pop("entrants")
        for entrants_item_data in (_entrants):
            entrants_item = Entrant.from_dict(entrants_item_data)



            entrants.append(entrants_item)


        played_rounds = []
        _played_rounds = d.pop("played_rounds")
        for played_rounds_item_data in (_played_rounds):
            played_rounds_item = Round.from_dict(played_rounds_item_data)



            played_rounds.append(played_rounds_item)


        standings = []
        _standings = d.pop("standings")
        for standings_item_data in (_standings):
            standings_item = Standing.from_dict(standings_item_data)



            standings.append(standings_item)


        tournament = cls(
            id=id,
            name=name,
            organiser=organiser,
            map_=map_,
            players_per_table=players_per_table,
            rounds=rounds,
            turn_time_limit=turn_time_limit,
            rated=rated,
            starts_at=starts_at,
            invitation_only=invitation_only,
            bots_allowed=bots_allowed,
            status=status,
            entrants=entrants,
            played_rounds=played_rounds,
            standings=standings,
        )

        return tournament

