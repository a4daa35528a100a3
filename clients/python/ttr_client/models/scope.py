from enum import Enum

class Scope(str, Enum):
    ADMIN = "admin"
    PLAY = "play"
    READ = "read"
    WEBHOOKS = "webhooks"

    def __str__(self) -> str:
        return str(self.value)
