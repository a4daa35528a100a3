"""From a finished game's state to the final score: what each player holds at the end."""

from __future__ import annotations

from domain.scoring import PlayerScore, Position, final_scores
from domain.state import Game


def positions_of(game: Game) -> tuple[Position, ...]:
    """Each player's routes, stations, kept tickets and stations in reserve, in seat order."""
    board = game.board
    return tuple(
        Position(
            seat=seat,
            routes=tuple(board.routes[i].id for i in player.routes),
            stations=player.stations,
            tickets=player.tickets,
            stations_left=player.stations_left,
            out=player.out is not None,
        )
        for seat, player in enumerate(game.players)
    )


def score_game(game: Game) -> tuple[PlayerScore, ...]:
    """The final score breakdown of `game` (any state: the score as if it ended now)."""
    return final_scores(game.board, game.rules, positions_of(game))
