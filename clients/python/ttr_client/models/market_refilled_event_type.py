from enum import StrEnum

class MarketRefilledEventType(StrEnum):
    MARKET_REFILLED = "market_refilled"

    def __str__(self) -> str:
        return str(self.value)
