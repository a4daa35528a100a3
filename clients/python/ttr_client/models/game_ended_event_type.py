from enum import Enum

class GameEndedEventType(str, Enum):
    GAME_ENDED = "game_ended"

    def __str__(self) -> str:
        return str(self.value)
