"""The web client's sessions, as tokens of the account: open one for the holder of a
token, end one. What the cookie is and when it is taken: `service.web_session`."""

from __future__ import annotations

from events.accounts import Token
from service.auth import MAX_TOKENS, Accounts, Holder
from service.web_session import SESSION_NAME


def open_session(accounts: Accounts, holder: Holder) -> tuple[Token, str]:
    """A new session of `holder`'s account granting what `holder`'s token grants, and
    its secret (the cookie's value), expiring when `holder`'s token does. An account
    holding as many tokens as it may ends its oldest session first, so signing in never
    stops working."""
    user_id = holder.user.user_id
    tokens = accounts.store.tokens_of(user_id)
    sessions = [t for t in tokens if t.name == SESSION_NAME]  # oldest first
    if len(tokens) >= MAX_TOKENS and sessions:
        accounts.revoke(user_id, sessions[0].token_id)
    return accounts.add_token(holder, SESSION_NAME, holder.token.scopes)


def end_session(accounts: Accounts, holder: Holder) -> None:
    """End the session `holder` signs with, in every server process."""
    accounts.revoke(holder.user.user_id, holder.token.token_id)
