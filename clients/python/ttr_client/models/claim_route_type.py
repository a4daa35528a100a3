from enum import Enum

class ClaimRouteType(str, Enum):
    CLAIM_ROUTE = "claim_route"

    def __str__(self) -> str:
        return str(self.value)
