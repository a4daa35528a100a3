"""The working state of one command: the events it caused so far, and where they lead.

Each rule reads `turn.game`, the state exactly as it is at that moment of the turn,
and records what happens with `turn.emit(event)`, which evolves the state as `evolve`
would. Nothing outside the command sees the working state until it is done.
"""

from __future__ import annotations

from domain import events as ev
from domain._in_place import change_in_place
from domain.cards import expand
from domain.evolve import CHANGES, players_changed
from domain.shuffle import shuffled
from domain.state import Game, copy_with


class Turn:
    """The events of one command, with the state they lead to."""

    __slots__ = ("game", "events", "own_copy", "owns_players")

    def __init__(self, game: Game, owned: bool = False) -> None:
        """`owned`: the caller holds the only reference to `game` and to its players and
        gives them up, so they may be changed in place (see `domain._in_place`)."""
        self.game = game
        self.events: list[ev.Event] = []
        # may `game` be changed in place (nobody else sees it)? and its players?
        self.own_copy = self.owns_players = owned

    def emit(self, event: ev.Event) -> None:
        """Record `event` and evolve the working state (as `evolve` does)."""
        self.events.append(event)
        game = self.game
        changes, player_change = CHANGES[type(event)](game, event)  # never GameStarted
        changes["version"] = game.version + 1
        # Speed: the state is copied for the first event only; the later ones change
        # that copy, which nothing outside this turn has seen yet (its players are
        # still shared with the state before, so a player is copied when it changes,
        # unless the turn owns them too)
        if player_change is not None:
            if self.owns_players:  # (`_in_place.change_player_in_place`, inline)
                game.players[player_change[0]].__dict__.update(player_change[1])
            else:
                changes["players"] = players_changed(game, player_change)
        if self.own_copy:
            change_in_place(game, changes)
        else:
            self.game = copy_with(game, changes)
            self.own_copy = True

    def reshuffle_if_empty(self) -> bool:
        """Shuffle the discard pile into a new deck when the deck is empty and cards
        exist. Whether the deck has a card now."""
        g = self.game
        if g.deck or not any(g.discard):
            return bool(g.deck)
        number = g.shuffles_used
        deck = tuple(shuffled(g.seed, number, expand(g.discard)))
        self.emit(ev.DeckReshuffled(shuffle=number, size=len(deck), deck=deck))
        return True
