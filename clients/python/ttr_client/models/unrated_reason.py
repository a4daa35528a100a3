from enum import Enum

class UnratedReason(str, Enum):
    EARLY_RESIGNATION = "early_resignation"
    EARLY_TIMEOUT = "early_timeout"
    NEW_OPPONENTS = "new_opponents"
    REPEAT_OPPONENTS = "repeat_opponents"
    SOLO = "solo"
    UNRATED_TABLE = "unrated_table"

    def __str__(self) -> str:
        return str(self.value)
