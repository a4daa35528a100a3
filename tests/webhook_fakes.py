"""A fake webhook sender for the delivery tests: no socket, no server.

`FakeSender` stands in for `worker.webhook_sender.HttpSender` behind the sender port
(`WebhookConfig.sender`). It checks every request as a real receiver would (the
signature over the raw body, the timestamp no older than 5 minutes), records it as
`tests.webhook_receiver.Received`, and answers as the test scripts it: 200,
500, or, for "hang", nothing until the attempt's timeout has passed.
"""

from __future__ import annotations

import hmac
import json
import threading
import time
from collections.abc import Callable, Mapping, Sequence

from tests.webhook_receiver import (
    MAX_AGE,
    SECRET,
    Received,
    Script,
    always,
    independent_signature,
)
from worker.webhook_sender import Address, Answer

ANSWERS: dict[str, Answer] = {"200": (200, None), "500": (500, None)}


class FakeSender:
    """Records what it is asked to send and answers by its script (see the module doc)."""

    url = "http://127.0.0.1:9/hook?from=ttr"  # an address a test may register

    def __init__(self, secret: str = SECRET, script: Script | None = None) -> None:
        self.secret = secret
        self.script = script or always("200")
        self.received: list[Received] = []
        self.addresses: list[Sequence[Address]] = []
        self._counts: dict[str, int] = {}
        self._changed = threading.Condition()

    def send(self, url: str, addresses: Sequence[Address], headers: Mapping[str, str],
             body: bytes, timeout: float) -> Answer:
        arrived = time.monotonic()
        stamp = headers.get("X-TTR-Timestamp", "")
        valid = (stamp.isdigit() and abs(time.time() - int(stamp)) <= MAX_AGE
                 and hmac.compare_digest(headers.get("X-TTR-Signature", ""),
                                         independent_signature(self.secret, stamp, body)))
        delivery = headers.get("X-TTR-Delivery", "")
        with self._changed:
            n = self._counts[delivery] = self._counts.get(delivery, 0) + 1
            answer = self.script(delivery, n)
            self.received.append(Received(dict(headers), body, json.loads(body), valid,
                                          arrived, answer))
            self.addresses.append(addresses)
            self._changed.notify_all()
        if answer == "hang":
            time.sleep(timeout)  # the receiver never answers: the attempt times out
            return None, f"no answer within {round(timeout, 1):g} s"
        return ANSWERS[answer]

    def wait_for(self, check: Callable[[list[Received]], bool], timeout: float = 10.0,
                 what: str = "the webhook requests") -> list[Received]:
        end = time.monotonic() + timeout
        with self._changed:
            while not check(list(self.received)):
                left = end - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"timed out waiting for {what}; received: "
                                         f"{[(r.kind, r.answered) for r in self.received]}")
                self._changed.wait(min(left, 0.05))
            return list(self.received)
