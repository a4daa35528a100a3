from enum import StrEnum

class RouteClaimedEventType(StrEnum):
    ROUTE_CLAIMED = "route_claimed"

    def __str__(self) -> str:
        return str(self.value)
