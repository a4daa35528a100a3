from enum import Enum

class TicketsDrawnEventType(str, Enum):
    TICKETS_DRAWN = "tickets_drawn"

    def __str__(self) -> str:
        return str(self.value)
