"""The store's ports: what each user of the store needs from it, one Protocol each.

`SqlStore` (either SQL adapter) satisfies all of them, and so does the in-memory
`events.memory.MemoryStore`; a caller names the narrowest one it uses, so a reader
sees what a module touches and a test can hand it a small fake:

- `EventStore` (in `events.store`): append with optimistic concurrency and
  idempotency keys, streams, the global and per-user feeds, snapshots;
- `GamesIndex`: the lobby, a user's games, one game's row, the deadlines that have
  passed, the games waiting for their score;
- `UserAccounts`: users and their named tokens (kept as hashes);
- `SigninCodes`: the one-time codes of sign-in links, redeemed for a token;
- `GameShares`: read-only capabilities for one game each;
- `MatchRequests`: quick-match requests, paired under one lock;
- `RematchAnswers`: the players' answers to a finished game's rematch;
- `Vacations`: the players' declared days away;
- `TournamentLogs`: one event-sourced log per tournament;
- `WebhookStore`: registrations, deliveries and their attempts;
- `PushSubscriptions`: browsers' push subscriptions, per user;
- `MailAddresses`: players' sealed e-mail addresses and the one-time links mailed to them;
- `NoticeOutbox`: what players want to be told, and the deliveries of notices to them;
- `WinChanceStore`: the computer analysis of each finished game;
- `Migrations`: the schema;
- `ReplicaReads`: where the writes have reached, for read-your-writes on a replica.

`Store` is all of them at once: what the one bootstrap opens and hands out.
`tests/integration/test_store_contract.py` and its neighbours hold every adapter to them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from domain.rating_rules import LEADERBOARD_MIN_GAMES
from domain.tournament_log import TournamentEvent
from events.accounts import Token, User
from events.index import GameRow
from events.mail_addresses import LinkUse, MailAddress, MailLink
from events.matches import MatchRequest, NewGameId, Pairing
from events.notice_outbox import NewNoticeDelivery, NoticeDelivery
from events.onlookers import Onlooker
from events.push_subscriptions import Subscription
from events.ratings_read import BoardEntry, Profile, ResultRow
from events.rematches import RematchAnswer
from events.shares import Share
from events.signin_codes import Redemption, SigninCode
from events.store import EventStore
from events.vacations import Vacation
from events.webhooks import Attempt, Delivery, NewDelivery, Webhook
from events.win_chances import StoredWinChances

__all__ = ["EventStore", "GameShares", "GamesIndex", "MailAddresses", "MatchRequests",
           "Migrations", "NoticeOutbox", "PushSubscriptions", "Ratings", "RematchAnswers",
           "ReplicaReads",
           "SigninCodes", "Store", "TournamentLogs", "UserAccounts", "Vacations",
           "WebhookStore", "WinChanceStore"]


class GamesIndex(Protocol):
    """The games index (`events.index`): written by appends, read here."""

    def game_row(self, game_id: str) -> GameRow | None: ...

    def open_games(self, map_name: str | None = None, limit: int = 50,
                   status: str = "open") -> list[GameRow]:
        """Public games with free seats (`status` "open"), or of another status ("playing":
        the games to watch), newest activity first; never a private one."""

    def games_of_user(self, user_id: str, status: str | None = None, my_turn: bool = False,
                      limit: int = 100) -> list[GameRow]:
        """The games `user_id` sits at, newest activity first."""

    def overdue_games(self, now: datetime, limit: int = 100) -> list[GameRow]:
        """Games being played whose turn deadline has passed."""

    def games_awaiting_bots(self, limit: int = 100) -> list[GameRow]:
        """Games being played where a bot must act now (its turn, or its setup choice)."""

    def games_with_status(self, status: str, limit: int = 100) -> list[GameRow]: ...


class UserAccounts(Protocol):
    """Users and their named tokens, found by the SHA-256 of a bearer token."""

    def create_user(self, user_id: str, name: str, token_sha256: str,
                    admin: bool = False, token_id: str | None = None) -> User: ...

    def user_by_token(self, token_sha256: str) -> User | None: ...

    def token_by_hash(self, token_sha256: str) -> tuple[User, Token] | None: ...

    def add_token(self, token: Token, token_sha256: str) -> Token: ...

    def tokens_of(self, user_id: str) -> list[Token]: ...

    def revoke_token(self, user_id: str, token_id: str) -> bool: ...

    def token_used(self, token_id: str, when: datetime) -> None: ...

    def close_user(self, user_id: str, name: str = ...) -> bool: ...

    def add_bot(self, user_id: str, name: str, level: str) -> None:
        """Store the bot user `user_id` of `level` unless it exists (it holds no token)."""

    def bot_level(self, user_id: str) -> str | None:
        """The level of the bot `user_id`; None for a person (or no such user)."""


class SigninCodes(Protocol):
    """One-time sign-in codes, found by their SHA-256 (`events.signin_codes`)."""

    def add_signin_code(self, code: SigninCode, code_sha256: str) -> SigninCode: ...

    def redeem_signin_code(self, code_sha256: str, now: datetime, token_id: str,
                           token_sha256: str) -> Redemption:
        """Claim the code and store the token it becomes, if it is still good."""


class GameShares(Protocol):
    """Read-only capabilities for one game, found by their SHA-256 (`events.shares`)."""

    def add_share(self, share: Share, share_sha256: str) -> Share: ...

    def share_by_hash(self, share_sha256: str) -> Share | None: ...

    def shares_of(self, game_id: str, user_id: str) -> list[Share]: ...

    def revoke_share(self, user_id: str, game_id: str, share_id: str) -> bool: ...


class MatchRequests(Protocol):
    """Requests for a game, paired under one lock across processes (`events.matches`);
    `players`: each map's least and most players."""

    def request_match(self, request: MatchRequest, players: Mapping[str, tuple[int, int]],
                      new_game_id: NewGameId) -> list[Pairing]:
        """Store a new waiting request and pair every waiting one (`AlreadyWaiting`:
        its player has one waiting)."""

    def pair_matches(self, now: datetime, players: Mapping[str, tuple[int, int]],
                     new_game_id: NewGameId) -> list[Pairing]: ...

    def seat_bots_for(self, request_id: str, now: datetime,
                      players: Mapping[str, tuple[int, int]], game_id: str) -> Pairing | None:
        """Match the request for a table of its own (bots fill it) if its wait is over."""

    def cancel_match(self, user_id: str, request_id: str) -> MatchRequest | None: ...

    def match_request(self, request_id: str) -> MatchRequest | None: ...

    def requests_of_game(self, game_id: str) -> list[MatchRequest]: ...

    def waiting_matches(self, limit: int = 1000) -> list[MatchRequest]: ...


class RematchAnswers(Protocol):
    """Who accepted or refused the rematch of a finished game (`events.rematches`)."""

    def answer_rematch(self, answer: RematchAnswer) -> None: ...

    def rematch_answers(self, game_id: str) -> list[RematchAnswer]: ...


class WebhookStore(Protocol):
    """Webhook registrations, deliveries and attempts (`events.webhooks`)."""

    def clock(self) -> datetime: ...

    def put_webhook(self, user_id: str, url: str, secret: str) -> tuple[Webhook, bool]: ...

    def webhook_of(self, user_id: str) -> Webhook | None: ...

    def delete_webhook(self, user_id: str) -> bool: ...

    def webhook_users(self) -> frozenset[str]: ...

    def add_deliveries(self, deliveries: Sequence[NewDelivery], now: datetime,
                       due: datetime | None = None) -> list[str]: ...

    def delivery(self, delivery_id: str) -> Delivery | None: ...

    def deliveries_of(self, user_id: str, limit: int = 50) -> list[Delivery]: ...

    def claim(self, delivery_id: str, now: datetime, until: datetime,
              early: float = 0.0) -> Delivery | None: ...

    def record_attempt(self, delivery_id: str, attempt: Attempt, status: str,
                       next_attempt_at: datetime | None) -> bool: ...

    def give_up(self, delivery_id: str) -> bool: ...

    def due_deliveries(self, now: datetime,
                       limit: int = 1000) -> list[tuple[str, datetime]]: ...

    def count_deliveries(self) -> dict[str, int]: ...

    def prune_deliveries(self, before: datetime, limit: int = 1000) -> int: ...


class PushSubscriptions(Protocol):
    """Browsers' push subscriptions, per user (`events.push_subscriptions`)."""

    def add_push_subscription(self, sub: Subscription) -> tuple[Subscription, bool]: ...

    def push_subscriptions_of(self, user_id: str) -> list[Subscription]: ...

    def delete_push_subscription(self, user_id: str, subscription_id: str) -> bool: ...

    def drop_push_endpoint(self, user_id: str, endpoint: str) -> bool: ...


class MailAddresses(Protocol):
    """Players' sealed e-mail addresses and mail links (`events.mail_addresses`)."""

    def mail_address_of(self, user_id: str) -> MailAddress | None: ...

    def mail_address_by_lookup(self, lookups: Sequence[str]) -> MailAddress | None: ...

    def remove_mail_address(self, user_id: str) -> bool: ...

    def add_mail_link(self, link: MailLink, link_sha256: str) -> MailLink: ...

    def use_mail_link(self, link_sha256: str, purpose: str, now: datetime) -> LinkUse: ...

    def record_mail_outcome(self, user_id: str, sent: bool, now: datetime,
                            limit: int) -> MailAddress | None: ...


class NoticeOutbox(Protocol):
    """Notice settings and the notice outbox (`events.notice_outbox`)."""

    def notice_settings_of(self, user_id: str) -> dict[str, Any] | None: ...

    def put_notice_settings(self, user_id: str, settings: dict[str, Any],
                            now: datetime) -> None: ...

    def reachable_users(self) -> frozenset[str]: ...

    def add_notice_deliveries(self, deliveries: Sequence[NewNoticeDelivery], now: datetime,
                              new_id: Callable[[], str]) -> list[str]: ...

    def notice_delivery(self, delivery_id: str) -> NoticeDelivery | None: ...

    def claim_notice(self, delivery_id: str, now: datetime,
                     until: datetime) -> NoticeDelivery | None: ...

    def settle_notices(self, delivery_ids: Sequence[str], status: str,
                       now: datetime) -> None: ...

    def release_notice(self, delivery_id: str, due_at: datetime) -> None: ...

    def due_notices(self, now: datetime, limit: int = 1000) -> list[NoticeDelivery]: ...

    def pending_notices_of(self, user_id: str, channel: str) -> list[NoticeDelivery]: ...


class Ratings(Protocol):
    """The ratings projection (`events.ratings`, `events.ratings_read`)."""

    def project_scored_games(self, limit: int = 100) -> list[str]: ...

    def rebuild_ratings(self, batch: int = 2000) -> int: ...

    def unprojected_games(self) -> int: ...

    def leaderboard(self, map_name: str, bots: bool, offset: int, limit: int,
                    min_games: int = LEADERBOARD_MIN_GAMES) -> tuple[int, list[BoardEntry]]: ...

    def board_entry(self, map_name: str, user_id: str,
                    min_games: int = LEADERBOARD_MIN_GAMES) -> BoardEntry | None: ...

    def profile(self, user_id: str, onlooker: Onlooker = ...,
                min_games: int = LEADERBOARD_MIN_GAMES) -> Profile | None:
        """The profile as `onlooker` may see it (`events.onlookers`)."""

    def results_of_player(self, user_id: str, *, map_name: str | None = None,
                          won: bool | None = None, opponent: str | None = None,
                          before: int | None = None, limit: int = 20,
                          onlooker: Onlooker = ...) -> list[ResultRow]:
        """`user_id`'s finished games that `onlooker` may see, latest first."""

    def results_of_games(self, game_ids: list[str]) -> dict[str, list[ResultRow]]: ...


class WinChanceStore(Protocol):
    """The computer analysis of finished games (`events.win_chances`): one per game."""

    def save_win_chances(self, stored: StoredWinChances) -> bool:
        """Store a game's analysis; False (nothing changed) if it has one already."""

    def win_chances_of(self, game_id: str) -> StoredWinChances | None: ...

    def finished_without_win_chances(self, since: datetime, limit: int = 100) -> list[str]:
        """Finished games last active at `since` or later with none stored, oldest
        first (for the sweep)."""


class Migrations(Protocol):
    def migrate(self) -> list[int]:
        """Apply every missing migration; the numbers applied."""

    def schema_version(self) -> int: ...


class ReplicaReads(Protocol):
    """Reads that may come from a streaming replica (`events.replica`)."""

    def written_mark(self) -> int | None:
        """The primary's WAL position now (after a write: the floor its writer's replica
        reads must reach); None when no replica is configured."""


class Vacations(Protocol):
    """The players' declared days away (`events.vacations`)."""

    def add_vacation(self, vacation: Vacation) -> None: ...

    def vacations_of(self, user_id: str) -> list[Vacation]:
        """The player's vacations, the earliest first."""

    def end_vacation(self, vacation_id: str, at: datetime) -> bool:
        """End it early at `at` unless it was already (True: ended now)."""

    def mark_vacation(self, vacation_id: str, applied: str) -> None:
        """Note what the player's games now agree with (``ahead``, ``away``, ``over``)."""

    def vacations_due(self, now: datetime, limit: int = 100) -> list[Vacation]:
        """Those whose start or end passed but whose games do not agree yet."""


class TournamentLogs(Protocol):
    """Tournament logs (`events.tournaments`): one versioned stream each."""

    def append_tournament(self, tournament_id: str, events: Sequence[TournamentEvent],
                          expected_version: int, now: datetime | None = None) -> int:
        """Append at `expected_version`; the new version (`VersionConflict` if not)."""

    def read_tournament(self, tournament_id: str) -> list[TournamentEvent]: ...

    def tournament_of_game(self, game_id: str) -> str | None: ...

    def tournament_ids(self, unfinished_only: bool = False, limit: int = 100) -> list[str]:
        """Tournaments, newest first."""


class Store(EventStore, GamesIndex, UserAccounts, SigninCodes, GameShares, MatchRequests,
            RematchAnswers, Vacations, WinChanceStore,
            WebhookStore, PushSubscriptions, MailAddresses, NoticeOutbox, Ratings,
            TournamentLogs, Migrations, ReplicaReads, Protocol):
    """Every port at once (what `events.open_store` returns)."""
