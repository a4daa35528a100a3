"""One Redis pub/sub subscription, read straight off its socket: the change feed's ear.

Every API process hears every change of every game, so whatever hearing one change
costs, each process pays it for every action anywhere. redis-py's `PubSub` wraps each
message in readiness polls, a retry wrapper, health checks and a dict; a blocking
`recv` on the socket and hiredis's reader do without them. `bench/notify.py`
(three publishing processes, 300–600 changes a second): 120–210 µs of the listening
thread's CPU per change with `PubSub.get_message`, 65–145 µs with this; what is left
is mostly the thread's wake-up itself.

The subscription checks its own health: after `HEALTH_SECONDS` without a byte from
Redis it sends PING, and if that is not answered within as long again it counts the
connection as broken, as it does a closed one, so its owner knows changes may have gone
unheard. URLs: ``redis://[user:password@]host[:port][/db]``, ``rediss://…`` (TLS,
certificates verified) and ``unix:///path``.
"""

from __future__ import annotations

import socket
import time
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import hiredis

HEALTH_SECONDS = 10.0


class SubscriptionBroken(ConnectionError):
    """The connection closed, failed, or stopped answering: messages may be lost."""


def command(*args: str | bytes) -> bytes:
    """`args` as a Redis command (a RESP array of bulk strings)."""
    parts = [b"*%d\r\n" % len(args)]
    for arg in args:
        data = arg.encode() if isinstance(arg, str) else arg
        parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(parts)


def connect(url: str, timeout: float) -> socket.socket:
    """A socket connected (and authenticated, if the URL says how) to Redis at `url`."""
    parts = urlsplit(url)
    if parts.scheme == "unix":
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        sock.connect(parts.path)
    elif parts.scheme in ("redis", "rediss"):
        host = parts.hostname or "localhost"
        sock = socket.create_connection((host, parts.port or 6379), timeout=timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if parts.scheme == "rediss":
            import ssl  # (not at import: gevent must patch it before anyone imports it)

            sock = ssl.create_default_context().wrap_socket(sock, server_hostname=host)
    else:
        raise ValueError(f"not a Redis URL: {parts.scheme}://…")
    query = parse_qs(parts.query)
    password = unquote(parts.password) if parts.password else \
        next(iter(query.get("password", [])), None)
    if password:
        username = unquote(parts.username) if parts.username else None
        sock.sendall(command("AUTH", *([username] if username else []), password))
        reader = hiredis.Reader()
        reply: object = False
        while reply is False:
            data = sock.recv(4096)
            if not data:
                raise SubscriptionBroken("Redis closed the connection during AUTH")
            reader.feed(data)
            reply = reader.gets()
        if isinstance(reply, Exception):
            sock.close()
            raise SubscriptionBroken(f"Redis refused AUTH: {reply}")
    return sock


class Subscription:
    """Messages published on one channel, from `open()` (which returns once Redis has
    confirmed the subscription) until `close()` or a `SubscriptionBroken`."""

    def __init__(self, url: str, channel: str, connect_timeout: float = 3.0,
                 name: str = "ttr-changes") -> None:
        self._url = url
        self._channel = channel.encode()
        self._name = name
        self._connect_timeout = connect_timeout
        self._sock: socket.socket | None = None
        self._reader = hiredis.Reader()
        self._heard_at = 0.0
        self._pinged_at: float | None = None
        self._timeout: float | None = None

    def open(self) -> None:
        self._sock = connect(self._url, self._connect_timeout)
        self._heard_at = time.monotonic()
        # named, so that CLIENT LIST tells what the connection is for
        self._send(command("CLIENT", "SETNAME", self._name)
                   + command(b"SUBSCRIBE", self._channel))
        deadline = time.monotonic() + self._connect_timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SubscriptionBroken("Redis did not confirm the subscription")
            for reply in self._replies(left):
                if isinstance(reply, list) and reply[:2] == [b"subscribe", self._channel]:
                    return

    def receive(self, timeout: float) -> list[bytes]:
        """The payloads of the messages that arrive within `timeout` seconds (all that
        have arrived, once one has); none if none did."""
        return [reply[2] for reply in self._replies(timeout)
                if isinstance(reply, list) and reply[0] == b"message"]

    def _replies(self, timeout: float) -> list[Any]:
        sock = self._sock
        if sock is None:
            raise SubscriptionBroken("not open")
        now = time.monotonic()
        if now - self._heard_at >= HEALTH_SECONDS:
            if self._pinged_at is None:
                self._pinged_at = now
                self._send(command(b"PING"))
            elif now - self._pinged_at >= HEALTH_SECONDS:
                raise SubscriptionBroken("Redis did not answer PING")
        try:
            if timeout != self._timeout:  # (each settimeout is a system call)
                sock.settimeout(timeout)
                self._timeout = timeout
            data = sock.recv(65536)
        except TimeoutError:
            return []
        except OSError as error:
            raise SubscriptionBroken(str(error)) from error
        if not data:
            raise SubscriptionBroken("Redis closed the connection")
        self._heard_at = time.monotonic()
        self._pinged_at = None
        self._reader.feed(data)
        replies: list[Any] = []
        while (reply := self._reader.gets()) is not False:
            if isinstance(reply, Exception):
                raise SubscriptionBroken(f"Redis answered with an error: {reply}")
            replies.append(reply)
        return replies

    def _send(self, data: bytes) -> None:
        assert self._sock is not None
        try:
            self._sock.sendall(data)
        except OSError as error:
            raise SubscriptionBroken(str(error)) from error

    def close(self) -> None:
        if self._sock is not None:
            try:
                self._sock.close()
            except OSError:
                pass
            self._sock = None
