from enum import Enum

class RematchState(str, Enum):
    DECLINED = "declined"
    LAPSED = "lapsed"
    NONE = "none"
    OFFERED = "offered"
    STARTED = "started"

    def __str__(self) -> str:
        return str(self.value)
