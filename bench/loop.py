"""Many bots on one thread: each game on a keep-alive connection of its own, every
connection waited on by one selector.

Why not a thread per game (`bench.stack.Http`): the bots share the two cores with the
server they measure, and sixteen threads per process cost 0.6–0.9 ms of CPU per action
(waking each other, passing the GIL, http.client's parsing); this loop costs 0.3 ms.
One `select` wakes for every answer that has arrived, and answers are parsed just
enough for keep-alive (status and `Content-Length`; the API sends no chunked answers
to these requests).
"""

from __future__ import annotations

import random
import selectors
import socket
import time
from collections.abc import Callable

import orjson

from bench.stack import Game, Http, Seen

RETRY_STATUSES = (502, 503)


class _Connection:
    """One game's connection: the request in flight and the bytes of its answer."""

    def __init__(self, port: int, game: Game) -> None:
        self.port = port
        self.game = game
        self.sock = self._connect()
        self.buffer = bytearray()
        self.request = b""
        self.sent_at = 0.0

    def _connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=60)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    def reconnect(self) -> None:
        self.sock.close()
        self.buffer.clear()
        for _ in range(100):  # the server may be restarting: a few seconds at most
            try:
                self.sock = self._connect()
                return
            except OSError:
                time.sleep(0.05)
        self.sock = self._connect()

    def prepare_next(self) -> None:
        """The game's next request, to `send()`."""
        method, path, token, body, key = self.game.next_call()
        head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1",
                "Prefer: return=minimal", f"Authorization: Bearer {token}"]
        if key:
            head.append(f"Idempotency-Key: {key}")
        data = orjson.dumps(body) if body is not None else b""
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
        self.request = ("\r\n".join(head) + "\r\n\r\n").encode() + data

    def send(self) -> bool:
        """Send the prepared request (again, after a retry or a new connection); False
        if the connection had been closed."""
        self.sent_at = time.perf_counter()
        try:
            self.sock.sendall(self.request)
        except OSError:
            return False
        return True

    def answer(self) -> tuple[int, dict[str, str], bytes] | None:
        """A whole answer taken from the buffer, or None while one is still coming."""
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return None
        lines = bytes(self.buffer[:end]).decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        if len(self.buffer) < end + 4 + length:
            return None
        body = bytes(self.buffer[end + 4:end + 4 + length])
        del self.buffer[:end + 4 + length]
        return int(lines[0].split(" ", 2)[1]), headers, body


def play_games(port: int, games: int, seconds: float, seed: int, seen: Seen,
               new_game: Callable[[list[str], random.Random], Game],
               ready: Callable[[], float]) -> None:
    """Keep `games` games going at once for `seconds` (games under way then stop),
    from the moment `ready()` returns (`time.time()`, once the bots' accounts exist)."""
    rng = random.Random(seed)
    tokens = Http(port, seen).new_players(f"bot{seed}")
    stop_at = ready() + seconds
    selector = selectors.DefaultSelector()
    retry_at: list[tuple[float, _Connection]] = []

    def renew(connection: _Connection) -> None:
        """The server closed the connection: a new one, for the same request."""
        seen.transport_errors += 1
        selector.unregister(connection.sock)
        connection.reconnect()
        selector.register(connection.sock, selectors.EVENT_READ, connection)

    def deliver(connection: _Connection) -> None:
        while not connection.send():
            renew(connection)

    for _ in range(games):
        connection = _Connection(port, new_game(tokens, rng))
        selector.register(connection.sock, selectors.EVENT_READ, connection)
        connection.prepare_next()
        deliver(connection)
    while selector.get_map():
        now = time.time()
        for at, connection in [r for r in retry_at if r[0] <= now]:
            retry_at.remove((at, connection))
            deliver(connection)
        for key, _ in selector.select(timeout=0.05 if retry_at else 1.0):
            connection = key.data
            try:
                data = connection.sock.recv(65536)
            except OSError:
                data = b""
            if not data:
                renew(connection)
                deliver(connection)
                continue
            connection.buffer += data
            answer = connection.answer()
            if answer is None:
                continue
            status, headers, body = answer
            seen.statuses[status] += 1
            if status in RETRY_STATUSES:
                seen.retries += 1
                retry_after = headers.get("retry-after", "1")
                wait = min(float(retry_after) if retry_after.isdigit() else 1.0, 2.0)
                retry_at.append((time.time() + wait, connection))
                continue
            game = connection.game
            game.answered(status, orjson.loads(body) if body else None,
                          time.perf_counter() - connection.sent_at, seen)
            if game.ended and time.time() < stop_at:
                connection.game = game = new_game(tokens, rng)
            if game.ended or time.time() >= stop_at:
                selector.unregister(connection.sock)
                connection.sock.close()
            else:
                connection.prepare_next()
                deliver(connection)
