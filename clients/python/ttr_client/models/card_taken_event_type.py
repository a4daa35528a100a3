from enum import Enum

class CardTakenEventType(str, Enum):
    CARD_TAKEN = "card_taken"

    def __str__(self) -> str:
        return str(self.value)
