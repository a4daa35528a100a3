"""What `ttr serve` checks in gunicorn's master before gunicorn starts: that it can
listen where it is told, and that the database can be reached and migrated.

Left to gunicorn, each of these failures came late and long: a busy or unknown
address took five retries a second apart and a dozen log lines with no summary, a
port past 65535 ended in gunicorn's `OverflowError`, and a database that could not be
reached failed each worker's boot (a traceback of ~90 lines, ending with gevent's
"greenlet is being finalized"). Checked here, each is one line naming the cause
(`CannotStart`), and the exit is immediate.

The database is checked in a child process forked for it: psycopg chooses how it
waits when it is first imported, and must first be imported in a worker, after
gevent's monkey-patching (see `service.serve`); the master itself never imports it.
The child migrates the database as each worker would at its start (theirs is then a
no-op), so a database that can be reached but not written (a read-only working
directory with the embedded SQLite file) is caught here too.
"""

from __future__ import annotations

import logging
import os
import socket
import sys

from events.store import StoreUnavailable
from referee.settings import Settings

USAGE_ERROR = 2  # a mistake in what the server was told (as `ttr`'s other mistakes)
CANNOT_START = 1  # the address or the database is not to be had now


class CannotStart(Exception):
    """Why the server cannot start, in one line; `status`: the exit status it gives."""

    def __init__(self, why: str, status: int = CANNOT_START) -> None:
        super().__init__(why)
        self.status = status


def listen_once(address: str) -> None:
    """Bind `address` (already well formed: `service.config.bind_problem`) as gunicorn
    will, then let it go for gunicorn to take: `CannotStart` if that fails."""
    if address.startswith("fd://"):  # a socket handed in, already listening
        return
    if address.startswith("unix:"):
        folder = os.path.dirname(os.path.abspath(address[len("unix:"):]))
        if not os.access(folder, os.W_OK):
            raise CannotStart(f"cannot listen on {address}: {folder} is not a directory "
                              "this process may write in")
        return
    host, _, port = address.rpartition(":")
    host = host.strip("[]")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            # (as gunicorn does: a port whose last connections are in TIME_WAIT is free)
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, int(port)))
    except socket.gaierror as error:
        raise CannotStart(f"cannot listen on {address}: there is no host {host!r} "
                          f"({error.strerror})", USAGE_ERROR) from None
    except OSError as error:
        raise CannotStart(f"cannot listen on {address}: {error.strerror or error}") from None


def prepare_store(settings: Settings) -> None:
    """Reach the database and migrate it (with `migrate_on_start` off: only reach it)
    in a forked child (see the module doc): `CannotStart` saying why not."""
    read, write = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    child = os.fork()
    if child == 0:  # pragma: no cover (the child: its outcome is what the parent reads)
        os.close(read)
        status = 0
        try:
            _prepare(settings)
        except BaseException as error:  # anything at all: one line, no traceback
            status = CANNOT_START
            _write_all(write, _one_line(error).encode())
        finally:
            os._exit(status)  # nothing of the master's (its atexit, its buffers) runs twice
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        why = pipe.read().decode(errors="replace")
    _, status = os.waitpid(child, 0)
    if status != 0:
        raise CannotStart(why or f"the database check ended with status {status}")


def _prepare(settings: Settings) -> None:
    from events import is_postgres_url, open_store

    logging.disable(logging.CRITICAL)  # the pool's retries: the one line says it
    url = settings.database_url
    if is_postgres_url(url):
        from events.postgres import reach

        reach(url or "")  # at once, and naming the cause (a missing database…)
    store = open_store(url)
    try:
        if settings.migrate_on_start:
            store.migrate()
        else:
            try:
                store.schema_version()
            except StoreUnavailable:
                raise
            except Exception:  # reached, with no schema yet: a worker's matter
                pass
    finally:
        store.close()


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    if isinstance(error, StoreUnavailable):
        return text
    return f"the database cannot be prepared: {type(error).__name__}: {text}"


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data):]
