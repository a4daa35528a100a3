"""Games brought to a claim the table's browser tests need (`tests/browser/
test_web_client_claims.py`): a route with several payments or with one, a tunnel whose
revealed cards cost more that the hand can pay, or one it cannot pay.

The deal is the server's own (a random seed): the test reads the game's log from the
server's SQLite file, the seed with it, rebuilds the state with the domain (deck order
included) and searches, with the domain alone, for the draws that lead to the position
wanted. Those draws are then sent through the API by the players, as any player could
send them; the claim itself is left to the page. Nothing of the server is changed or
stood in for: the test only knows, as the server does, which card comes next.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from domain.cards import LOCOMOTIVE
from domain.commands import ClaimRoute, Command, DrawCard, DrawTickets, KeepTickets, PayTunnel
from domain.decide import execute
from domain.events import Event
from domain.moves import legal_moves
from domain.state import Game
from domain.table import replay_table
from events.sqlite import SqliteStore
from tests.web_client_support import Server

# how many positions the search may look at before it gives up (each is one `execute`)
SEARCH_BUDGET = 40_000


@dataclass(frozen=True)
class Target:
    """The claim the page is to make, by `seat`, from the position the draws lead to."""
    seat: int
    claim: ClaimRoute
    draws: tuple[tuple[int, Command], ...]  # (seat, command), in order


# a position's claim for the seat on turn that a test wants, or None
Wanted = Callable[[Game, int], ClaimRoute | None]


def game_state(database: Path, game_id: str) -> Game:
    """The whole state of `game_id` (hands and deck order too), from the server's log."""
    store = SqliteStore(str(database))
    try:
        events: list[Event] = [r.event() for r in store.read_stream(game_id)]
    finally:
        store.close()
    game = replay_table(events).game
    assert game is not None, f"{game_id} has not started"
    return game


def _turns(game: Game) -> Iterator[tuple[Command, ...]]:
    """The few whole turns of draws the search tries for the player on turn: two cards
    from the deck, a face-up card then the deck, or tickets (which leave the card deck
    alone): each leaves a different card on top of the deck."""
    seat = game.current
    moves = legal_moves(game, seat)
    yield (DrawCard("deck"), DrawCard("deck"))
    face_up = [m for m in moves if isinstance(m, DrawCard) and m.source == "market"
               and game.market[m.slot or 0] != LOCOMOTIVE]
    if face_up:
        yield (face_up[0], DrawCard("deck"))
    if any(isinstance(m, DrawTickets) for m in moves):
        _, after = execute(game, seat, DrawTickets())
        yield (DrawTickets(), next(m for m in legal_moves(after, seat)
                                   if isinstance(m, KeepTickets)))


def find(game: Game, wanted: Wanted) -> Target:
    """The fewest draws (breadth first) after which the player on turn, whichever it
    is, has a claim `wanted` accepts; and that claim."""
    queue: deque[tuple[Game, tuple[tuple[int, Command], ...]]] = deque([(game, ())])
    looked = 0
    while queue:
        state, path = queue.popleft()
        if state.step == "start":
            claim = wanted(state, state.current)
            if claim is not None:
                return Target(state.current, claim, path)
        for turn in _turns(state):
            looked += 1
            if looked > SEARCH_BUDGET:
                raise AssertionError("no such position within the search's budget")
            mover, after, steps = state.current, state, list(path)
            for command in turn:
                _, after = execute(after, mover, command)
                steps.append((mover, command))
            if after.phase == "playing":
                queue.append((after, tuple(steps)))
    raise AssertionError("no such position")


def _claims(game: Game, seat: int) -> dict[str, list[ClaimRoute]]:
    by_route: dict[str, list[ClaimRoute]] = {}
    for move in legal_moves(game, seat):
        if isinstance(move, ClaimRoute):
            by_route.setdefault(move.route, []).append(move)
    return by_route


def route_with_payments(several: bool) -> Wanted:
    """A route that is no tunnel, with several legal payments (`several`) or one."""
    def wanted(game: Game, seat: int) -> ClaimRoute | None:
        for route_id, moves in sorted(_claims(game, seat).items()):
            route = game.board.route_by_id[route_id]
            if not route.tunnel and (len(moves) > 1) == several:
                return moves[-1] if several else moves[0]
        return None
    return wanted


def tunnel_costing_more(payable: bool) -> Wanted:
    """A tunnel claim whose revealed cards cost more: payable with the cards left, or
    not payable at all."""
    def wanted(game: Game, seat: int) -> ClaimRoute | None:
        for route_id, moves in sorted(_claims(game, seat).items()):
            if not game.board.route_by_id[route_id].tunnel:
                continue
            for move in moves:
                _, after = execute(game, seat, move)
                if after.step != "tunnel":
                    continue
                pays = [m for m in legal_moves(after, seat) if isinstance(m, PayTunnel)]
                if bool(pays) == payable:
                    return move
        return None
    return wanted


def bring_to(server: Server, database: Path, game_id: str, tokens: list[str],
             wanted: Wanted) -> Target:
    """Play the draws that lead to a claim `wanted` accepts, through the API; answers
    the claim and its seat (the page is to make it)."""
    target = find(game_state(database, game_id), wanted)
    for mover, command in target.draws:
        server.api("POST", f"/v1/games/{game_id}/actions", command.as_dict(), tokens[mover])
    # the server dealt the same cards
    assert wanted(game_state(database, game_id), target.seat) == target.claim
    return target
