from enum import Enum

class MapName(str, Enum):
    EUROPE = "europe"
    NORDIC = "nordic"
    USA = "usa"

    def __str__(self) -> str:
        return str(self.value)
