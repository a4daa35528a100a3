from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_kind import CardKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DeckReshuffledData")



@_attrs_define
class DeckReshuffledData:
    """ The discard pile became the new deck (`deck`, top first).

        Example:
            {'shuffle': 7, 'size': 42}

        Attributes:
            shuffle (int):
            size (int):
            deck (list[CardKind] | Unset): Hidden from everyone until the game has ended (named in `hidden`).
     """

    shuffle: int
    size: int
    deck: list[CardKind] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        shuffle = self.shuffle

        size = self.size

        deck: list[str] | Unset = UNSET
        if not isinstance(self.deck, Unset):
            deck = []
            for deck_item_data in self.deck:
                deck_item = deck_item_data.value
                deck.append(deck_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "shuffle": shuffle,
            "size": size,
        })
        if deck is not UNSET:
            field_dict["deck"] = deck

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        shuffle = d.pop("shuffle")

        size = d.pop("size")

        _deck = d.pop("deck", UNSET)
        deck: list[CardKind] | Unset = UNSET
        if _deck is not UNSET:
            deck = []
            for deck_item_data in _deck:
                deck_item = CardKind(deck_item_data)



                deck.append(deck_item)


        deck_reshuffled_data = cls(
            shuffle=shuffle,
            size=size,
            deck=deck,
        )


        deck_reshuffled_data.additional_properties = d
        return deck_reshuffled_data

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
