from enum import Enum

class PendingKind(str, Enum):
    KEEP_TICKETS = "keep_tickets"
    SECOND_CARD = "second_card"
    TUNNEL = "tunnel"

    def __str__(self) -> str:
        return str(self.value)
