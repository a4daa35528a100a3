from enum import Enum

class Reaction(str, Enum):
    GOOD_GAME = "good_game"
    GOOD_LUCK = "good_luck"
    HURRY = "hurry"
    NICE_MOVE = "nice_move"
    OOPS = "oops"
    THANKS = "thanks"
    THINKING = "thinking"
    WELL_PLAYED = "well_played"

    def __str__(self) -> str:
        return str(self.value)
