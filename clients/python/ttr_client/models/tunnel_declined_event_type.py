from enum import Enum

class TunnelDeclinedEventType(str, Enum):
    TUNNEL_DECLINED = "tunnel_declined"

    def __str__(self) -> str:
        return str(self.value)
