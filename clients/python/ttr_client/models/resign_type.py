from enum import Enum

class ResignType(str, Enum):
    RESIGN = "resign"

    def __str__(self) -> str:
        return str(self.value)
