from enum import StrEnum

class DeclineTunnelType(StrEnum):
    DECLINE_TUNNEL = "decline_tunnel"

    def __str__(self) -> str:
        return str(self.value)
