from enum import StrEnum

class CardTakenEventType(StrEnum):
    CARD_TAKEN = "card_taken"

    def __str__(self) -> str:
        return str(self.value)
