from enum import Enum

class SetupTicketsReturnedEventType(str, Enum):
    SETUP_TICKETS_RETURNED = "setup_tickets_returned"

    def __str__(self) -> str:
        return str(self.value)
