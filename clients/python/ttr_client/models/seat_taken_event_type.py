from enum import Enum

class SeatTakenEventType(str, Enum):
    SEAT_TAKEN = "seat_taken"

    def __str__(self) -> str:
        return str(self.value)
