from enum import Enum

class FinalRoundStartedEventType(str, Enum):
    FINAL_ROUND_STARTED = "final_round_started"

    def __str__(self) -> str:
        return str(self.value)
