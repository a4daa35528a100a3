from enum import Enum

class DrawTicketsType(str, Enum):
    DRAW_TICKETS = "draw_tickets"

    def __str__(self) -> str:
        return str(self.value)
