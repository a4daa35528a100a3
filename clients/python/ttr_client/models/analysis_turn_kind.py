from enum import Enum

class AnalysisTurnKind(str, Enum):
    CARDS = "cards"
    CLAIM = "claim"
    LEFT = "left"
    PASS = "pass"
    STATION = "station"
    TICKETS = "tickets"
    TIMED_OUT = "timed_out"
    TUNNEL_DECLINED = "tunnel_declined"

    def __str__(self) -> str:
        return str(self.value)
