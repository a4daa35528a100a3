from enum import Enum

class TurnStep(str, Enum):
    KEEP_TICKETS = "keep_tickets"
    SECOND_CARD = "second_card"
    START = "start"
    TUNNEL = "tunnel"

    def __str__(self) -> str:
        return str(self.value)
