from enum import StrEnum

class ListOpenGamesStatus(StrEnum):
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
