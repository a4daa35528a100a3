from enum import StrEnum

class TicketsKeptEventType(StrEnum):
    TICKETS_KEPT = "tickets_kept"

    def __str__(self) -> str:
        return str(self.value)
