from enum import Enum

class PlayerOut(str, Enum):
    DROPPED = "dropped"
    RESIGNED = "resigned"

    def __str__(self) -> str:
        return str(self.value)
