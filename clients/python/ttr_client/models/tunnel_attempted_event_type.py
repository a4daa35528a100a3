from enum import Enum

class TunnelAttemptedEventType(str, Enum):
    TUNNEL_ATTEMPTED = "tunnel_attempted"

    def __str__(self) -> str:
        return str(self.value)
