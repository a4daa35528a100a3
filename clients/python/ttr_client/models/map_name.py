from enum import StrEnum

class MapName(StrEnum):
    EUROPE = "europe"
    NORDIC = "nordic"
    USA = "usa"

    def __str__(self) -> str:
        return str(self.value)
