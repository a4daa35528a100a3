from enum import StrEnum

class FinalRoundStartedEventType(StrEnum):
    FINAL_ROUND_STARTED = "final_round_started"

    def __str__(self) -> str:
        return str(self.value)
