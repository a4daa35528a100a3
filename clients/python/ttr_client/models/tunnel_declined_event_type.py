from enum import StrEnum

class TunnelDeclinedEventType(StrEnum):
    TUNNEL_DECLINED = "tunnel_declined"

    def __str__(self) -> str:
        return str(self.value)
