"""What each caller may see: the game, its events and the legal moves, per viewer.

This module is where hidden information is kept hidden. During play a viewer sees
the public state (the market, counts of cards and tickets, claimed routes, scores so
far) and only their own hand, tickets and pending choice; nobody sees another
player's cards or tickets, the cards drawn blind by others, or any deck order. Once
the game has ended everything is shown: hands, tickets, the seed, the deck orders.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from domain.board import Board
from domain.cards import as_mapping
from domain.events import Event
from domain.frozen import thaw
from domain.moves import legal_moves
from domain.state import Game
from domain.table import Table
from events.catalogue import encode, redact, schema_version
from events.clock import iso
from events.index import REPLACED, GameRow, seats_to_act
from events.outcome import Outcome
from events.store import Recorded


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: a user (or nobody) and the seat they hold at this table."""
    user_id: str | None
    seat: int | None

    @staticmethod
    def of(table: Table, user_id: str | None) -> Viewer:
        return Viewer(user_id, table.seat_of(user_id) if user_id is not None else None)


def ended(table: Table) -> bool:
    return table.game is not None and table.game.phase == "ended"


def game_view(game_id: str, table: Table, viewer: Viewer, row: GameRow | None = None,
              deadline: datetime | None = None, everything: bool = False) -> dict[str, Any]:
    """The game as `viewer` may see it (`row`: the index row, for times and deadline).

    `everything` shows every player's hand, tickets and pending tickets (the states
    of a game that has ended); they are shown anyway once this state has ended.
    """
    over = ended(table)
    if row is not None and deadline is None:
        deadline = row.deadline
    to_act = seats_to_act(table)
    view = _table_view(game_id, table, row, deadline, to_act, over)
    view["players"] = _players_view(table, to_act, everything or over)
    game = table.game
    if game is not None:
        _add_play_view(view, game)
        if viewer.seat is not None:
            view["you"] = your_view(table, viewer.seat)
    return view


def _table_view(game_id: str, table: Table, row: GameRow | None, deadline: datetime | None,
                to_act: tuple[int, ...], over: bool) -> dict[str, Any]:
    """What anyone may see of the table, with every key of the game view in place (the
    parts of a game in play left empty until `_add_play_view`)."""
    game = table.game
    return {
        "id": game_id,
        "map": table.map,
        "status": table.status,
        "version": table.version,
        "rules_version": table.rules_version,
        "seats": table.capacity,
        "private": table.private,
        "created_by": table.created_by,
        "created_at": iso(row.created_at) if row else None,
        "last_activity": iso(row.last_activity) if row else None,
        "options": {"turn_time_limit": table.turn_time_limit,
                    "drop_after_timeouts": table.drop_after_timeouts,
                    "stand_in": table.stand_in, "rated": table.rated},
        "seed_commitment": table.seed_commitment,
        "seed": table.seed.hex() if over else None,
        "phase": game.phase if game else None,
        "to_act": list(to_act),
        "deadline": iso(deadline) if to_act else None,
        "away": list(table.away),
        "players": [],
        "turn": None,
        "market": [],
        "deck_count": 0,
        "discard_count": 0,
        "ticket_deck_count": 0,
        "tunnel": None,
        "final_round": None,
        "end_reason": None,
        "you": None,
        "score": [dict(s) for s in table.score] if table.score is not None else None,
    }


def _players_view(table: Table, to_act: tuple[int, ...],
                  everything: bool) -> list[dict[str, Any]]:
    """Each seat's holder and, once the game has started, their public counts (and with
    `everything` their hand and tickets too)."""
    game = table.game
    players: list[dict[str, Any]] = []
    for seat, holder in enumerate(table.seats):
        entry: dict[str, Any] = {"seat": seat, "user_id": holder.user_id, "name": holder.name,
                                 "to_act": seat in to_act, "bot": holder.bot is not None,
                                 "level": holder.bot, "stands_in_for": holder.stands_in_for}
        if game is not None:
            p = game.players[seat]
            board = game.board
            entry.update({
                "out": p.out,
                "trains": p.trains,
                "stations_left": p.stations_left,
                "stations": list(p.stations),
                "routes": [board.routes[i].id for i in p.routes],
                "route_points": p.route_points,
                "hand_size": p.hand_size,
                "ticket_count": len(p.tickets),
                "pending_ticket_count": len(p.pending_tickets),
                "timeouts_in_a_row": p.timeouts_in_a_row,
            })
            if everything:
                entry["hand"] = as_mapping(p.hand)
                entry["tickets"] = [ticket_view(board, t) for t in p.tickets]
                entry["pending_tickets"] = [ticket_view(board, t) for t in p.pending_tickets]
        players.append(entry)
    return players


def _add_play_view(view: dict[str, Any], game: Game) -> None:
    """The public parts of a game in play: market, piles, whose turn, a tunnel being
    attempted, the final round, how it ended."""
    view.update({
        "market": list(game.market),
        "deck_count": len(game.deck),
        "discard_count": sum(game.discard),
        "ticket_deck_count": len(game.ticket_deck),
        "end_reason": game.end_reason,
    })
    if game.phase == "playing":
        view["turn"] = {"seat": game.current, "step": game.step, "number": game.turns + 1}
    tunnel = game.tunnel
    if tunnel is not None:
        view["tunnel"] = {"seat": game.current, "route": game.board.routes[tunnel.route].id,
                          "cards": as_mapping(tunnel.cards), "color": tunnel.color,
                          "revealed": list(tunnel.revealed),
                          "extra_cards": tunnel.extra_cards}
    if game.final_round_by is not None:
        view["final_round"] = {"started_by": game.final_round_by,
                               "turns_owed": list(game.final_turns_owed)}


def your_view(table: Table, seat: int) -> dict[str, Any]:
    """The caller's own hidden information: hand, tickets, pending choice."""
    game = table.game
    assert game is not None
    p = game.players[seat]
    board = game.board
    pending: dict[str, Any] | None = None
    rules = game.rules
    if p.pending_tickets and p.out is None:
        keep = rules.setup_keep_at_least if game.phase == "setup" else rules.draw_keep_at_least
        pending = {"kind": "keep_tickets",
                   "keep_at_least": min(keep, len(p.pending_tickets))}
    elif game.phase == "playing" and game.current == seat and game.step == "tunnel":
        pending = {"kind": "tunnel"}
    elif game.phase == "playing" and game.current == seat and game.step == "second_card":
        pending = {"kind": "second_card"}
    return {
        "seat": seat,
        "hand": as_mapping(p.hand),
        "tickets": [ticket_view(board, t) for t in p.tickets],
        "pending_tickets": [ticket_view(board, t) for t in p.pending_tickets],
        "pending": pending,
    }


def ticket_view(board: Board, ticket_id: str) -> dict[str, Any]:
    t = board.ticket_by_id[ticket_id]
    return {"id": t.id, "from": t.a, "to": t.b, "points": t.points}


def moves_view(table: Table, viewer: Viewer) -> list[dict[str, Any]]:
    """Every command the viewer may send now, exactly as the actions endpoint takes it."""
    game = table.game
    if game is None or viewer.seat is None or game.phase == "ended":
        return []
    moves = [m.as_dict() for m in legal_moves(game, viewer.seat)]
    if game.players[viewer.seat].out is None:
        moves.append({"type": "resign"})
    return moves


def moves_answer(game_id: str, table: Table, viewer: Viewer) -> dict[str, Any]:
    """`GET …/moves`'s answer (`LegalMoves`): the viewer's moves and the version they are of."""
    return {"game_id": game_id, "version": table.version, "seat": viewer.seat,
            "moves": moves_view(table, viewer)}


def actor_view(actor: str) -> dict[str, Any]:
    """`seat:2` → {"kind": "seat", "seat": 2}; `user:…`; `system:…`."""
    kind, _, rest = actor.partition(":")
    if kind == "seat":
        return {"kind": "seat", "seat": int(rest)}
    if kind == "user":
        return {"kind": "user", "user_id": rest}
    return {"kind": "system", "name": rest}


def event_view(rec: Recorded, seat: int | None, everything: bool) -> dict[str, Any]:
    """A stored event as `seat` may see it (`everything`: the game has ended)."""
    data, hidden = redact(rec.data, rec.private, rec.audience, seat, everything)
    return _event(rec.game_id, rec.version, rec.position, rec.type, rec.schema_version,
                  rec.recorded_at, rec.actor, data, hidden)


def _event(game_id: str, version: int, position: int | None, type_name: str,
           schema: int, recorded_at: datetime, actor: str, data: Mapping[str, Any],
           hidden: list[str]) -> dict[str, Any]:
    return {"game_id": game_id, "version": version, "position": position,
            "type": type_name, "schema_version": schema, "recorded_at": iso(recorded_at),
            "actor": actor_view(actor), "data": data, "hidden": hidden}


def row_view(row: GameRow, user_id: str | None = None) -> dict[str, Any]:
    """A game in a list (the lobby, a user's games), from the index alone."""
    you = next((p for p in row.players if p.user_id == user_id), None)
    # a player a stand-in bot holds the seat for keeps the game among theirs, but the
    # seat is the bot's
    holders = [p for p in row.players if p.out != REPLACED]
    return {
        "id": row.game_id,
        "map": row.map,
        "status": row.status,
        "private": row.private,
        "seats": row.seats,
        "seats_taken": row.seats_taken,
        "created_by": row.created_by,
        "created_at": iso(row.created_at),
        "last_activity": iso(row.last_activity),
        "version": row.version,
        "turn_time_limit": row.turn_time_limit,
        "deadline": iso(row.deadline),
        "players": [{"seat": p.seat, "user_id": p.user_id, "name": p.name,
                     "to_act": p.to_act, "out": p.out, "bot": p.bot is not None,
                     "level": p.bot} for p in holders],
        "to_act": [p.seat for p in holders if p.to_act],
        "your_seat": you.seat if you is not None else None,
        "your_turn": bool(you and you.to_act),
    }


def new_event_view(game_id: str, version: int, event: Event, actor: str,
                   recorded_at: datetime, seat: int | None, everything: bool) -> dict[str, Any]:
    """An event just decided (not read back from the store: it has no position yet)."""
    data, private, audience = encode(event)
    shown, hidden = redact(data, private, audience, seat, everything)
    return _event(game_id, version, None, event.TYPE, schema_version(event.TYPE),
                  recorded_at, actor, shown, hidden)


def action_view(outcome: Outcome, user_id: str, actor: str, deadline: datetime | None,
                minimal: bool = False) -> dict[str, Any]:
    """The answer to a player's command: its events, the game and the moves as the
    player now sees them (`minimal`: without the game)."""
    after = outcome.after
    viewer = Viewer.of(after, user_id)
    everything = ended(after)
    events = [new_event_view(outcome.game_id, outcome.first_version + i, event, actor,
                             outcome.recorded_at, viewer.seat, everything)
              for i, event in enumerate(outcome.events)]
    result = {"game_id": outcome.game_id, "version": after.version, "status": after.status,
              "phase": after.game.phase if after.game else None,
              "to_act": list(seats_to_act(after)), "events": events,
              "moves": moves_view(after, viewer)}
    if not minimal:
        result["game"] = game_view(outcome.game_id, after, viewer, deadline=deadline)
    return result


def score_view(game_id: str, table: Table) -> dict[str, Any]:
    """The final score: each seat's as the rules compute it, with the player's name."""
    assert table.score is not None
    players = []
    for entry in table.score:
        score = thaw(entry)
        seat = score["seat"]
        players.append({**score, "user_id": table.seats[seat].user_id,
                        "name": table.seats[seat].name})
    return {"game_id": game_id, "status": table.status, "players": players,
            "winners": [p["seat"] for p in players if p.get("winner")]}

