from enum import StrEnum

class DrawCardSource(StrEnum):
    DECK = "deck"
    MARKET = "market"

    def __str__(self) -> str:
        return str(self.value)
