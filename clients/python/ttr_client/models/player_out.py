from enum import StrEnum

class PlayerOut(StrEnum):
    DROPPED = "dropped"
    RESIGNED = "resigned"

    def __str__(self) -> str:
        return str(self.value)
