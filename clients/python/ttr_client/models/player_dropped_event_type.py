from enum import StrEnum

class PlayerDroppedEventType(StrEnum):
    PLAYER_DROPPED = "player_dropped"

    def __str__(self) -> str:
        return str(self.value)
