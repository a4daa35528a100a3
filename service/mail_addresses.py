"""A player's e-mail address (`/v1/users/me/mail-address`) and sign-in by e-mail.

**An address is verified before it is kept.** Asking to add one mails a link to it
(`VERIFY_MINUTES`); only the link's use stores the address, sealed
(`referee.address_seal`), replacing the player's previous one. An address is shown to
its owner alone, never logged, and removed with a DELETE or when the account closes.

**Sign-in by e-mail.** Anyone may ask for a sign-in link to an address; if it is a
verified, working address of an account, a one-time link (`SIGNIN_MINUTES`) goes to it,
which becomes a new token of that account on the device that opens it (the account's
other tokens keep working). The answer is the same whether or not the address has an
account: it never says.

**The mails go through a job** (`referee.jobs.LINK_MAIL`), sealed whole, so a mail
server that is briefly away is tried again with growing waits and a request never waits
on it; the link is in no job's description and no log.

A link never carries a lasting credential: a one-time code (`ttrm_…`, 32 random bytes,
kept as its SHA-256) in the link's fragment, which the page posts once. An unknown code
is 401, a used one 409 (`link-used`), an expired one 410 (`link-expired`); asking too
often (per account, per address, per client) is 429. None of them changes anything.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from html import escape
from typing import Any, Protocol

from events.accounts import SCOPES, Token, User
from events.clock import iso
from events.mail_addresses import SIGNIN, VERIFY, LinkUse, MailLink
from events.ports import MailAddresses, UserAccounts
from referee.address_seal import AddressSeal
from referee.jobs import LINK_MAIL
from referee.outreach import Mail, sealed_mail
from referee.ports import Jobs
from service.auth import MAX_TOKENS, new_id, token_hash
from service.problems import Problem
from service.ratelimit import Limiter, retry_after

CODE_PREFIX = "ttrm_"
VERIFY_MINUTES = 30
SIGNIN_MINUTES = 15
TOKEN_NAME = "signed in by e-mail"
# asking for mail: a few at once, then one every few minutes (per account, per address
# and per client), so that nobody can make the server mail someone over and over
MAILS_BURST = 5
MAILS_PER_SECOND = 1 / 300
# using links: as sign-in codes (`service.signin`)
USES_BURST = 10
USES_PER_SECOND = 1 / 60
MAX_ADDRESS = 254
# what an address may look like (the schema's pattern too): one @, a domain with a dot,
# no spaces, quotes, brackets or other characters a mail server would refuse
ADDRESS_PATTERN = (r"^[^@\s\"(),:;<>\[\]\\]+@[^@\s\"(),:;<>\[\]\\]+"
                   r"\.[^@\s\"(),:;<>\[\]\\.]+$")
_ADDRESS = re.compile(ADDRESS_PATTERN)


class AddressStore(MailAddresses, UserAccounts, Protocol):
    """What addresses and sign-in by e-mail need of the store."""


@dataclass(frozen=True)
class Mailing:
    """How this server keeps and mails addresses: its seal (None: it keeps none), the
    jobs that hand its mails over and where the links point (`Settings.public_url`)."""
    seal: AddressSeal | None
    jobs: Jobs
    public_url: str

    def sealing(self) -> AddressSeal:
        if self.seal is None:
            raise Problem("mail-unavailable", "This server keeps no e-mail addresses: it "
                          "has no keys to seal them with (TTR_MAIL_KEYS).")
        return self.seal

    def link(self, page: str, code: str) -> str:
        return f"{self.public_url.rstrip('/')}/{page}#code={code}"


def valid_address(text: str) -> str:
    """`text` as an address mail can be sent to, or 422 `invalid-mail-address`."""
    address = text.strip()
    if len(address) > MAX_ADDRESS or not _ADDRESS.fullmatch(address):
        raise Problem("invalid-mail-address", "This is not an e-mail address mail can be "
                      "sent to.")
    return address


def limit(limiter: Limiter, key: str, rate: float, burst: int, what: str) -> None:
    allowance = limiter.check(key, rate, burst)
    if allowance.wait > 0:
        wait = retry_after(allowance.wait)
        raise Problem("rate-limited", f"Too many {what}; retry in {wait} s.",
                      headers={"Retry-After": wait})


def ask_verification(store: AddressStore, mailing: Mailing, limiter: Limiter,
                     user: User, text: str, now: datetime) -> MailLink:
    """Mail a verification link for `text` to it (the player's address once it is used)."""
    seal = mailing.sealing()
    address = valid_address(text)
    limit(limiter, "mail-add:" + user.user_id, MAILS_PER_SECOND, MAILS_BURST,
          "verification mails")
    limit(limiter, "mail-to:" + seal.lookup(address), MAILS_PER_SECOND, MAILS_BURST,
          "mails to this address")
    code = CODE_PREFIX + secrets.token_urlsafe(32)
    link = store.add_mail_link(MailLink(VERIFY, user.user_id, seal.seal(address),
                                        seal.lookup(address), now,
                                        now + timedelta(minutes=VERIFY_MINUTES)),
                               token_hash(code))
    url = mailing.link("mail/verify", code)
    send(mailing, "verify", Mail(
        to=address, subject="Confirm your e-mail address for Ticket to Ride",
        text=(f"Hello {user.name},\n\nOpen this link within {VERIFY_MINUTES} minutes to "
              f"confirm that this address is yours:\n\n{url}\n\nIf you did not ask for it, "
              "ignore this mail: nothing changes.\n"),
        html=(f"<p>Hello {escape(user.name)},</p><p>Open this link within {VERIFY_MINUTES} "
              f"minutes to confirm that this address is yours:</p><p><a href=\"{escape(url)}\">"
              "Confirm my address</a></p><p>If you did not ask for it, ignore this mail: "
              "nothing changes.</p>"),
        key="verify:" + token_hash(code)))
    return link


def verify(store: AddressStore, limiter: Limiter, client: str, code: str,
           now: datetime) -> MailLink:
    """Use a verification code: its address becomes its player's."""
    limit(limiter, "verify:" + client, USES_PER_SECOND, USES_BURST, "verification attempts")
    use = store.use_mail_link(token_hash(code), VERIFY, now)
    refuse(use, now, "verification")
    assert use.link is not None
    return use.link


def address_view(store: AddressStore, seal: AddressSeal | None,
                 user_id: str) -> dict[str, Any] | None:
    """The player's own address as the API shows it to them (None: they have none)."""
    kept = store.mail_address_of(user_id)
    if kept is None or seal is None:
        return None
    try:
        address = seal.open(kept.sealed)
    except ValueError:  # sealed under a key this server no longer holds
        return None
    return {"address": address, "verified_at": iso(kept.verified_at),
            "disabled": kept.disabled_at is not None,
            "disabled_at": None if kept.disabled_at is None else iso(kept.disabled_at),
            "failures": kept.failures}


def ask_signin(store: AddressStore, mailing: Mailing, limiter: Limiter, text: str,
               client: str, now: datetime) -> None:
    """Mail a sign-in link to `text` if it is a working address of an account; the same
    answer (and the same work) either way."""
    seal = mailing.sealing()
    address = valid_address(text)
    limit(limiter, "signin-mail-from:" + client, MAILS_PER_SECOND, MAILS_BURST,
          "sign-in mails")
    limit(limiter, "mail-to:" + seal.lookup(address), MAILS_PER_SECOND, MAILS_BURST,
          "mails to this address")
    code = CODE_PREFIX + secrets.token_urlsafe(32)
    kept = store.mail_address_by_lookup(seal.lookups(address))
    if kept is None or kept.disabled_at is not None:
        return
    store.add_mail_link(MailLink(SIGNIN, kept.user_id, None, None, now,
                                 now + timedelta(minutes=SIGNIN_MINUTES)), token_hash(code))
    url = mailing.link("signin", code)
    send(mailing, "signin", Mail(
        to=address, subject="Sign in to Ticket to Ride",
        text=(f"Open this link within {SIGNIN_MINUTES} minutes to sign in on the device "
              f"you open it on:\n\n{url}\n\nIt works once. If you did not ask for it, "
              "ignore this mail: nobody can sign in without it.\n"),
        html=(f"<p>Open this link within {SIGNIN_MINUTES} minutes to sign in on the "
              f"device you open it on:</p><p><a href=\"{escape(url)}\">Sign in</a></p>"
              "<p>It works once. If you did not ask for it, ignore this mail: nobody "
              "can sign in without it.</p>"),
        key="signin:" + token_hash(code)))


def signin(store: AddressStore, limiter: Limiter, client: str, code: str, now: datetime,
           secret: str) -> tuple[User, Token, str]:
    """Use a sign-in code: a new token (its secret `secret`, minted by the accounts) of
    the code's account, every scope."""
    limit(limiter, "signin:" + client, USES_PER_SECOND, USES_BURST, "sign-in attempts")
    use = store.use_mail_link(token_hash(code), SIGNIN, now)
    refuse(use, now, "sign-in")
    assert use.link is not None
    user_id = use.link.user_id
    if len(store.tokens_of(user_id)) >= MAX_TOKENS:
        raise Problem("invalid-request", f"An account holds at most {MAX_TOKENS} tokens; "
                      "revoke one on a signed-in device first.")
    token = store.add_token(Token(new_id("t_"), user_id, TOKEN_NAME, frozenset(SCOPES), now),
                            token_hash(secret))
    user = store.user_by_token(token_hash(secret))
    if user is None:  # the account closed meanwhile
        raise Problem("unauthorized", "This account is closed.")
    return user, token, secret


def refuse(use: LinkUse, now: datetime, what: str) -> None:
    """The problem for a link that was not claimed (nothing when it was)."""
    if use.claimed:
        return
    if use.link is None:
        raise Problem("unauthorized", f"This {what} link is unknown: ask for a new one.")
    if use.link.used_at is not None:
        raise Problem("link-used", f"A {what} link works once, and this one was already "
                      "used: ask for a new one.")
    raise Problem("link-expired", f"This {what} link has expired: ask for a new one.")


def send(mailing: Mailing, purpose: str, mail: Mail) -> None:
    """Ask for the job that hands `mail` over (sealed: see the module doc); never
    raises (`Jobs.enqueue`), so the answer says nothing of the mail's fate."""
    mailing.jobs.enqueue(LINK_MAIL, purpose, sealed_mail(mailing.sealing(), mail))
