"""Who may read a game's record (its export, its analysis): whoever may see the game
(`common.visible_to`: anyone for a public game, its players and creator for a private
one), or the bearer of a share of that very game (`service.shares`), who reads it as a
spectator would. What the replay page fetches goes through here; nothing else takes a
share."""

from __future__ import annotations

from domain.table import Table
from service.api.common import visible_to
from service.auth import optional_user
from service.services import services
from service.shares import share_capability, share_of
from service.views import Viewer

# OpenAPI security of what a share reads: a bearer token, a share, or (a public game)
# nothing at all
SHARE_READ: list[dict[str, list[str]]] = [{"bearer": []}, {"share": []}, {}]


def reader_of(game_id: str, table: Table) -> Viewer:
    """The caller as a reader of the game `table` is; 401 for a share unknown, revoked
    or expired, 404 (as for no game at all) for a share of another private game."""
    capability = share_capability()
    if capability is None:
        return visible_to(table, optional_user())
    s = services()
    share = share_of(s.store, capability, s.worker.clock())
    if share.game_id != game_id:
        return visible_to(table, None)
    return Viewer(None, None)
