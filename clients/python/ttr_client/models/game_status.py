from enum import Enum

class GameStatus(str, Enum):
    FINISHED = "finished"
    OPEN = "open"
    PLAYING = "playing"
    SCORING = "scoring"

    def __str__(self) -> str:
        return str(self.value)
