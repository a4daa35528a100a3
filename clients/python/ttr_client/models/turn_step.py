from enum import StrEnum

class TurnStep(StrEnum):
    KEEP_TICKETS = "keep_tickets"
    SECOND_CARD = "second_card"
    START = "start"
    TUNNEL = "tunnel"

    def __str__(self) -> str:
        return str(self.value)
