"""The floor under `bench/web.py`'s repeat visit: an empty page's, on the same profile.

Most of a repeat visit on the slowed phone is the browser's own work before any script
of the page runs: committing the navigation, making the document and its script
contexts, parsing. How long that takes depends on the machine the emulation slows (4×
slower than *this* CPU), so the same page measures twice as slow on one machine as on
another. A page with nothing in it but its ready mark, served from loopback with the
same revalidation as the table's page (a 304 on a repeat visit) and visited the same
way, measures that part alone; the table's repeat visit less this floor is the page's
own share, which compares across machines.
"""

from __future__ import annotations

import hashlib
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# ready as soon as it is parsed; the two measures are what bench/web.py's wait asks of
# the table (its first drawing and the stream's)
PAGE = (b"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        b"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        b"<title>floor</title></head><body><main><p>\xe2\x80\xa6</p></main><script>"
        b"performance.mark('ttr-ready');performance.measure('ttr-render');"
        b"performance.measure('ttr-render')</script></body></html>")


# the page's validator: a repeat visit is answered 304, as the table's page is
ETAG = '"floor-' + hashlib.sha256(PAGE).hexdigest()[:16] + '"'


class _Page(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        same = self.headers.get("If-None-Match") == ETAG
        self.send_response(304 if same else 200)
        self.send_header("ETag", ETAG)
        self.send_header("Cache-Control", "no-cache")  # (as the table's page)
        if same:
            self.end_headers()
            return
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        # the bench leaves the page the moment its navigation commits (`about:blank`
        # next), so the browser may close the connection before the page is all sent
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


@contextmanager
def floor_page() -> Iterator[str]:
    """The empty page's address, served while the block runs."""
    server = _Server(("127.0.0.1", 0), _Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
