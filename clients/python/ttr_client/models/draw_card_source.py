from enum import Enum

class DrawCardSource(str, Enum):
    DECK = "deck"
    MARKET = "market"

    def __str__(self) -> str:
        return str(self.value)
