"""Ports for the servers that tests and benchmarks start on loopback.

A port the kernel picks for ``bind(port 0)`` comes from the range it also gives to
outgoing connections (``net.ipv4.ip_local_port_range``): between the probe's close and
the server's bind, any client's connection may take it, and with many connections
opened at once (the benchmarks' smoke runs side by side) a server then fails with
"Address already in use". So a port is chosen at random below that range, where no
outgoing connection ever lands, and probed.

A port probed free is still free for anyone else until its server binds it, which for a
server started as a process of its own takes a second or more: two test processes (the
suite runs several) could pick the same one in that time, and the second server then
fails to start. So every port handed out is reserved, across processes, for
`_RESERVED_FOR` seconds in a file of its own under the temporary directory, and a port
reserved there is not handed out again meanwhile. Nothing of the service's is imported
here: benchmark processes that start by the hundred import this module too.
"""

from __future__ import annotations

import fcntl
import os
import random
import socket
import tempfile
import time
from pathlib import Path

_PORT_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
_LOWEST = 10000
_DEFAULT_FIRST_EPHEMERAL = 32768  # Linux's default, where the range cannot be read
# long enough for any server the tests start to bind its port; short enough that a whole
# run (thousands of ports) never runs out of the 22,000 below the ephemeral range
_RESERVED_FOR = 120.0


def _first_ephemeral() -> int:
    try:
        return int(_PORT_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return _DEFAULT_FIRST_EPHEMERAL


def _kernel_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def free_port() -> int:
    """A TCP port on loopback that nothing uses just now, no outgoing connection will
    take, and no other test process was handed in the last `_RESERVED_FOR` seconds
    (the kernel's own choice where its range leaves no room below it)."""
    first_ephemeral = _first_ephemeral()
    chooser = random.SystemRandom()
    for _ in range(200):
        if first_ephemeral - _LOWEST < 1000:
            port = _kernel_port()
        else:
            port = chooser.randrange(_LOWEST, first_ephemeral)
            with socket.socket() as probe:
                try:
                    probe.bind(("127.0.0.1", port))
                except OSError:
                    continue
        if _reserve(port):
            return port
    raise OSError("no free loopback port found that another test process had not taken")


def _reservations() -> Path:
    folder = Path(tempfile.gettempdir()) / f"ttr-test-ports-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


def _reserve(port: int) -> bool:
    """Reserve `port` for this process unless another reserved it in the last
    `_RESERVED_FOR` seconds. The file's lock makes the look and the claim one step."""
    try:
        fd = os.open(_reservations() / str(port), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:  # no temporary directory to write in: the probe alone, as before
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        taken = os.read(fd, 64).decode("ascii", "replace").strip()
        now = time.time()
        try:
            if 0 <= now - float(taken) < _RESERVED_FOR:
                return False
        except ValueError:  # never reserved (or a torn write): free
            pass
        os.lseek(fd, 0, os.SEEK_SET)
        os.ftruncate(fd, 0)
        os.write(fd, repr(now).encode("ascii"))
        return True
    finally:
        os.close(fd)  # (closing lets go of the lock)
