from enum import Enum

class PayTunnelType(str, Enum):
    PAY_TUNNEL = "pay_tunnel"

    def __str__(self) -> str:
        return str(self.value)
