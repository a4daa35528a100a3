"""The referee: the application layer between the HTTP API / the jobs and the game log.

- `referee.referee`: `Referee`, one method per writer (create, seat, act, import,
  time out, score): decide on the rebuilt state, append, then announce.
- `referee.effects`: `follow_up`, the announcements after a commit (publish, ask for
  the score or the next deadline, hand the webhook notices over).
- `referee.notices`: who hears what (`notices`, `hand_over`); `referee.recipients`:
  the `Recipients` cache.
- `referee.system`: the score and the turn clock; `referee.archive`: imports.
- `referee.ports`: the shapes it needs from outside (`Jobs`, `Context`, `Observer`).
- `referee.settings`: the application's `Settings`, for the API and the worker (the HTTP
  server's own are `service.config.HttpSettings`), and the one reader of `TTR_*`.
- `referee.log_lines`: how every process logs (one JSON object a line on stderr).
"""
