from enum import Enum

class DeadlineResumedEventType(str, Enum):
    DEADLINE_RESUMED = "deadline_resumed"

    def __str__(self) -> str:
        return str(self.value)
