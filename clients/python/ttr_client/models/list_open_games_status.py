from enum import Enum

class ListOpenGamesStatus(str, Enum):
    OPEN = "open"
    PLAYING = "playing"

    def __str__(self) -> str:
        return str(self.value)
