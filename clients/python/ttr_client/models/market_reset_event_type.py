from enum import StrEnum

class MarketResetEventType(StrEnum):
    MARKET_RESET = "market_reset"

    def __str__(self) -> str:
        return str(self.value)
