"""One connection's sharded pub/sub subscriptions (`SSUBSCRIBE`), read straight off its
socket: one node's part of the change feed's ear (`messaging.followed` keeps one per
node of a Redis Cluster, or one for a single Redis).

Whatever hearing one change costs, a process pays it for every change of every game it
follows. redis-py's `PubSub` wraps each message in readiness polls, a retry wrapper,
health checks and a dict; a blocking `recv` on the socket and hiredis's reader do
without them (`bench/notify.py` measures both).

The subscription checks its own health: after `HEALTH_SECONDS` without a byte from
Redis it sends PING, and if that is not answered within as long again it counts the
connection as broken, as it does a closed one, so its owner knows changes may have gone
unheard. URLs: ``redis://[user:password@]host[:port][/db]``, ``rediss://…`` (TLS:
certificates verified unless ``ssl_cert_reqs=none``; ``ssl_ca_certs=path`` names a
CA file) and ``unix:///path``.
"""

from __future__ import annotations

import socket
import threading
import time
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import hiredis

HEALTH_SECONDS = 10.0


class SubscriptionBroken(ConnectionError):
    """The connection closed, failed, or stopped answering: messages may be lost."""


class SlotMoved(SubscriptionBroken):
    """A Redis Cluster node answered that a channel's slot is served elsewhere (`MOVED`):
    the cluster's map has changed (a failover, a resharding)."""


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
    query = parse_qs(parts.query)
    if parts.scheme == "unix":
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect(parts.path)
        except OSError:
            sock.close()
            raise
    elif parts.scheme in ("redis", "rediss"):
        host = parts.hostname or "localhost"
        sock = socket.create_connection((host, parts.port or 6379), timeout=timeout)
    else:
        raise ValueError(f"not a Redis URL: {parts.scheme}://…")
    try:
        if parts.scheme != "unix":
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if parts.scheme == "rediss":
            sock = _tls(sock, parts.hostname or "localhost", query)
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
                raise SubscriptionBroken(f"Redis refused AUTH: {reply}")
    except BaseException:
        sock.close()
        raise
    return sock


def _tls(sock: socket.socket, host: str, query: dict[str, list[str]]) -> socket.socket:
    """`sock` wrapped in TLS, honouring redis-py's `ssl_cert_reqs` and `ssl_ca_certs`."""
    import ssl  # (not at import: gevent patches it in a worker, and the master needs none)

    context = ssl.create_default_context(cafile=next(iter(query.get("ssl_ca_certs", [])),
                                                     None))
    wanted = next(iter(query.get("ssl_cert_reqs", [])), "required").lower()
    if wanted in ("none", "cert_none"):
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    elif wanted in ("optional", "cert_optional"):
        context.check_hostname = False
        context.verify_mode = ssl.CERT_OPTIONAL
    return context.wrap_socket(sock, server_hostname=host)


# What a subscription hears: a message's channel and payload, or Redis's confirmation
# that a channel is subscribed or (unasked, when its slot moves; or asked) unsubscribed.
MESSAGE, SUBSCRIBED, UNSUBSCRIBED = "message", "subscribed", "unsubscribed"
Heard = tuple[str, bytes, bytes]  # (what, channel, payload: b"" unless a message)
_KINDS = {b"smessage": MESSAGE, b"ssubscribe": SUBSCRIBED, b"sunsubscribe": UNSUBSCRIBED}


class Subscription:
    """Sharded channels subscribed on one connection, from `open()` until `close()` or a
    `SubscriptionBroken`. `subscribe` and `unsubscribe` may be called from any thread
    while another thread waits in `receive`."""

    def __init__(self, url: str, connect_timeout: float = 3.0,
                 name: str = "ttr-changes") -> None:
        self._url = url
        self._name = name
        self._connect_timeout = connect_timeout
        self._sock: socket.socket | None = None
        self._reader = hiredis.Reader()
        self._heard_at = 0.0
        self._pinged_at: float | None = None
        self._timeout: float | None = None
        self._sending = threading.Lock()

    def open(self) -> None:
        """Connect, and name the connection (so that CLIENT LIST tells what it is for;
        a Redis that refuses the name, an ACL or a proxy, still serves us)."""
        self._sock = connect(self._url, self._connect_timeout)
        self._heard_at = time.monotonic()
        self._send(command("CLIENT", "SETNAME", self._name))
        deadline = time.monotonic() + self._connect_timeout
        while not self._read(max(0.01, deadline - time.monotonic())):  # (OK or not)
            if time.monotonic() >= deadline:
                raise SubscriptionBroken("Redis did not answer CLIENT SETNAME")

    def subscribe(self, channels: list[str]) -> None:
        """Ask for `channels` (confirmed, each, by a `SUBSCRIBED` from `receive`). One
        command per channel: on a cluster, one command's channels must share a slot."""
        if channels:
            self._send(b"".join(command(b"SSUBSCRIBE", c) for c in channels))

    def unsubscribe(self, channels: list[str]) -> None:
        if channels:
            self._send(b"".join(command(b"SUNSUBSCRIBE", c) for c in channels))

    def receive(self, timeout: float) -> list[Heard]:
        """What arrives within `timeout` seconds (all that has arrived, once something
        has), in order; nothing if nothing did."""
        heard: list[Heard] = []
        for reply in self._read(timeout):
            if isinstance(reply, Exception):
                text = str(reply)
                if text.startswith("MOVED"):
                    raise SlotMoved(text)
                raise SubscriptionBroken(f"Redis answered with an error: {text}")
            if isinstance(reply, list) and len(reply) >= 3:
                kind = _KINDS.get(reply[0])
                if kind is MESSAGE:
                    heard.append((kind, reply[1], reply[2]))
                elif kind is not None:
                    heard.append((kind, reply[1], b""))
        return heard

    def _read(self, timeout: float) -> list[Any]:
        """What Redis sent within `timeout` seconds, error replies included."""
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
            replies.append(reply)
        return replies

    def _send(self, data: bytes) -> None:
        sock = self._sock
        if sock is None:
            raise SubscriptionBroken("not open")
        try:
            with self._sending:
                sock.sendall(data)
        except OSError as error:
            raise SubscriptionBroken(str(error)) from error

    def close(self) -> None:
        if self._sock is not None:
            try:
                self._sock.close()
            except OSError:
                pass
            self._sock = None
