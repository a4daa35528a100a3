from enum import StrEnum

class TurnTimedOutEventType(StrEnum):
    TURN_TIMED_OUT = "turn_timed_out"

    def __str__(self) -> str:
        return str(self.value)
