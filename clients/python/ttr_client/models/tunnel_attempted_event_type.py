from enum import StrEnum

class TunnelAttemptedEventType(StrEnum):
    TUNNEL_ATTEMPTED = "tunnel_attempted"

    def __str__(self) -> str:
        return str(self.value)
