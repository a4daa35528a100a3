from enum import Enum

class Phase(str, Enum):
    ENDED = "ended"
    PLAYING = "playing"
    SETUP = "setup"

    def __str__(self) -> str:
        return str(self.value)
