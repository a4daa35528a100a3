from enum import Enum

class TunnelCardsRevealedEventType(str, Enum):
    TUNNEL_CARDS_REVEALED = "tunnel_cards_revealed"

    def __str__(self) -> str:
        return str(self.value)
