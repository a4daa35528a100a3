from enum import Enum

class StandInSeatedEventType(str, Enum):
    STAND_IN_SEATED = "stand_in_seated"

    def __str__(self) -> str:
        return str(self.value)
