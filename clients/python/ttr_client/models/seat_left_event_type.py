from enum import Enum

class SeatLeftEventType(str, Enum):
    SEAT_LEFT = "seat_left"

    def __str__(self) -> str:
        return str(self.value)
