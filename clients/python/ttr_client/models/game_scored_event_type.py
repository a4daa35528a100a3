from enum import StrEnum

class GameScoredEventType(StrEnum):
    GAME_SCORED = "game_scored"

    def __str__(self) -> str:
        return str(self.value)
