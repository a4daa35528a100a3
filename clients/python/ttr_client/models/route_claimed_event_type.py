from enum import Enum

class RouteClaimedEventType(str, Enum):
    ROUTE_CLAIMED = "route_claimed"

    def __str__(self) -> str:
        return str(self.value)
