from enum import Enum

class TicketsKeptEventType(str, Enum):
    TICKETS_KEPT = "tickets_kept"

    def __str__(self) -> str:
        return str(self.value)
