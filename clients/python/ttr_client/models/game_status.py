from enum import StrEnum

class GameStatus(StrEnum):
    FINISHED = "finished"
    OPEN = "open"
    PLAYING = "playing"
    SCORING = "scoring"

    def __str__(self) -> str:
        return str(self.value)
