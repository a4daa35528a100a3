"""Ports for the servers that tests and benchmarks start on loopback.

A port the kernel picks for ``bind(port 0)`` comes from the range it also gives to
outgoing connections (``net.ipv4.ip_local_port_range``): between the probe's close and
the server's bind, any client's connection may take it, and with many connections
opened at once (the benchmarks' smoke runs side by side) a server then fails with
"Address already in use". So a port is chosen at random below that range, where no
outgoing connection ever lands, and probed. Nothing of the service's is imported here:
benchmark processes that start by the hundred import this module too.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

_PORT_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
_LOWEST = 10000
_DEFAULT_FIRST_EPHEMERAL = 32768  # Linux's default, where the range cannot be read


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
    """A TCP port on loopback that nothing uses just now and no outgoing connection
    will take (the kernel's own choice where its range leaves no room below it)."""
    first_ephemeral = _first_ephemeral()
    if first_ephemeral - _LOWEST < 1000:
        return _kernel_port()
    chooser = random.SystemRandom()
    for _ in range(200):
        port = chooser.randrange(_LOWEST, first_ephemeral)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    return _kernel_port()
