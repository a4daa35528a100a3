from enum import Enum

class SeedRevealedEventType(str, Enum):
    SEED_REVEALED = "seed_revealed"

    def __str__(self) -> str:
        return str(self.value)
