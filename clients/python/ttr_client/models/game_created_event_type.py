from enum import Enum

class GameCreatedEventType(str, Enum):
    GAME_CREATED = "game_created"

    def __str__(self) -> str:
        return str(self.value)
