from enum import Enum

class GetGameEventsSnapshots(str, Enum):
    EACH = "each"
    START = "start"

    def __str__(self) -> str:
        return str(self.value)
