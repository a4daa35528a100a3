"""The start of a game: shuffle, deal, and choose the first player from the seed."""

from __future__ import annotations

from domain.cards import full_deck
from domain.events import Event, GameStarted
from domain.maps import load_board, map_names, rules_for
from domain.rules import RULES_VERSION
from domain.shuffle import SeededStream, commitment, shuffled
from domain.violations import RuleViolation


def start_game(map_name: str, players: int, seed: bytes,
               rules_version: int = RULES_VERSION) -> list[Event]:
    """The events that start a game of `players` on `map_name` with the secret `seed`.

    Random operations, in order: 0 the first player, 1 the train deck (from
    `full_deck` order), 2 the regular tickets (board order), 3 the long tickets
    (board order; Europe only). The top of a deck is the first item of a shuffle.
    Cards are dealt one player's hand at a time from the top, then the market; tickets
    likewise (Europe: each player's long ticket, then the regular ones).
    """
    from domain.decide import settle_market_events  # the market check is decide's

    if map_name not in map_names():
        raise RuleViolation("malformed_command", f"Unknown map {map_name!r}.")
    rules = rules_for(map_name, rules_version)
    if not rules.min_players <= players <= rules.max_players:
        raise RuleViolation("malformed_command",
                            f"{map_name} is played by {rules.min_players} to "
                            f"{rules.max_players} players.")
    board = load_board(map_name)
    first = SeededStream(seed, 0).uniform(players)
    deck = shuffled(seed, 1, full_deck())
    regular = shuffled(seed, 2, [t.id for t in board.tickets if not t.long])
    used = 3
    long_deck: list[str] = []
    if rules.setup_long_tickets:
        long_deck = shuffled(seed, 3, [t.id for t in board.tickets if t.long])
        used = 4
    hands = []
    for _ in range(players):
        hands.append(tuple(deck[:rules.hand_size]))
        deck = deck[rules.hand_size:]
    market = tuple(deck[:rules.market_size])
    deck = deck[rules.market_size:]
    dealt = []
    for _ in range(players):
        mine = long_deck[:rules.setup_long_tickets] + regular[:rules.setup_regular_tickets]
        long_deck = long_deck[rules.setup_long_tickets:]
        regular = regular[rules.setup_regular_tickets:]
        dealt.append(tuple(mine))
    started = GameStarted(
        map=map_name, players=players, rules_version=rules_version, seed=seed.hex(),
        seed_commitment=commitment(seed), first_player=first, deck=tuple(deck), market=market,
        hands=tuple(hands), dealt_tickets=tuple(dealt), ticket_deck=tuple(regular),
        long_tickets_removed=tuple(long_deck), shuffles_used=used,
    )
    return [started, *settle_market_events(started)]
