from enum import StrEnum

class ResignType(StrEnum):
    RESIGN = "resign"

    def __str__(self) -> str:
        return str(self.value)
