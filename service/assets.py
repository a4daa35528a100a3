"""The web client's files (`service/static/`): answered from memory, gzip-compressed once,
and cached by browsers for a year under a versioned prefix.

The files are read once, when a process first needs them, and named by one version:
a digest of every file's path and content (`tree_version`). A page asks for
`/static/{version}/app/main.js`, which is answered with `Cache-Control: public,
max-age=31536000, immutable`: a browser asks for it again only when a deploy changes
some file, and with it the version and every address. One version for the whole tree,
not one per file, because ES modules import each other by relative paths: a module at
`/static/{version}/app/table.js` importing `./api.js` reaches the same version's file,
with no import to rewrite. The files name their own absolute addresses without a
version (`/static/app/main.js`); the pages are served with them versioned
(`in_page`). The client's modules are also served joined in bundles
(`bundle/app/main.js`: `service.module_bundles`), made from the files when they are
read, and named by the same version.

The unversioned address (`/static/app/main.js`) keeps answering, with `no-cache` (the
browser revalidates it with its ETag), for whatever was written before versions: a
bookmarked module, a page of an older process, the tests. So does an address with a
version this process does not have (a page served by a process of another deploy):
the current file, `no-cache`, never a year of a file that may not match.

Compression: each text file's gzip (stdlib, level 9) is made when first asked for and
kept; it is sent to a client whose `Accept-Encoding` takes gzip, with `Vary:
Accept-Encoding` on every answer of a compressible file, and its own ETag (a strong
ETag names one representation). Brotli would save a little more but needs a library
the service does not otherwise carry.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import posixpath
import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

from flask import Response, request

from service.module_bundles import every_bundle

STATIC = Path(__file__).resolve().parent / "static"
PREFIX = "/static/"
# what a versioned file is answered with: kept a year, never revalidated
IMMUTABLE = "public, max-age=31536000, immutable"
# what a page and an unversioned file are answered with: kept, but revalidated each time
REVALIDATE = "no-cache"
VERSION = re.compile(r"[0-9a-f]{16}")
# worth compressing: text. (A PNG is compressed already.)
TEXT_SUFFIXES = frozenset({".js", ".css", ".json", ".html", ".svg", ".webmanifest", ".txt"})
# smaller than this, gzip's header and a request's headers cost more than it saves
MIN_COMPRESSED = 256
TYPES = {".js": "text/javascript", ".css": "text/css", ".json": "application/json",
         ".html": "text/html", ".svg": "image/svg+xml", ".png": "image/png",
         ".webmanifest": "application/manifest+json"}


def tree_version(root: Path) -> str:
    """A digest of every file under `root` and of the bundles made of its modules: each
    one's path and bytes (16 hex digits)."""
    return _version(_read(root))


def _read(root: Path) -> dict[str, bytes]:
    """The files under `root` by name, and the bundles of its modules (`bundle/…`):
    files too, named by the version like the rest, which they change (a new transform
    makes new bundles of the same modules)."""
    read = {path.relative_to(root).as_posix(): path.read_bytes()
            for path in sorted(p for p in root.rglob("*") if p.is_file())}
    made = every_bundle({name: body.decode("utf-8") for name, body in read.items()
                         if name.endswith(".js")})
    read.update((name, text.encode("utf-8")) for name, text in made.items())
    return read


def _version(files: dict[str, bytes]) -> str:
    digest = hashlib.sha256()
    for name, body in sorted(files.items()):
        encoded = name.encode()
        digest.update(len(encoded).to_bytes(4, "big") + encoded + len(body).to_bytes(8, "big"))
        digest.update(body)
    return digest.hexdigest()[:16]


@dataclass(slots=True)
class Asset:
    """One file: its bytes, type and ETag, and its gzip once asked for."""
    body: bytes
    mimetype: str
    etag: str
    compressible: bool
    gzipped: bytes | None = field(default=None)

    def compressed(self) -> bytes | None:
        """The gzip of the body (made once), or None when it would not pay."""
        if not self.compressible:
            return None
        if self.gzipped is None:
            # mtime 0: the same bytes in every process, so a cache sees one representation
            self.gzipped = gzip.compress(self.body, compresslevel=9, mtime=0)
        return self.gzipped


class Assets:
    """The files under `root`, read once, and their version."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.files: dict[str, Asset] = {}
        read = _read(root)
        for name, body in read.items():
            suffix = posixpath.splitext(name)[1].lower()
            mimetype = TYPES.get(suffix) or mimetypes.guess_type(name)[0] \
                or "application/octet-stream"
            etag = hashlib.sha256(body).hexdigest()[:20]
            self.files[name] = Asset(body, mimetype, etag,
                                     suffix in TEXT_SUFFIXES and len(body) >= MIN_COMPRESSED)
        self.version = _version(read)

    def url(self, name: str) -> str:
        """The versioned address of the file `name` ("app/main.js")."""
        return f"{PREFIX}{self.version}/{name}"

    def in_page(self, html: str) -> str:
        """`html` with each of its addresses of a static file versioned (those written
        in attributes: `src="/static/…"`, `href="/static/…"`)."""
        return html.replace(f'"{PREFIX}', f'"{PREFIX}{self.version}/')

    def find(self, path: str) -> tuple[Asset, bool] | None:
        """The file at `path` (what follows `/static/`), and whether its address is of
        this version (cacheable for a year); None when there is no such file."""
        first, _, rest = path.partition("/")
        versioned = bool(rest) and VERSION.fullmatch(first) is not None
        name = posixpath.normpath(rest if versioned else path)
        asset = self.files.get(name)
        if asset is None:
            return None
        return asset, versioned and first == self.version

    def answer(self, path: str) -> Response | None:
        """The answer to `GET /static/{path}` (None: not found)."""
        found = self.find(path)
        if found is None:
            return None
        asset, current = found
        body, etag = asset.body, asset.etag
        compressed = asset.compressed()
        if compressed is not None and request.accept_encodings["gzip"] > 0:
            body, etag = compressed, f"{etag}-gzip"
        response = Response(body, mimetype=asset.mimetype)
        if body is compressed:
            response.headers["Content-Encoding"] = "gzip"
        if asset.compressible:
            response.vary.add("Accept-Encoding")
        # a page is never kept without asking, whatever its address
        keep = current and asset.mimetype != "text/html"
        response.headers["Cache-Control"] = IMMUTABLE if keep else REVALIDATE
        response.set_etag(etag)
        response.make_conditional(request)  # (a 304 when the browser's copy is this one)
        return response


# a public JSON answer smaller than this is sent as it is
MIN_COMPRESSED_ANSWER = 1024


@lru_cache(maxsize=32)
def _gzipped(body: bytes) -> bytes:
    """`body` gzipped, remembered: the public answers are a few, each the same for all."""
    return gzip.compress(body, compresslevel=6, mtime=0)


def compress_public_answer(response: Response) -> Response:
    """The `after_request` hook that gzips a public JSON answer (the maps: the same for
    every caller, no secret in it, and the table's largest) for a client that takes
    gzip. Private answers stay as they are: they are small, and carry what a caller
    may have put there beside what is theirs alone."""
    control = response.headers.get("Cache-Control", "")
    if (request.method != "GET" or response.status_code != 200
            or response.mimetype != "application/json" or "public" not in control
            or response.direct_passthrough or "Content-Encoding" in response.headers):
        return response
    response.vary.add("Accept-Encoding")
    body = response.get_data()
    if len(body) < MIN_COMPRESSED_ANSWER or request.accept_encodings["gzip"] <= 0:
        return response
    response.set_data(_gzipped(body))
    response.headers["Content-Encoding"] = "gzip"
    return response


@cache
def static_assets() -> Assets:
    """The service's own files (read at the first call in each process)."""
    return Assets(STATIC)
