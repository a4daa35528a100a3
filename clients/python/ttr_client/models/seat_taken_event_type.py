from enum import StrEnum

class SeatTakenEventType(StrEnum):
    SEAT_TAKEN = "seat_taken"

    def __str__(self) -> str:
        return str(self.value)
