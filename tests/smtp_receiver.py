"""A real SMTP server on loopback for the tests (`aiosmtpd`), which keeps what it
receives: the mail senders' contract suite and the notice tests hand mail to it.

Recipients at `REFUSED_DOMAIN` are refused with a 550, as a server refuses an address
it does not know; recipients at `LATER_DOMAIN` with a 451 (try again later).
"""

from __future__ import annotations

import email
import threading
from email.message import EmailMessage
from email.policy import default
from typing import Any

from aiosmtpd.controller import Controller

from tests.ports import free_port

REFUSED_DOMAIN = "refused.example"
LATER_DOMAIN = "later.example"


class Inbox:
    """What the server received: each message parsed, with its envelope recipients."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], EmailMessage]] = []
        self._lock = threading.Lock()
        self.arrived = threading.Condition(self._lock)

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        domain = address.rpartition("@")[2].lower()
        if domain == REFUSED_DOMAIN:
            return "550 5.1.1 no such mailbox"
        if domain == LATER_DOMAIN:
            return "451 4.3.0 try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=default)
        assert isinstance(message, EmailMessage)
        with self.arrived:
            self.messages.append((list(envelope.rcpt_tos), message))
            self.arrived.notify_all()
        return "250 Message accepted"

    def to(self, address: str) -> list[EmailMessage]:
        with self._lock:
            return [m for rcpt, m in self.messages if address in rcpt]

    def wait_for(self, address: str, count: int = 1, timeout: float = 10.0) -> list[EmailMessage]:
        """The messages to `address` once there are `count` of them (or at the time-out)."""
        with self.arrived:
            self.arrived.wait_for(
                lambda: sum(address in r for r, _ in self.messages) >= count, timeout)
        return self.to(address)


class SmtpReceiver:
    """An `Inbox` served on 127.0.0.1:`port` until `stop`."""

    def __init__(self) -> None:
        self.inbox = Inbox()
        self.port = free_port()
        self._controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self._controller.start()

    def stop(self) -> None:
        self._controller.stop()
