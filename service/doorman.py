"""The door of a gevent worker: every connection is counted as it comes in, before a
byte of its request is read, and one past its budget is answered at once and closed.

A connection costs the process a greenlet and a socket whatever it carries, and the
held streams' budget (`service.held`) sees only streams. Slow request bodies, headers
that never end or idle kept-alive connections cost as much, and without a door one
address (a few accounts stay within the rate limits) could open thousands of them;
once the process holds `worker_connections`, gevent stops accepting and newcomers wait
in the listen backlog until they time out, whoever they are. So, per worker process:

- at most `HttpSettings.connections_per_address` open connections per peer address
  (an IPv6 address's /64, which one host gets as cheaply as one address): the next
  one gets 429 `rate-limited` with `Retry-After`;
- at most `worker_connections` (`TTR_WEB_CONNECTIONS`, see `service.serve`) in all:
  the next one gets 503 `unavailable` with `Retry-After`, at once, rather than
  waiting in the backlog.

A refused connection's request is never read: the answer (a problem+json of a few
hundred bytes, which fits an empty send buffer) is written, what the client already
sent is drained for a moment so that closing does not reset the answer away, and the
connection closes. The worker accepts `REFUSAL_ROOM` connections beyond its cap for
these answers, so that turning newcomers away never waits on those it serves.

Behind a proxy every connection comes from the proxy's address, and the door cannot
see the client (`X-Forwarded-For` is in the request, which the door does not read):
a peer that `TTR_TRUSTED_PROXIES` (more than 0) and `TTR_FORWARDED_ALLOW_IPS` (gunicorn's
list of trusted peers) together call a proxy is not budgeted per address, only in the
process's cap; the proxy budgets its clients' connections (docs/operations.md).
Unix-socket peers have no address and are treated alike.

The counts are the worker process's own, as are gunicorn's `worker_connections`;
`gthread` workers have no door.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from gunicorn.workers.ggevent import GeventWorker as _GeventWorker

from service.config import http_settings_from_env
from service.http_errors import ProblemAnswers, linger, problem_answer

RETRY_AFTER_SECONDS = 5
# connections accepted beyond the cap, only to be told 503 (each for at most
# `http_errors.LINGER_SECONDS`): past these, newcomers wait in the backlog after all
REFUSAL_ROOM = 1000

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a connection is turned away: the problem's kind and detail."""
    kind: str
    detail: str

    def answer(self) -> bytes:
        return problem_answer(self.kind, self.detail,
                              {"Retry-After": str(RETRY_AFTER_SECONDS)})


@dataclass
class Door:
    """A worker process's open connections, in all and per peer address."""
    cap: int
    per_address: int
    # peers not budgeted per address (trusted proxies); "*": all of them
    proxies: tuple[Network, ...] = ()
    every_peer_a_proxy: bool = False
    open: int = 0
    by_address: dict[str, int] = field(default_factory=dict)

    def admit(self, peer: Any) -> tuple[str | None, Refusal | None]:
        """Let the connection from `peer` (gunicorn's `addr`) in, counting it: the key it
        is counted under (give it back to `leave`), or the refusal saying why not."""
        address = self.budgeted_address(peer)
        if address is not None:
            mine = self.by_address.get(address, 0)
            if mine >= self.per_address:
                return None, Refusal("rate-limited", (
                    f"Your address has {mine} connections open to this server, the most "
                    f"one address may; close one or try again in {RETRY_AFTER_SECONDS} s."))
        if self.open >= self.cap:
            return None, Refusal("unavailable", (
                "This server has as many connections open as it can; try again in "
                f"{RETRY_AFTER_SECONDS} s."))
        self.open += 1
        if address is not None:
            self.by_address[address] = self.by_address.get(address, 0) + 1
        return address, None

    def leave(self, address: str | None) -> None:
        """The connection `admit` counted under `address` has closed."""
        self.open -= 1
        if address is None:
            return
        left = self.by_address.get(address, 1) - 1
        if left > 0:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)

    def budgeted_address(self, peer: Any) -> str | None:
        """What `peer`'s connections are counted under: its address (an IPv6 one's
        /64), or None for a trusted proxy or a peer without an address."""
        if not (isinstance(peer, tuple) and peer and isinstance(peer[0], str)):
            return None
        try:
            ip = ipaddress.ip_address(peer[0].split("%", 1)[0])
        except ValueError:
            return None
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        if self.every_peer_a_proxy or any(ip in network for network in self.proxies):
            return None
        if isinstance(ip, ipaddress.IPv6Address):
            return str(ipaddress.IPv6Network((ip, 64), strict=False))
        return str(ip)


def trusted_proxies(allowed: Iterable[str]) -> tuple[tuple[Network, ...], bool]:
    """gunicorn's `forwarded_allow_ips` as networks, and whether it trusts every peer."""
    networks: list[Network] = []
    every = False
    for entry in allowed:
        entry = entry.strip()
        if entry == "*":
            every = True
            continue
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:  # gunicorn refuses it at start; nothing to trust here
            continue
    return tuple(networks), every


def door_for(cap: int, allowed_proxies: Iterable[str]) -> Door:
    """The door of a worker accepting `cap` connections, by the `TTR_*` settings (which
    `ttr serve` and deploy/gunicorn.conf.py read too, and checked before the workers
    started): proxies are trusted only when `TTR_TRUSTED_PROXIES` says there are some."""
    http = http_settings_from_env()
    proxies, every = trusted_proxies(allowed_proxies) if http.trusted_proxies else ((), False)
    return Door(cap, http.connections_per_address, proxies, every)


class KeepsTheDoor:
    """Mixed into gunicorn's gevent worker: each connection passes the door first."""

    cfg: Any
    log: Any
    worker_connections: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.door = door_for(self.worker_connections, self.cfg.forwarded_allow_ips)
        # gevent's pool of connection greenlets: room for the refusals beyond the cap
        self.worker_connections += REFUSAL_ROOM

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        address, refusal = self.door.admit(addr)
        if refusal is not None:
            self.turn_away(client, addr, refusal)
            return
        try:
            super().handle(listener, client, addr)  # type: ignore[misc]
        finally:
            self.door.leave(address)

    def turn_away(self, client: Any, addr: Any, refusal: Refusal) -> None:
        self.log.debug("Turned away a connection from %s: %s", addr, refusal.kind)
        try:
            client.setblocking(False)
            client.send(refusal.answer())
            linger(client)
        except OSError:  # the client is gone: nothing to tell it
            pass
        finally:
            client.close()


class GeventWorker(KeepsTheDoor, ProblemAnswers, _GeventWorker):  # type: ignore[misc]
    """gunicorn's gevent worker, keeping the door and answering its own errors as
    problems (`service.http_errors`)."""
