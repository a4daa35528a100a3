from enum import Enum

class DeadlinePausedEventType(str, Enum):
    DEADLINE_PAUSED = "deadline_paused"

    def __str__(self) -> str:
        return str(self.value)
