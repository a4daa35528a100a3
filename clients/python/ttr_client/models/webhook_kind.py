from enum import Enum

class WebhookKind(str, Enum):
    DEADLINE_NEAR = "deadline_near"
    GAME_ENDED = "game_ended"
    GAME_SCORED = "game_scored"
    GAME_STARTED = "game_started"
    PING = "ping"
    PLAYER_LEFT = "player_left"
    PLAYER_TIMED_OUT = "player_timed_out"
    STAND_IN_SEATED = "stand_in_seated"
    YOUR_TURN = "your_turn"

    def __str__(self) -> str:
        return str(self.value)
