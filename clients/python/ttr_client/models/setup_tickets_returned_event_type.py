from enum import StrEnum

class SetupTicketsReturnedEventType(StrEnum):
    SETUP_TICKETS_RETURNED = "setup_tickets_returned"

    def __str__(self) -> str:
        return str(self.value)
