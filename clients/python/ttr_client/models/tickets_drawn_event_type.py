from enum import StrEnum

class TicketsDrawnEventType(StrEnum):
    TICKETS_DRAWN = "tickets_drawn"

    def __str__(self) -> str:
        return str(self.value)
