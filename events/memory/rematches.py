"""Rematch answers in memory, by the rules of the SQL stores' `rematch_answers` table
(`events.rematches`): one answer per player and game, a refusal standing over an
acceptance.
"""

from __future__ import annotations

from dataclasses import replace

from events.clock import utcnow
from events.memory.base import Clock, MemoryTables, utc
from events.rematches import RematchAnswer


class MemoryRematches(MemoryTables):
    """Who accepted or refused a rematch (`events.ports.RematchAnswers`), in memory."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._rematch_answers: dict[tuple[str, str], RematchAnswer] = {}

    def answer_rematch(self, answer: RematchAnswer) -> None:
        """Record the player's answer (a refusal stands over an acceptance)."""
        key = (answer.game_id, answer.user_id)
        with self._lock:
            given = self._rematch_answers.get(key)
            if given is None:
                self._rematch_answers[key] = replace(
                    answer, answered_at=utc(answer.answered_at))
            else:
                self._rematch_answers[key] = replace(
                    given, accepted=given.accepted and answer.accepted)

    def rematch_answers(self, game_id: str) -> list[RematchAnswer]:
        """The answers given to the rematch of the game, first first."""
        with self._lock:
            answers = [a for (g, _), a in self._rematch_answers.items() if g == game_id]
        return sorted(answers, key=lambda a: (a.answered_at, a.user_id))
