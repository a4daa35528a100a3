from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_kind import CardKind
from ..models.map_name import MapName
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="GameStartedData")



@_attrs_define
class GameStartedData:
    """ 
        Example:
            {'map': 'usa', 'players': 2, 'rules_version': 1, 'seed_commitment': '9f2c…', 'first_player': 0, 'market':
                ['red', 'blue', 'green', 'locomotive', 'black'], 'hands': [['red', 'red', 'blue', 'locomotive'], None],
                'dealt_tickets': [['usa/denver-el-paso', 'usa/boston-miami', 'usa/seattle-new-york'], None], 'shuffles_used': 3}

        Attributes:
            map_ (MapName):
            players (int):
            rules_version (int):
            seed_commitment (str):
            first_player (int):
            market (list[CardKind]):
            shuffles_used (int):
            seed (str | Unset): Hidden from everyone until the game has ended (named in `hidden`).
            deck (list[CardKind] | Unset): Hidden from everyone until the game has ended (named in `hidden`).
            hands (list[list[str] | None] | Unset): Item i is seen by seat i only while the game runs (null for the others).
            dealt_tickets (list[list[str] | None] | Unset): Item i is seen by seat i only while the game runs (null for the
                others).
            ticket_deck (list[str] | Unset): Hidden from everyone until the game has ended (named in `hidden`).
            long_tickets_removed (list[str] | Unset): Hidden from everyone until the game has ended (named in `hidden`).
     """

    map_: MapName
    players: int
    rules_version: int
    seed_commitment: str
    first_player: int
    market: list[CardKind]
    shuffles_used: int
    seed: str | Unset = UNSET
    deck: list[CardKind] | Unset = UNSET
    hands: list[list[str] | None] | Unset = UNSET
    dealt_tickets: list[list[str] | None] | Unset = UNSET
    ticket_deck: list[str] | Unset = UNSET
    long_tickets_removed: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        map_ = self.map_.value

        players = self.players

        rules_version = self.rules_version

        seed_commitment = self.seed_commitment

        first_player = self.first_player

        market = []
        for market_item_data in self.market:
            market_item = market_item_data.value
            market.append(market_item)



        shuffles_used = self.shuffles_used

        seed = self.seed

        deck: list[str] | Unset = UNSET
        if not isinstance(self.deck, Unset):
            deck = []
            for deck_item_data in self.deck:
                deck_item = deck_item_data.value
                deck.append(deck_item)



        hands: list[list[str] | None] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item: list[str] | None
                if isinstance(hands_item_data, list):
                    hands_item = hands_item_data


                else:
                    hands_item = hands_item_data
                hands.append(hands_item)



        dealt_tickets: list[list[str] | None] | Unset = UNSET
        if not isinstance(self.dealt_tickets, Unset):
            dealt_tickets = []
            for dealt_tickets_item_data in self.dealt_tickets:
                dealt_tickets_item: list[str] | None
                if isinstance(dealt_tickets_item_data, list):
                    dealt_tickets_item = dealt_tickets_item_data


                else:
                    dealt_tickets_item = dealt_tickets_item_data
                dealt_tickets.append(dealt_tickets_item)



        ticket_deck: list[str] | Unset = UNSET
        if not isinstance(self.ticket_deck, Unset):
            ticket_deck = self.ticket_deck



        long_tickets_removed: list[str] | Unset = UNSET
        if not isinstance(self.long_tickets_removed, Unset):
            long_tickets_removed = self.long_tickets_removed




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "map": map_,
            "players": players,
            "rules_version": rules_version,
            "seed_commitment": seed_commitment,
            "first_player": first_player,
            "market": market,
            "shuffles_used": shuffles_used,
        })
        if seed is not UNSET:
            field_dict["seed"] = seed
        if deck is not UNSET:
            field_dict["deck"] = deck
        if hands is not UNSET:
            field_dict["hands"] = hands
        if dealt_tickets is not UNSET:
            field_dict["dealt_tickets"] = dealt_tickets
        if ticket_deck is not UNSET:
            field_dict["ticket_deck"] = ticket_deck
        if long_tickets_removed is not UNSET:
            field_dict["long_tickets_removed"] = long_tickets_removed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        map_ = MapName(d.pop("map"))




        players = d.pop("players")

        rules_version = d.pop("rules_version")

        seed_commitment = d.pop("seed_commitment")

        first_player = d.pop("first_player")

        market = []
        _market = d.pop("market")
        for market_item_data in (_market):
            market_item = CardKind(market_item_data)



            market.append(market_item)


        shuffles_used = d.pop("shuffles_used")

        seed = d.pop("seed", UNSET)

        _deck = d.pop("deck", UNSET)
        deck: list[CardKind] | Unset = UNSET
        if _deck is not UNSET:
            deck = []
            for deck_item_data in _deck:
                deck_item = CardKind(deck_item_data)



                deck.append(deck_item)


        _hands = d.pop("hands", UNSET)
        hands: list[list[str] | None] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                def _parse_hands_item(data: object) -> list[str] | None:
                    if data is None:
                        return data
                    try:
                        if not isinstance(data, list):
                            raise TypeError()
                        hands_item_type_0 = cast(list[str], data)

                        return hands_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(list[str] | None, data)

                hands_item = _parse_hands_item(hands_item_data)

                hands.append(hands_item)


        _dealt_tickets = d.pop("dealt_tickets", UNSET)
        dealt_tickets: list[list[str] | None] | Unset = UNSET
        if _dealt_tickets is not UNSET:
            dealt_tickets = []
            for dealt_tickets_item_data in _dealt_tickets:
                def _parse_dealt_tickets_item(data: object) -> list[str] | None:
                    if data is None:
                        return data
                    try:
                        if not isinstance(data, list):
                            raise TypeError()
                        dealt_tickets_item_type_0 = cast(list[str], data)

                        return dealt_tickets_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(list[str] | None, data)

                dealt_tickets_item = _parse_dealt_tickets_item(dealt_tickets_item_data)

                dealt_tickets.append(dealt_tickets_item)


        ticket_deck = cast(list[str], d.pop("ticket_deck", UNSET))


        long_tickets_removed = cast(list[str], d.pop("long_tickets_removed", UNSET))


        game_started_data = cls(
            map_=map_,
            players=players,
            rules_version=rules_version,
            seed_commitment=seed_commitment,
            first_player=first_player,
            market=market,
            shuffles_used=shuffles_used,
            seed=seed,
            deck=deck,
            hands=hands,
            dealt_tickets=dealt_tickets,
            ticket_deck=ticket_deck,
            long_tickets_removed=long_tickets_removed,
        )


        game_started_data.additional_properties = d
        return game_started_data

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
