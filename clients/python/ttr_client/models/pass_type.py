from enum import StrEnum

class PassType(StrEnum):
    PASS = "pass"

    def __str__(self) -> str:
        return str(self.value)
