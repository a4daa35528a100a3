"""Closing an account (`DELETE /v1/users/me`), as a service that keeps honest records.

- Every seat the account holds is given up through the referee, as a player would:
  a seat at a table not yet started is left (`LeaveSeat`), a game in play sees the
  player resign (`Resign`: the game goes on without them, or ends if too few are
  left, and is scored as any game is). Finished games keep their history untouched:
  their events are the record every export and verification relies on.
- Its tokens are deleted and every API process is told at once (`Accounts.forget`):
  no request with any of them succeeds after the answer.
- Its name is replaced by a neutral placeholder (`events.accounts.CLOSED_NAME`) and
  its webhook and its e-mail address are deleted. The user id stays, so histories still
  name one account.

The seats are given up before the tokens are revoked, so a failure half way (the
database unreachable: 503) leaves a token to retry with; the games are swept once
more after the revocation, for a seat taken meanwhile by another of its tokens.
"""

from __future__ import annotations

from domain.commands import Resign
from domain.table import LeaveSeat
from domain.violations import RuleViolation
from events.outcome import GameNotFound
from events.ports import GamesIndex, MailAddresses, PushSubscriptions, UserAccounts, WebhookStore
from referee.referee import NotSeated, Referee
from service.auth import Accounts

MAX_GAMES = 10_000


def close_account(user_id: str, *, referee: Referee, store: UserAccounts,
                  games: GamesIndex, webhooks: WebhookStore, accounts: Accounts,
                  push: PushSubscriptions, addresses: MailAddresses | None = None) -> int:
    """Close the account `user_id`; the number of seats given up. Its webhook, its
    browsers' push subscriptions and its e-mail address are deleted: nothing is sent
    for it any more."""
    given_up = give_up_seats(user_id, referee, games)
    store.close_user(user_id)
    accounts.forget(user_id)
    webhooks.delete_webhook(user_id)
    for sub in push.push_subscriptions_of(user_id):
        push.delete_push_subscription(user_id, sub.subscription_id)
    if addresses is not None:
        addresses.remove_mail_address(user_id)
    return given_up + give_up_seats(user_id, referee, games)


def give_up_seats(user_id: str, referee: Referee, games: GamesIndex) -> int:
    """Leave every table not yet started and resign every game in play."""
    done = 0
    for row in games.games_of_user(user_id, limit=MAX_GAMES):
        try:
            if row.status == "open":
                referee.seat(row.game_id, user_id, LeaveSeat())
            elif row.status == "playing":
                referee.act(row.game_id, user_id, Resign(), kind="resign",
                            request_hash="close-account")
            else:
                continue
        except (RuleViolation, NotSeated, GameNotFound):
            continue  # already out of it, or it moved on meanwhile: nothing to give up
        done += 1
    return done
