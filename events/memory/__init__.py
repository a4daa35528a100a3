"""The event store in memory: every port of `events.ports` in plain Python.

`MemoryStore` keeps the events, the games index and the accounts in dictionaries
and lists behind one lock (`events.memory.base`), with the SQL stores' semantics,
held to them by the same contract suites (`tests/integration/test_store_*.py`). It
keeps nothing once the process ends and is one process's alone, so it is for the fast
tests of everything above the store and for embedders (``memory://`` in
`events.open_store`), not a `TTR_DATABASE_URL`: a server's gunicorn workers would each
hold a store of their own. Each part is a module:

- `events.memory.recorder`: appends, streams, feeds, idempotency keys, snapshots;
- `events.memory.index`: the games index, written by the appends;
- `events.memory.accounts`: users, bots and tokens;
- `events.memory.signin_codes`: the one-time codes of sign-in links;
- `events.memory.shares`: read-only capabilities for one game each;
- `events.memory.matches`: quick-match requests and their pairing;
- `events.memory.rematches`: the answers to a finished game's rematch;
- `events.memory.win_chances`: the computer analysis of finished games;
- `events.memory.tournaments`: tournament logs;
- `events.memory.push_subscriptions`: browsers' push subscriptions;
- `events.memory.vacations`: the players' days away;
- `events.memory.webhooks`: webhook registrations, deliveries and their attempts;
- `events.memory.mail_addresses`: players' sealed e-mail addresses and mail links;
- `events.memory.notice_outbox`: notice settings and the notice outbox;
- `events.memory.ratings`: the ratings projection and what the boards and profiles read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from events.clock import utcnow
from events.memory.accounts import MemoryAccounts
from events.memory.base import Clock, DuplicateKey
from events.memory.index import MemoryIndex
from events.memory.mail_addresses import MemoryMailAddresses
from events.memory.matches import MemoryMatches
from events.memory.notice_outbox import MemoryNoticeOutbox
from events.memory.push_subscriptions import MemoryPushSubscriptions
from events.memory.ratings import MemoryRatings
from events.memory.recorder import MemoryRecorder
from events.memory.rematches import MemoryRematches
from events.memory.shares import MemoryShares
from events.memory.signin_codes import MemorySigninCodes
from events.memory.tournaments import MemoryTournaments
from events.memory.vacations import MemoryVacations
from events.memory.webhooks import MemoryWebhooks
from events.memory.win_chances import MemoryWinChances

if TYPE_CHECKING:
    from events.ports import Store

__all__ = ["DuplicateKey", "MemoryStore"]


class MemoryStore(MemoryWebhooks, MemoryPushSubscriptions, MemoryNoticeOutbox,
                  MemoryMailAddresses, MemoryRatings, MemorySigninCodes, MemoryShares,
                  MemoryMatches, MemoryRematches, MemoryVacations, MemoryWinChances,
                  MemoryTournaments, MemoryAccounts, MemoryIndex, MemoryRecorder):
    """An empty store in memory (see the module doc); `clock` as the SQL stores'."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)

    def written_mark(self) -> int | None:
        return None  # no replica: every read sees every write


if TYPE_CHECKING:
    def _holds_its_ports(store: MemoryStore) -> Store:
        return store  # mypy checks that `MemoryStore` satisfies every port
