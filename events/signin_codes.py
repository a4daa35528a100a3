"""Sign-in codes in the store (migration 8): one-time codes that become a device token.

A code is made by a signed-in token and carried by a sign-in link; it is kept as its
SHA-256 only, with the user, the token that made it, the scopes and name the new token
will have, when it was made, when it expires and when it was used. Redeeming claims
the code and stores the new token in one transaction: two redemptions of one code
cannot both succeed, and a code whose maker token was revoked (or whose account was
closed) makes nothing. Rows are kept a day past their expiry, so that a late second
use is told "already used" rather than "unknown", and then deleted.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from events.accounts import AccountTables, Token

# how long a spent or expired code's row is kept (see the module doc)
KEPT_AFTER_EXPIRY = timedelta(days=1)


@dataclass(frozen=True, slots=True)
class SigninCode:
    """A sign-in code (never the code itself: the store has only its hash)."""
    user_id: str
    maker_token_id: str  # the token that made it: revoking that one voids the code
    token_name: str  # the name of the token the code becomes
    scopes: frozenset[str]
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None = None

    def expired(self, now: datetime) -> bool:
        return now >= self.expires_at


@dataclass(frozen=True, slots=True)
class Redemption:
    """What redeeming a code found (`code`, as it was before; None: no such code) and
    the token it became (None: it became nothing, and nothing changed but the code's
    `used_at` when it was claimed)."""
    code: SigninCode | None
    token: Token | None


_CODE_COLUMNS = ("user_id, maker_token_id, token_name, scopes, created_at, expires_at, "
                 "used_at")


class SigninCodeTables(AccountTables):
    """The `signin_codes` table (`events.ports.SigninCodes`); a redeemed code's token
    goes into the accounts' `tokens`."""

    def add_signin_code(self, code: SigninCode, code_sha256: str) -> SigninCode:
        """Store a new code (and forget the codes long past their expiry)."""
        with self.transaction() as cur:
            cur.execute("DELETE FROM signin_codes WHERE expires_at < %s",
                        (self.time_param(code.created_at - KEPT_AFTER_EXPIRY),))
            cur.execute(f"INSERT INTO signin_codes (code_sha256, {_CODE_COLUMNS}) "
                        "VALUES (%s, %s, %s, %s, %s, %s, %s, NULL)",
                        (code_sha256, code.user_id, code.maker_token_id, code.token_name,
                         " ".join(sorted(code.scopes)), self.time_param(code.created_at),
                         self.time_param(code.expires_at)))
        return code

    def redeem_signin_code(self, code_sha256: str, now: datetime, token_id: str,
                           token_sha256: str) -> Redemption:
        """Claim the code at `now` and store the token it becomes (`token_id`, hashing
        to `token_sha256`: the code's user, name and scopes, expiring with the token
        that made the code); only an unused, unexpired code whose maker token still
        exists becomes one."""
        with self.transaction() as cur:
            cur.execute(f"SELECT {_CODE_COLUMNS} FROM signin_codes WHERE code_sha256 = %s",
                        (code_sha256,))
            row = cur.fetchone()
            if row is None:
                return Redemption(None, None)
            code = self._code(row)
            # the claim is the guard: of two redemptions at once, one updates the row
            cur.execute("UPDATE signin_codes SET used_at = %s WHERE code_sha256 = %s "
                        "AND used_at IS NULL AND expires_at > %s",
                        (self.time_param(now), code_sha256, self.time_param(now)))
            if cur.rowcount != 1:
                return Redemption(code, None)
            cur.execute("SELECT expires_at FROM tokens WHERE token_id = %s AND user_id = %s",
                        (code.maker_token_id, code.user_id))
            maker = cur.fetchone()
            if maker is None:
                return Redemption(code, None)
            expires = None if maker[0] is None else self.time_value(maker[0])
            token = Token(token_id, code.user_id, code.token_name, code.scopes, now, None,
                          expires)
            self._insert_token(cur, token, token_sha256)
        return Redemption(code, token)

    def _code(self, row: tuple[object, ...]) -> SigninCode:
        user_id, maker, name, scopes, created, expires, used = row
        return SigninCode(str(user_id), str(maker), str(name), frozenset(str(scopes).split()),
                          self.time_value(created), self.time_value(expires),
                          None if used is None else self.time_value(used))
