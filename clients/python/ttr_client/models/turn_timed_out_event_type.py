from enum import Enum

class TurnTimedOutEventType(str, Enum):
    TURN_TIMED_OUT = "turn_timed_out"

    def __str__(self) -> str:
        return str(self.value)
