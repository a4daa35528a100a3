from enum import Enum

class PlayerDroppedEventType(str, Enum):
    PLAYER_DROPPED = "player_dropped"

    def __str__(self) -> str:
        return str(self.value)
