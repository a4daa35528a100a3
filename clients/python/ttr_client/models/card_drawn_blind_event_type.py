from enum import StrEnum

class CardDrawnBlindEventType(StrEnum):
    CARD_DRAWN_BLIND = "card_drawn_blind"

    def __str__(self) -> str:
        return str(self.value)
