from enum import StrEnum

class Phase(StrEnum):
    ENDED = "ended"
    PLAYING = "playing"
    SETUP = "setup"

    def __str__(self) -> str:
        return str(self.value)
