from enum import Enum

class DrawCardType(str, Enum):
    DRAW_CARD = "draw_card"

    def __str__(self) -> str:
        return str(self.value)
