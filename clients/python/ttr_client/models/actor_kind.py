from enum import StrEnum

class ActorKind(StrEnum):
    SEAT = "seat"
    SYSTEM = "system"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
