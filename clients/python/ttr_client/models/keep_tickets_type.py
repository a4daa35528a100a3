from enum import Enum

class KeepTicketsType(str, Enum):
    KEEP_TICKETS = "keep_tickets"

    def __str__(self) -> str:
        return str(self.value)
