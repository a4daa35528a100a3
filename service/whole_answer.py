"""An answer's head and body sent together: one write to the socket, not two.

gunicorn writes an answer's status line and headers with one `sendall` and its body
with another. On the loopback and in most networks each send is a system call that
hands a segment to the peer at once (gunicorn sets `TCP_NODELAY`), wakes it, and is
answered by an ACK: the head of a small JSON answer travelled alone, and the client
woke for half an answer. Profiled under `bench/api.py`, the send of the head was about
a sixth of the API worker's samples (bench/NOTES.md, issue 36).

`WholeAnswer` writes the head together with the body's first piece when that piece
is all there is to frame plainly: not chunked, not a body the answer must omit (HEAD,
204, 304), and no longer than a declared `Content-Length`. Anything else goes the way
gunicorn goes (its `write`), so what reaches the client is byte for byte the same.
`install()` makes it the response class of every request the worker process serves
(gunicorn's `wsgi.create` looks `Response` up in its module on each request).
"""

from __future__ import annotations

from typing import Any

from gunicorn import util
from gunicorn.http import wsgi


class WholeAnswer(wsgi.Response):  # type: ignore[misc]
    """gunicorn's HTTP/1 response, whose head goes out with the first piece of body."""

    headers_sent: bool
    sent: int

    def write(self, arg: Any) -> None:
        if (self.headers_sent or self.chunked or getattr(self, "_omits_body", False)
                or not isinstance(arg, bytes) or not arg
                or (self.response_length is not None and len(arg) > self.response_length)):
            super().write(arg)
            return
        # gunicorn's `send_headers`, with the body appended before the one send
        head = self.default_headers()
        head.extend([f"{name}: {value}\r\n" for name, value in self.headers])
        self.headers_sent = True
        self.sent += len(arg)
        head.append("\r\n")
        self.sock.sendall(util.to_bytestring("".join(head), "latin-1") + arg)


def install() -> None:
    """Every HTTP/1 request of this process is answered by a `WholeAnswer`."""
    wsgi.Response = WholeAnswer
