from enum import Enum

class HintGivenEventType(str, Enum):
    HINT_GIVEN = "hint_given"

    def __str__(self) -> str:
        return str(self.value)
