from enum import Enum

class GameScoredEventType(str, Enum):
    GAME_SCORED = "game_scored"

    def __str__(self) -> str:
        return str(self.value)
