from enum import Enum

class PlayerReturnedEventType(str, Enum):
    PLAYER_RETURNED = "player_returned"

    def __str__(self) -> str:
        return str(self.value)
