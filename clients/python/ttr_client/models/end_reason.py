from enum import Enum

class EndReason(str, Enum):
    DEADLOCK = "deadlock"
    FINAL_ROUND = "final_round"
    LAST_PLAYER = "last_player"

    def __str__(self) -> str:
        return str(self.value)
