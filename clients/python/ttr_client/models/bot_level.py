from enum import Enum

class BotLevel(str, Enum):
    EASY = "easy"
    EXPERT = "expert"
    HARD = "hard"
    MEDIUM = "medium"

    def __str__(self) -> str:
        return str(self.value)
