"""Senders that keep what they are given in memory (`MailInMemory`, `PushInMemory`):
the tests' and the contract suites' reference implementations of
`referee.outreach`'s ports."""

from __future__ import annotations

import threading

from referee.outreach import Mail, PushMessage, PushSubscription, SendFailed


class MailInMemory:
    """Keeps every mail handed to it in `sent`; `refuse` makes the next sends fail."""

    def __init__(self) -> None:
        self.sent: list[Mail] = []
        self.refuse: SendFailed | None = None
        self._lock = threading.Lock()

    def send(self, mail: Mail) -> None:
        with self._lock:
            if self.refuse is not None:
                raise self.refuse
            self.sent.append(mail)


class PushInMemory:
    """Keeps every push handed to it in `sent`; endpoints in `gone` are refused for
    good, as a push service answers 404/410 for a subscription that no longer is."""

    def __init__(self) -> None:
        self.sent: list[tuple[PushSubscription, PushMessage]] = []
        self.gone: set[str] = set()
        self._lock = threading.Lock()

    def send(self, subscription: PushSubscription, message: PushMessage) -> None:
        with self._lock:
            if subscription.endpoint in self.gone:
                raise SendFailed("subscription gone", permanent=True)
            self.sent.append((subscription, message))
