from enum import Enum

class TournamentStatus(str, Enum):
    FINISHED = "finished"
    OPEN = "open"
    PLAYING = "playing"

    def __str__(self) -> str:
        return str(self.value)
