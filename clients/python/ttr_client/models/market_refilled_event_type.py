from enum import Enum

class MarketRefilledEventType(str, Enum):
    MARKET_REFILLED = "market_refilled"

    def __str__(self) -> str:
        return str(self.value)
