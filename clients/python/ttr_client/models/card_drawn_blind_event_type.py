from enum import Enum

class CardDrawnBlindEventType(str, Enum):
    CARD_DRAWN_BLIND = "card_drawn_blind"

    def __str__(self) -> str:
        return str(self.value)
