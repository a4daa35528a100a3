from enum import Enum

class MarketResetEventType(str, Enum):
    MARKET_RESET = "market_reset"

    def __str__(self) -> str:
        return str(self.value)
