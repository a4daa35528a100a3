"""A webhook receiver for the webhook tests: a standard-library HTTP server on a thread
that checks every request as a real receiver would (the signature over the raw body,
the timestamp no older than 5 minutes), records it, and answers as the test scripts it
(200, 500, or no answer at all until the client gives up).

(A module of helpers, named so that it stays among the webhook tests; its own tests
check the signing scheme against an independent implementation.)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SECRET = "a-secret-of-at-least-16-chars"
MAX_AGE = 300


@dataclass(frozen=True)
class Received:
    headers: dict[str, str]
    raw: bytes
    body: dict[str, Any]
    valid: bool  # the signature matches and the timestamp is fresh
    arrived: float  # time.monotonic()
    answered: str  # what the receiver answered: "200", "500" or "hang"

    @property
    def delivery(self) -> str:
        return self.headers["X-TTR-Delivery"]

    @property
    def kind(self) -> str:
        return self.headers["X-TTR-Event"]


# what to answer the n-th (1, 2, …) request of a delivery: "200", "500" or "hang"
Script = Callable[[str, int], str]


def always(answer: str) -> Script:
    return lambda _delivery, _n: answer


def failing_first(*answers: str) -> Script:
    """Answer each delivery's first requests with `answers`, then 200."""
    return lambda _delivery, n: answers[n - 1] if n <= len(answers) else "200"


def independent_signature(secret: str, timestamp: str, raw: bytes) -> str:
    """The scheme as the docs state it, written again here (not the server's code)."""
    return "v1=" + hmac.new(secret.encode(), f"{timestamp}.".encode() + raw,
                            hashlib.sha256).hexdigest()


class Recorder:
    """What a receiver does with each request, socket or not: check it as a real
    receiver would (the signature over the raw body, a fresh timestamp), answer by the
    script, and record it."""

    def __init__(self, secret: str = SECRET, script: Script | None = None) -> None:
        self.secret = secret
        self.script = script or always("200")
        self.received: list[Received] = []
        self._counts: dict[str, int] = {}
        self._changed = threading.Condition()

    def record(self, headers: dict[str, str], raw: bytes, arrived: float) -> str:
        """Check and record one request; what the script answers to it."""
        stamp = headers.get("X-TTR-Timestamp", "")
        valid = (stamp.isdigit() and abs(time.time() - int(stamp)) <= MAX_AGE
                 and hmac.compare_digest(headers.get("X-TTR-Signature", ""),
                                         independent_signature(self.secret, stamp, raw)))
        delivery = headers.get("X-TTR-Delivery", "")
        try:
            body = json.loads(raw)
        except ValueError:
            body = {}
        with self._changed:
            n = self._counts[delivery] = self._counts.get(delivery, 0) + 1
            answer = self.script(delivery, n)
            self.received.append(Received(headers, raw, body, valid, arrived, answer))
            self._changed.notify_all()
        return answer

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

    def of_kind(self, kind: str) -> list[Received]:
        with self._changed:
            return [r for r in self.received if r.kind == kind]


class Receiver(Recorder):
    """A webhook receiver on 127.0.0.1 (see the module doc); `close()` when done."""

    def __init__(self, secret: str = SECRET, script: Script | None = None,
                 hang: float = 30.0) -> None:
        super().__init__(secret, script)
        self.hang = hang
        self._release = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receiver._handle(self, raw)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook?from=ttr"
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.05,),
                                        daemon=True)
        self._thread.start()

    def _handle(self, handler: BaseHTTPRequestHandler, raw: bytes) -> None:
        answer = self.record({k: v for k, v in handler.headers.items()}, raw,
                             time.monotonic())
        if answer == "hang":
            self._release.wait(self.hang)  # the sender gives up first
        try:
            handler.send_response(500 if answer == "500" else 200)
            handler.send_header("Content-Length", "0")
            handler.end_headers()
        except OSError:
            pass  # the sender hung up (it timed out)

    def close(self) -> None:
        self._release.set()
        self.server.shutdown()
        self.server.server_close()
