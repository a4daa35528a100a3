from enum import Enum

class MatchState(str, Enum):
    CANCELLED = "cancelled"
    MATCHED = "matched"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
