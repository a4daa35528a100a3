"""Sign-in codes in memory, by the rules of the SQL stores' `signin_codes` table
(`events.signin_codes`): kept by their hash, claimed once, and a claimed code becomes a
token of the accounts part (through its port: `add_token`) only while the token that
made it still exists. Rows are kept a day past their expiry, then forgotten.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from events.accounts import Token
from events.clock import utcnow
from events.memory.base import Clock, DuplicateKey, MemoryTables, utc
from events.signin_codes import KEPT_AFTER_EXPIRY, Redemption, SigninCode


class MemorySigninCodes(MemoryTables):
    """One-time sign-in codes (`events.ports.SigninCodes`), in memory. Mixed into a
    store with the accounts (`tokens_of`, `add_token`)."""

    if TYPE_CHECKING:  # what the accounts part lends
        def tokens_of(self, user_id: str) -> list[Token]: ...
        def add_token(self, token: Token, token_sha256: str) -> Token: ...

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._codes: dict[str, SigninCode] = {}  # hash → code

    def add_signin_code(self, code: SigninCode, code_sha256: str) -> SigninCode:
        """Store a new code (and forget the codes long past their expiry)."""
        code = replace(code, created_at=utc(code.created_at), expires_at=utc(code.expires_at))
        with self._lock:
            if code_sha256 in self._codes:
                raise DuplicateKey("a sign-in code with this hash already exists")
            cutoff = code.created_at - KEPT_AFTER_EXPIRY
            for digest in [d for d, c in self._codes.items() if c.expires_at < cutoff]:
                del self._codes[digest]
            self._codes[code_sha256] = code
        return code

    def redeem_signin_code(self, code_sha256: str, now: datetime, token_id: str,
                           token_sha256: str) -> Redemption:
        """Claim the code at `now` and store the token it becomes, if it is still good
        (see `events.signin_codes.SigninCodeTables.redeem_signin_code`)."""
        now = utc(now)
        with self._lock:
            code = self._codes.get(code_sha256)
            if code is None:
                return Redemption(None, None)
            if code.used_at is not None or code.expired(now):
                return Redemption(code, None)
            self._codes[code_sha256] = replace(code, used_at=now)
            maker = [t for t in self.tokens_of(code.user_id) if t.token_id == code.maker_token_id]
            if not maker:
                return Redemption(code, None)
            token = Token(token_id, code.user_id, code.token_name, code.scopes, now, None,
                          maker[0].expires_at)
            self.add_token(token, token_sha256)
        return Redemption(code, token)
