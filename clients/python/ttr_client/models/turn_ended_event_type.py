from enum import Enum

class TurnEndedEventType(str, Enum):
    TURN_ENDED = "turn_ended"

    def __str__(self) -> str:
        return str(self.value)
