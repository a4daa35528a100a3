"""An answer's head goes out with its body in one send, and the client gets exactly the
bytes gunicorn's own response would have sent (`service.whole_answer`)."""

from __future__ import annotations

from typing import Any

import pytest
from gunicorn import util
from gunicorn.config import Config
from gunicorn.http import wsgi

from service.whole_answer import WholeAnswer

BODY = b'{"phase":"playing","moves":[]}'


class Wire:
    """A socket that records each send."""

    def __init__(self) -> None:
        self.sends: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.sends.append(bytes(data))


class Request:
    def __init__(self, method: str = "POST") -> None:
        self.method = method
        self.version = (1, 1)

    def should_close(self) -> bool:
        return False


def answered(cls: Any, status: str, headers: list[tuple[str, str]], pieces: list[bytes],
             method: str = "POST") -> Wire:
    wire = Wire()
    response = cls(Request(method), wire, Config())
    response.start_response(status, headers)
    for piece in pieces:
        response.write(piece)
    response.close()
    return wire


@pytest.fixture(autouse=True)
def one_date(monkeypatch: pytest.MonkeyPatch) -> None:
    # both answers are made in the same second of the clock they print
    monkeypatch.setattr(util, "http_date", lambda *_: "Sat, 28 Nov 2026 05:00:00 GMT")


SIZED = [("Content-Type", "application/json"), ("Content-Length", str(len(BODY)))]


def test_a_sized_answer_is_one_send_of_the_same_bytes() -> None:
    ours = answered(WholeAnswer, "200 OK", SIZED, [BODY])
    theirs = answered(wsgi.Response, "200 OK", SIZED, [BODY])
    assert len(ours.sends) == 1
    assert len(theirs.sends) == 2
    assert b"".join(ours.sends) == b"".join(theirs.sends)


@pytest.mark.parametrize(("status", "headers", "pieces", "method"), [
    ("200 OK", [("Content-Type", "application/json")], [b"a", b"bc"], "POST"),  # chunked
    ("200 OK", SIZED, [BODY[:5], BODY[5:]], "POST"),  # in pieces
    ("200 OK", [("Content-Length", "3")], [b"abcdef"], "POST"),  # more than declared
    ("200 OK", SIZED, [BODY], "HEAD"),  # no body to send
    ("304 Not Modified", [("ETag", '"7"')], [b""], "GET"),
    ("204 No Content", [], [], "DELETE"),
], ids=["chunked", "pieces", "longer-than-declared", "head", "not-modified", "no-content"])
def test_every_other_answer_is_byte_for_byte_gunicorns(
        status: str, headers: list[tuple[str, str]], pieces: list[bytes], method: str) -> None:
    ours = answered(WholeAnswer, status, headers, pieces, method)
    theirs = answered(wsgi.Response, status, headers, pieces, method)
    assert b"".join(ours.sends) == b"".join(theirs.sends)
