from enum import Enum

class PassType(str, Enum):
    PASS = "pass"

    def __str__(self) -> str:
        return str(self.value)
