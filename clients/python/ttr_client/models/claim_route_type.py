from enum import StrEnum

class ClaimRouteType(StrEnum):
    CLAIM_ROUTE = "claim_route"

    def __str__(self) -> str:
        return str(self.value)
