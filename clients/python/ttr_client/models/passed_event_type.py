from enum import Enum

class PassedEventType(str, Enum):
    PASSED = "passed"

    def __str__(self) -> str:
        return str(self.value)
