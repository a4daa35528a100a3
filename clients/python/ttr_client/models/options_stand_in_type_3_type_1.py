from enum import Enum

class OptionsStandInType3Type1(str, Enum):
    EASY = "easy"
    HARD = "hard"
    MEDIUM = "medium"

    def __str__(self) -> str:
        return str(self.value)
