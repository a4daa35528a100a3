from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_kind import CardKind
from ..models.end_reason import EndReason
from ..models.game_status import GameStatus
from ..models.map_name import MapName
from ..models.phase import Phase
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.final_round import FinalRound
  from ..models.options import Options
  from ..models.player_score import PlayerScore
  from ..models.player_view import PlayerView
  from ..models.tunnel import Tunnel
  from ..models.turn import Turn
  from ..models.you import You





T = TypeVar("T", bound="GameCreated")



@_attrs_define
class GameCreated:
    """ 
        Attributes:
            id (str):
            map_ (MapName):
            status (GameStatus):
            version (int): The number of events so far; the ETag.
            rules_version (int):
            seats (int):
            private (bool):
            created_by (str):
            created_at (datetime.datetime | None):
            last_activity (datetime.datetime | None):
            options (Options):
            seed_commitment (str): SHA-256 of the secret seed that drives every shuffle (see docs/shuffles.md).
            seed (None | str): Revealed at the end.
            phase (None | Phase):
            to_act (list[int]): Seats that must act now.
            deadline (datetime.datetime | None): When the turn (or the setup choice) runs out; null: no limit, or paused
                while a seat that must act is away (`away`).
            away (list[int]): Seats whose players are on vacation: their turn deadlines are paused (`deadline_paused`,
                `deadline_resumed` in the log).
            players (list[PlayerView]):
            turn (None | Turn):
            market (list[CardKind | None]): The five face-up cards (null: an empty slot).
            deck_count (int):
            discard_count (int):
            ticket_deck_count (int):
            tunnel (None | Tunnel):
            final_round (FinalRound | None):
            end_reason (EndReason | None): Why the game ended (null: it has not).
            you (None | You): The caller's own hand, tickets and pending choice (null unless seated).
            score (list[PlayerScore] | None): The final score once computed (see /score).
            spectators (int | Unset): How many people (signed in, without a seat) watch the game's event stream now; in `GET
                /v1/games/{id}` and the stream's `snapshot` only, and not part of the ETag: the stream sends it again
                (`spectators`) whenever it changes.
            invite_code (str | Unset): Private games: shown only now, to the creator.
     """

    id: str
    map_: MapName
    status: GameStatus
    version: int
    rules_version: int
    seats: int
    private: bool
    created_by: str
    created_at: datetime.datetime | None
    last_activity: datetime.datetime | None
    options: Options
    seed_commitment: str
    seed: None | str
    phase: None | Phase
    to_act: list[int]
    deadline: datetime.datetime | None
    away: list[int]
    players: list[PlayerView]
    turn: None | Turn
    market: list[CardKind | None]
    deck_count: int
    discard_count: int
    ticket_deck_count: int
    tunnel: None | Tunnel
    final_round: FinalRound | None
    end_reason: EndReason | None
    you: None | You
    score: list[PlayerScore] | None
    spectators: int | Unset = UNSET
    invite_code: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.final_round import FinalRound
        from ..models.options import Options
        from ..models.player_score import PlayerScore
        from ..models.player_view import PlayerView
        from ..models.tunnel import Tunnel
        from ..models.turn import Turn
        from ..models.you import You
        id = self.id

        map_ = self.map_.value

        status = self.status.value

        version = self.version

        rules_version = self.rules_version

        seats = self.seats

        private = self.private

        created_by = self.created_by

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        last_activity: None | str
        if isinstance(self.last_activity, datetime.datetime):
            last_activity = self.last_activity.isoformat()
        else:
            last_activity = self.last_activity

        options = self.options.to_dict()

        seed_commitment = self.seed_commitment

        seed: None | str
        seed = self.seed

        phase: None | str
        if isinstance(self.phase, Phase):
            phase = self.phase.value
        else:
            phase = self.phase

        to_act = self.to_act



        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        away = self.away



        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)



        turn: dict[str, Any] | None
        if isinstance(self.turn, Turn):
            turn = self.turn.to_dict()
        else:
            turn = self.turn

        market = []
        for market_item_data in self.market:
            market_item: None | str
            if isinstance(market_item_data, CardKind):
                market_item = market_item_data.value
            else:
                market_item = market_item_data
            market.append(market_item)



        deck_count = self.deck_count

        discard_count = self.discard_count

        ticket_deck_count = self.ticket_deck_count

        tunnel: dict[str, Any] | None
        if isinstance(self.tunnel, Tunnel):
            tunnel = self.tunnel.to_dict()
        else:
            tunnel = self.tunnel

        final_round: dict[str, Any] | None
        if isinstance(self.final_round, FinalRound):
            final_round = self.final_round.to_dict()
        else:
            final_round = self.final_round

        end_reason: None | str
        if isinstance(self.end_reason, EndReason):
            end_reason = self.end_reason.value
        else:
            end_reason = self.end_reason

        you: dict[str, Any] | None
        if isinstance(self.you, You):
            you = self.you.to_dict()
        else:
            you = self.you

        score: list[dict[str, Any]] | None
        if isinstance(self.score, list):
            score = []
            for score_type_0_item_data in self.score:
                score_type_0_item = score_type_0_item_data.to_dict()
                score.append(score_type_0_item)


        else:
            score = self.score

        spectators = self.spectators

        invite_code = self.invite_code


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "map": map_,
            "status": status,
            "version": version,
            "rules_version": rules_version,
            "seats": seats,
            "private": private,
            "created_by": created_by,
            "created_at": created_at,
            "last_activity": last_activity,
            "options": options,
            "seed_commitment": seed_commitment,
            "seed": seed,
            "phase": phase,
            "to_act": to_act,
            "deadline": deadline,
            "away": away,
            "players": players,
            "turn": turn,
            "market": market,
            "deck_count": deck_count,
            "discard_count": discard_count,
            "ticket_deck_count": ticket_deck_count,
            "tunnel": tunnel,
            "final_round": final_round,
            "end_reason": end_reason,
            "you": you,
            "score": score,
        })
        if spectators is not UNSET:
            field_dict["spectators"] = spectators
        if invite_code is not UNSET:
            field_dict["invite_code"] = invite_code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.final_round import FinalRound
        from ..models.options import Options
        from ..models.player_score import PlayerScore
        from ..models.player_view import PlayerView
        from ..models.tunnel import Tunnel
        from ..models.turn import Turn
        from ..models.you import You
        d = dict(src_dict)
        id = d.pop("id")

        map_ = MapName(d.pop("map"))




        status = GameStatus(d.pop("status"))




        version = d.pop("version")

        rules_version = d.pop("rules_version")

        seats = d.pop("seats")

        private = d.pop("private")

        created_by = d.pop("created_by")

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)



                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("created_at"))


        def _parse_last_activity(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_activity_type_0 = datetime.datetime.fromisoformat(data)



                return last_activity_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_activity = _parse_last_activity(d.pop("last_activity"))


        options = Options.from_dict(d.pop("options"))




        seed_commitment = d.pop("seed_commitment")

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))


        def _parse_phase(data: object) -> None | Phase:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                phase_type_0 = Phase(data)



                return phase_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Phase, data)

        phase = _parse_phase(d.pop("phase"))


        to_act = cast(list[int], d.pop("to_act"))


        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)



                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))


        away = cast(list[int], d.pop("away"))


        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            players_item = PlayerView.from_dict(players_item_data)



            players.append(players_item)


        def _parse_turn(data: object) -> None | Turn:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                turn_type_0 = Turn.from_dict(data)



                return turn_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Turn, data)

        turn = _parse_turn(d.pop("turn"))


        market = []
        _market = d.pop("market")
        for market_item_data in (_market):
            def _parse_market_item(data: object) -> CardKind | None:
                if data is None:
                    return data
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    market_item_type_0 = CardKind(data)



                    return market_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(CardKind | None, data)

            market_item = _parse_market_item(market_item_data)

            market.append(market_item)


        deck_count = d.pop("deck_count")

        discard_count = d.pop("discard_count")

        ticket_deck_count = d.pop("ticket_deck_count")

        def _parse_tunnel(data: object) -> None | Tunnel:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tunnel_type_0 = Tunnel.from_dict(data)



                return tunnel_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Tunnel, data)

        tunnel = _parse_tunnel(d.pop("tunnel"))


        def _parse_final_round(data: object) -> FinalRound | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                final_round_type_0 = FinalRound.from_dict(data)



                return final_round_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FinalRound | None, data)

        final_round = _parse_final_round(d.pop("final_round"))


        def _parse_end_reason(data: object) -> EndReason | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_reason_type_0 = EndReason(data)



                return end_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndReason | None, data)

        end_reason = _parse_end_reason(d.pop("end_reason"))


        def _parse_you(data: object) -> None | You:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                you_type_0 = You.from_dict(data)



                return you_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | You, data)

        you = _parse_you(d.pop("you"))


        def _parse_score(data: object) -> list[PlayerScore] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                score_type_0 = []
                _score_type_0 = data
                for score_type_0_item_data in (_score_type_0):
                    score_type_0_item = PlayerScore.from_dict(score_type_0_item_data)



                    score_type_0.append(score_type_0_item)

                return score_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PlayerScore] | None, data)

        score = _parse_score(d.pop("score"))


        spectators = d.pop("spectators", UNSET)

        invite_code = d.pop("invite_code", UNSET)

        game_created = cls(
            id=id,
            map_=map_,
            status=status,
            version=version,
            rules_version=rules_version,
            seats=seats,
            private=private,
            created_by=created_by,
            created_at=created_at,
            last_activity=last_activity,
            options=options,
            seed_commitment=seed_commitment,
            seed=seed,
            phase=phase,
            to_act=to_act,
            deadline=deadline,
            away=away,
            players=players,
            turn=turn,
            market=market,
            deck_count=deck_count,
            discard_count=discard_count,
            ticket_deck_count=ticket_deck_count,
            tunnel=tunnel,
            final_round=final_round,
            end_reason=end_reason,
            you=you,
            score=score,
            spectators=spectators,
            invite_code=invite_code,
        )

        return game_created

