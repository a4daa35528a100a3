from enum import Enum

class WinChancesStatus(str, Enum):
    OFF = "off"
    PENDING = "pending"
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
