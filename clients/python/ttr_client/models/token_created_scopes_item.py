from enum import Enum

class TokenCreatedScopesItem(str, Enum):
    ADMIN = "admin"
    PLAY = "play"
    READ = "read"
    WEBHOOKS = "webhooks"

    def __str__(self) -> str:
        return str(self.value)
