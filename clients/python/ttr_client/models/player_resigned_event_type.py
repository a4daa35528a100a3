from enum import Enum

class PlayerResignedEventType(str, Enum):
    PLAYER_RESIGNED = "player_resigned"

    def __str__(self) -> str:
        return str(self.value)
