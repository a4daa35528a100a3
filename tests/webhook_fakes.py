"""A fake webhook sender for the delivery tests: no socket, no server.

`FakeSender` stands in for `worker.webhook_sender.HttpSender` behind the sender port
(`WebhookConfig.sender`). It checks every request as a real receiver would (the
signature over the raw body, the timestamp no older than 5 minutes), records it as
`tests.webhook_receiver.Received`, and answers as the test scripts it: 200,
500, or, for "hang", nothing until the attempt's timeout has passed.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from tests.webhook_receiver import SECRET, Recorder, Script
from worker.webhook_sender import Address, Answer

ANSWERS: dict[str, Answer] = {"200": (200, None), "500": (500, None)}


class FakeSender(Recorder):
    """Records what it is asked to send and answers by its script (see the module doc)."""

    url = "http://127.0.0.1:9/hook?from=ttr"  # an address a test may register

    def __init__(self, secret: str = SECRET, script: Script | None = None) -> None:
        super().__init__(secret, script)
        self.addresses: list[Sequence[Address]] = []

    def send(self, url: str, addresses: Sequence[Address], headers: Mapping[str, str],
             body: bytes, timeout: float) -> Answer:
        with self._changed:  # (before the request is recorded: a test waits on those)
            self.addresses.append(addresses)
        answer = self.record(dict(headers), body, time.monotonic())
        if answer == "hang":
            time.sleep(timeout)  # the receiver never answers: the attempt times out
            return None, f"no answer within {round(timeout, 1):g} s"
        return ANSWERS[answer]

