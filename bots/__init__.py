"""Built-in opponents: agents that play a seat from what that seat may see.

Layering: `bots` depends on `domain` only and does no I/O. An agent is given a
`bots.view.SeatView` and the seat's legal moves and returns one of them.
"""
