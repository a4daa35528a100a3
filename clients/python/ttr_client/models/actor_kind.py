from enum import Enum

class ActorKind(str, Enum):
    SEAT = "seat"
    SYSTEM = "system"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
