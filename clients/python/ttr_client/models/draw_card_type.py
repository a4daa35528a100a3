from enum import StrEnum

class DrawCardType(StrEnum):
    DRAW_CARD = "draw_card"

    def __str__(self) -> str:
        return str(self.value)
