from enum import Enum

class DeclineTunnelType(str, Enum):
    DECLINE_TUNNEL = "decline_tunnel"

    def __str__(self) -> str:
        return str(self.value)
