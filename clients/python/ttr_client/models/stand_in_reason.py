from enum import Enum

class StandInReason(str, Enum):
    RESIGNED = "resigned"
    TIMED_OUT = "timed_out"

    def __str__(self) -> str:
        return str(self.value)
