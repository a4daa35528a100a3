"""One server-sent event as the streams write it: the game's events (`service.tails`),
its snapshot and the spectators' count (`service.api.feed`, `service.spectating`); and
a stream's answer, which holds its connection's `Hold` until it ends."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Any

from flask import Response, json

from service.held import Hold

SSE = "text/event-stream"


def sse(data: Any, event: str | None = None, id: int | None = None) -> bytes:
    """`data` as one SSE message (its JSON on one `data:` line), named `event`, with `id`."""
    lines = []
    if event:
        lines.append(f"event: {event}")
    if id is not None:
        lines.append(f"id: {id}")
    lines.append("data: " + json.dumps(data))
    return ("\n".join(lines) + "\n\n").encode()


def stream_response(stream: Generator[bytes, None, None], hold: Hold) -> Response:
    """The streaming answer of `stream`, which gives `hold` back when it is closed."""
    try:
        # (no request context kept: a held stream keeps only what its generator holds)
        return Response(_Body(stream, hold), mimetype=SSE, direct_passthrough=True,
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    except BaseException:
        hold.release()
        raise


class _Body:
    """A stream's body as the server iterates it: the generator itself (Flask passes it
    through), and closing it gives its hold back.

    A waiting greenlet keeps its C stack saved, and in Python 3.11 every iterator or
    generator between the server's write loop and the wait is another level of it;
    werkzeug's encoding and closing iterators, and a generator delegating to another
    (`yield from`), were four such levels. So the streams wait in their outermost
    generator, which yields bytes.
    """

    __slots__ = ("_stream", "_hold")

    def __init__(self, stream: Generator[bytes, None, None], hold: Hold) -> None:
        self._stream = stream
        self._hold = hold

    def __iter__(self) -> Iterator[bytes]:
        return self._stream

    def close(self) -> None:
        try:
            self._stream.close()
        finally:
            self._hold.release()
