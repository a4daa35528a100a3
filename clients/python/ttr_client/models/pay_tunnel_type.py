from enum import StrEnum

class PayTunnelType(StrEnum):
    PAY_TUNNEL = "pay_tunnel"

    def __str__(self) -> str:
        return str(self.value)
