"""What the referee needs to reach a player away from the table: the shapes of an e-mail
and a Web Push message, and the two senders that carry them (`MailSender`,
`PushSender`).

The adapters live in the layers above (SMTP, the log, Web Push, memory); the notices
decided from a game's log reach them through jobs, which retry a `SendFailed` that is
not permanent and give up on one that is.

A mail carrying a one-time link (an address's verification, a sign-in) goes to its job
sealed whole (`sealed_mail`, under the addresses' key): neither the address nor the
link is readable in the queue, a job's description or a log.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from referee.address_seal import AddressSeal


class SendFailed(Exception):
    """A message was not handed over. `permanent`: trying again will not help (an
    address the server refuses, a push subscription that is gone)."""

    def __init__(self, reason: str, *, permanent: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.permanent = permanent


@dataclass(frozen=True)
class Mail:
    """One e-mail: a plain-text and an HTML part, and its headers (List-Unsubscribe…).
    `key` names what it is about (a notice, a sign-in link) so a sender that saw it
    already may recognise a repeat."""

    to: str
    subject: str
    text: str
    html: str
    key: str
    headers: Mapping[str, str] = field(default_factory=dict)


def sealed_mail(seal: AddressSeal, mail: Mail) -> str:
    """`mail` encrypted whole (see the module doc)."""
    return seal.seal(json.dumps({"to": mail.to, "subject": mail.subject, "text": mail.text,
                                 "html": mail.html, "key": mail.key,
                                 "headers": dict(mail.headers)}))


def opened_mail(seal: AddressSeal, sealed: str) -> Mail:
    """The mail `sealed_mail` sealed; ValueError if no key of `seal` opens it."""
    fields = json.loads(seal.open(sealed))
    return Mail(to=fields["to"], subject=fields["subject"], text=fields["text"],
                html=fields["html"], key=fields["key"], headers=fields.get("headers", {}))


class MailSender(Protocol):
    """Hands e-mail to whoever delivers it (an SMTP server, the log, memory)."""

    def send(self, mail: Mail) -> None:
        """Hand `mail` over, or raise `SendFailed`."""


@dataclass(frozen=True)
class PushSubscription:
    """A browser's push subscription, as the Push API gives it (RFC 8030 / 8291)."""

    endpoint: str
    p256dh: str  # the browser's public key (base64url)
    auth: str  # the shared authentication secret (base64url)


@dataclass(frozen=True)
class PushMessage:
    """One push: the JSON `payload` the service worker shows, and how long the push
    service may hold it (`ttl`, seconds)."""

    payload: bytes
    key: str
    ttl: int = 86_400


class PushSender(Protocol):
    """Encrypts and hands a push message to the subscription's push service."""

    def send(self, subscription: PushSubscription, message: PushMessage) -> None:
        """Hand `message` over, or raise `SendFailed` (permanent when the push service
        says the subscription is gone: 404 or 410)."""
