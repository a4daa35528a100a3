"""Rule violations: what `decide` raises when a command breaks a rule.

Every violation has a stable machine-readable code (clients switch on it) and a
message that names the rule. The codes, grouped by what was wrong::

    RuleViolation
    ├── the game:     game_over, game_not_started, not_your_turn, wrong_step
    ├── leaving:      player_out
    ├── deadlines:    not_due (the system's time-out command)
    ├── the command:  unknown_command, malformed_command, unknown_route, unknown_city,
    │                 unknown_ticket
    ├── routes:       route_taken, double_route_closed, double_route_own,
    │                 not_enough_trains, cards_not_held, payment_invalid,
    │                 locomotive_not_allowed
    ├── cards:        deck_empty, slot_empty, second_card_locomotive
    ├── tickets:      no_tickets_left, keep_too_few, ticket_not_offered
    ├── stations:     stations_not_in_map, no_stations_left, city_has_station,
    │                 station_payment_invalid
    ├── tunnels:      tunnel_payment_invalid, no_pending_tunnel
    ├── passing:      pass_not_allowed
    └── the table:    not_seated, already_seated, table_full, invite_required,
                      game_already_started, not_creator, not_enough_players,
                      game_not_over, already_scored, no_stand_in, not_replaced,
                      hints_rated
    └── reactions:    unknown_reaction, reaction_after_end
    └── vacations:    vacation_in_past, vacation_overlaps, vacation_allowance,
                      no_vacation
"""

from __future__ import annotations

CODES: dict[str, str] = {
    "game_over": "The game has ended.",
    "game_not_started": "The game has not started.",
    "not_your_turn": "It is not this player's turn.",
    "wrong_step": "The command does not fit the current step of the turn.",
    "player_out": "This player has left the game.",
    "not_due": "Nobody whose deadline passed is due to act.",
    "unknown_command": "There is no such command.",
    "malformed_command": "The command is not well formed.",
    "unknown_route": "There is no such route on this map.",
    "unknown_city": "There is no such city on this map.",
    "unknown_ticket": "There is no such ticket.",
    "route_taken": "The route is already claimed.",
    "double_route_closed": "With this few players only one route of a double can be used.",
    "double_route_own": "A player may never claim both routes of a double.",
    "not_enough_trains": "The player has fewer trains left than the route's length.",
    "cards_not_held": "The player does not hold those cards.",
    "payment_invalid": "Those cards do not pay for this route.",
    "locomotive_not_allowed": "Locomotives may be used only on tunnels and ferries here.",
    "deck_empty": "There is no card to draw from the deck.",
    "slot_empty": "That face-up slot is empty.",
    "second_card_locomotive": "A face-up locomotive cannot be taken as the second card.",
    "no_tickets_left": "The destination ticket deck is empty.",
    "keep_too_few": "Too few tickets kept.",
    "ticket_not_offered": "That ticket is not among the tickets offered.",
    "stations_not_in_map": "This map has no train stations.",
    "no_stations_left": "The player has built all their stations.",
    "city_has_station": "That city already has a station.",
    "station_payment_invalid": "Those cards do not pay for the station.",
    "tunnel_payment_invalid": "Those cards do not pay the tunnel's extra cost.",
    "no_pending_tunnel": "There is no tunnel waiting to be paid.",
    "pass_not_allowed": "A pass is legal only when the player has no other legal action.",
    "not_seated": "The user holds no seat at this table.",
    "already_seated": "The user already holds a seat at this table.",
    "table_full": "Every seat at this table is taken.",
    "invite_required": "This game is private: taking a seat needs its invite code.",
    "game_already_started": "The game has already started.",
    "not_creator": "Only the player who created the table can start it early.",
    "not_enough_players": "Too few players are seated to start.",
    "game_not_over": "The game has not ended yet.",
    "already_scored": "The game has already been scored.",
    "no_stand_in": "This game has no stand-in bots: nobody's seat is held for them.",
    "not_replaced": "No bot stands in for this user at this table.",
    "hints_rated": "Hints are given in unrated games only.",
    "unknown_reaction": "There is no such reaction: a reaction is one of the fixed list.",
    "reaction_after_end": "Once the game has ended, only a farewell (good game, well "
                          "played, thanks) may be said.",
    "tournament_terms": "A tournament's tables seat two or more, and it plays a round or more.",
    "tournament_pace": "A tournament is live or correspondence, not both, and keeps the "
                       "server's shortest turn.",
    "tournament_start": "A tournament's start time names its time zone.",
    "tournament_started": "The tournament has started: nobody joins any more.",
    "bots_not_allowed": "This tournament takes no bots.",
    "bot_level": "No such bot level.",
    "not_organiser": "Only the tournament's organiser does this.",
    "invitation_only": "This tournament is by invitation: its organiser adds the players.",
    "already_joined": "Already in the tournament.",
    "not_joined": "Not in the tournament.",
    "vacation_in_past": "A vacation starts now or later, never in the past.",
    "vacation_overlaps": "A vacation may not overlap another one of the same player.",
    "vacation_allowance": "Days away are limited to the yearly allowance.",
    "no_vacation": "There is no vacation now or ahead to end.",
}


class RuleViolation(Exception):
    """A command that the rules forbid; `code` is one of `CODES`."""

    def __init__(self, code: str, message: str | None = None) -> None:
        if code not in CODES:
            raise ValueError(f"unknown rule violation code {code!r}")
        self.code = code
        self.message = message or CODES[code]
        super().__init__(f"{code}: {self.message}")
