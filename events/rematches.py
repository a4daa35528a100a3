"""Rematch answers in the store (migration 10): who of a finished game's players has
accepted a rematch, and who has turned it down.

One row per player and game. The first answer opens the offer (its time is when the
offer was made, from which it lapses); an acceptance given again changes nothing, and a
refusal stands over an acceptance (a refused offer lapses for everyone), never the other
way round. Whether every player has accepted, and the game that then starts, are the
referee's (`referee.rematch`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from events.database import Database


@dataclass(frozen=True, slots=True)
class RematchAnswer:
    """A player's answer to the rematch of a game."""
    game_id: str
    user_id: str
    accepted: bool
    answered_at: datetime


class RematchTables(Database):
    """The `rematch_answers` table (`events.ports.RematchAnswers`)."""

    def answer_rematch(self, answer: RematchAnswer) -> None:
        """Record the player's answer (see the module doc for which answer stands)."""
        with self.transaction() as cur:
            cur.execute(
                "INSERT INTO rematch_answers (game_id, user_id, accepted, answered_at) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (game_id, user_id) DO UPDATE "
                "SET accepted = (rematch_answers.accepted AND excluded.accepted)",
                (answer.game_id, answer.user_id, answer.accepted,
                 self.time_param(answer.answered_at)))

    def rematch_answers(self, game_id: str) -> list[RematchAnswer]:
        """The answers given to the rematch of the game, first first."""
        with self.reading() as cur:
            cur.execute("SELECT user_id, accepted, answered_at FROM rematch_answers "
                        "WHERE game_id = %s ORDER BY answered_at, user_id", (game_id,))
            rows = cur.fetchall()
        return [RematchAnswer(game_id, str(user_id), bool(accepted), self.time_value(at))
                for user_id, accepted, at in rows]
