from enum import Enum

class ReactionSentEventType(str, Enum):
    REACTION_SENT = "reaction_sent"

    def __str__(self) -> str:
        return str(self.value)
