from enum import Enum

class DeckReshuffledEventType(str, Enum):
    DECK_RESHUFFLED = "deck_reshuffled"

    def __str__(self) -> str:
        return str(self.value)
