from enum import Enum

class CardKind(str, Enum):
    BLACK = "black"
    BLUE = "blue"
    GREEN = "green"
    LOCOMOTIVE = "locomotive"
    ORANGE = "orange"
    PURPLE = "purple"
    RED = "red"
    WHITE = "white"
    YELLOW = "yellow"

    def __str__(self) -> str:
        return str(self.value)
