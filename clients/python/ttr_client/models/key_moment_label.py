from enum import Enum

class KeyMomentLabel(str, Enum):
    BLUNDER = "blunder"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"

    def __str__(self) -> str:
        return str(self.value)
