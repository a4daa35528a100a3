from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.cards_drawn_deck import CardsDrawnDeck
  from ..models.cards_drawn_face_up import CardsDrawnFaceUp





T = TypeVar("T", bound="CardsDrawn")



@_attrs_define
class CardsDrawn:
    """ 
        Attributes:
            deck (CardsDrawnDeck):
            face_up (CardsDrawnFaceUp):
     """

    deck: CardsDrawnDeck
    face_up: CardsDrawnFaceUp





    def to_dict(self) -> dict[str, Any]:
        from ..models.cards_drawn_deck import CardsDrawnDeck
        from ..models.cards_drawn_face_up import CardsDrawnFaceUp
        deck = self.deck.to_dict()

        face_up = self.face_up.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "deck": deck,
            "face_up": face_up,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cards_drawn_deck import CardsDrawnDeck
        from ..models.cards_drawn_face_up import CardsDrawnFaceUp
        d = dict(src_dict)
        deck = CardsDrawnDeck.from_dict(d.pop("deck"))




        face_up = CardsDrawnFaceUp.from_dict(d.pop("face_up"))




        cards_drawn = cls(
            deck=deck,
            face_up=face_up,
        )

        return cards_drawn

