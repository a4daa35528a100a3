from enum import Enum

class NoticeChannelsStandInSeated(str, Enum):
    BOTH = "both"
    MAIL = "mail"
    NONE = "none"
    PUSH = "push"

    def __str__(self) -> str:
        return str(self.value)
