"""Sending a webhook: the sender port, its real HTTP adapter, and the address checks.

`WebhookSender.send` makes one POST to addresses already checked and says what came
of it: the receiver's HTTP status, or why there was none. `HttpSender` is the real
one (the standard library's `http.client` over a socket to a checked address);
tests of the delivery logic plug in a fake (`WebhookConfig.sender`).

**Server-side request forgery.** `post` looks the URL's host up first: a host that
resolves to a private, loopback, link-local or otherwise non-public address (or to an
IPv6 address carrying such an IPv4 address: NAT64, 6to4, Teredo, IPv4-mapped or
-compatible) is refused, without saying what it resolved to, unless private addresses
are allowed (``TTR_WEBHOOK_ALLOW_PRIVATE=true``: tests, private installations), and
the sender connects to the very addresses that were checked, so a DNS answer that
changes in between cannot sneak in. `check_url` makes the same check when a webhook
is registered.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import time
from collections.abc import Mapping, Sequence
from typing import Any, Protocol
from urllib.parse import urlsplit

Address = tuple[int, Any]  # (family, socket address)
# what an attempt came to: (the HTTP status, None) or (None, what went wrong)
Answer = tuple[int | None, str | None]


class WebhookSender(Protocol):
    def send(self, url: str, addresses: Sequence[Address], headers: Mapping[str, str],
             body: bytes, timeout: float) -> Answer:
        """POST `body` to `url` at one of `addresses` (checked: never looked up again),
        within about `timeout` seconds. Never raises."""


class Refused(ValueError):
    """A URL the webhook may not call (see the module doc)."""


def check_url(url: str, allow_private: bool) -> str | None:
    """Why `url` cannot be a webhook, or None if it can.

    Its host is looked up: a private address is refused. A host that does not resolve
    (yet) is accepted: its attempts fail, visibly, until it does (the check is made
    again at every attempt anyway).
    """
    try:
        host, port, _ = _parts(url)
        resolve(host, port, allow_private)
    except Refused as refused:
        return str(refused)
    except OSError:
        return None
    return None


def _parts(url: str) -> tuple[str, int, str]:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise Refused(f"not a valid URL: {error}") from error
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Refused("the URL must be http:// or https:// with a host")
    if parts.username is not None or parts.password is not None:
        raise Refused("the URL must not hold credentials (the signature authenticates us)")
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return parts.hostname, port or (443 if parts.scheme == "https" else 80), target


# IPv6 prefixes whose addresses carry an IPv4 address in their last 32 bits: NAT64's
# well-known prefix (RFC 6052), IPv4-compatible (::a.b.c.d, deprecated) and
# IPv4-translated (::ffff:0:a.b.c.d, RFC 2765) addresses. A gateway or the kernel may
# turn them into the IPv4 address they carry, so that address must be public too.
_CARRY_IPV4_LAST = tuple(ipaddress.IPv6Network(prefix) for prefix in (
    "64:ff9b::/96", "::/96", "::ffff:0:0:0/96"))
# NAT64's local-use prefix (RFC 8215) is never globally reachable, whatever it carries
# (Python before 3.12.4 calls it global).
_NEVER_PUBLIC = (ipaddress.IPv6Network("64:ff9b:1::/48"),)


def carried_ipv4(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries: IPv4-mapped, NAT64, 6to4, Teredo
    (its client and server), IPv4-compatible and IPv4-translated addresses."""
    carried = [address.ipv4_mapped, address.sixtofour, *(address.teredo or ())]
    if any(address in prefix for prefix in _CARRY_IPV4_LAST):
        carried.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    return [found for found in carried if found is not None]


def public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """An address anyone on the internet could reach (not private, loopback, link-local,
    multicast, reserved, shared or documentation space), and so is every IPv4 address
    it carries (see `carried_ipv4`)."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:  # an IPv4 address itself, seen over IPv6
            return public(address.ipv4_mapped)
        if any(address in prefix for prefix in _NEVER_PUBLIC) or \
                not all(public(inner) for inner in carried_ipv4(address)):
            return False
    return address.is_global and not address.is_multicast


def resolve(host: str, port: int, allow_private: bool) -> list[Address]:
    """The addresses of `host`; `Refused` if any is not public (unless allowed)."""
    found: list[Address] = []
    for family, _, _, _, sockaddr in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM):
        address = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
        if not allow_private and not public(address):
            # (what an internal name resolves to is not told to whoever asked)
            raise Refused(f"the host {host} is not allowed (webhooks go to public "
                          "addresses only, not private, loopback or link-local ones)")
        found.append((int(family), sockaddr))
    if not found:
        raise Refused(f"{host} has no address")
    return found


def post(url: str, raw_body: bytes, sent_headers: Mapping[str, str], timeout: float,
         allow_private: bool, sender: WebhookSender) -> Answer:
    """Check `url`'s addresses, then have `sender` POST `raw_body` to them. Never raises.

    The whole attempt (look-up, connection, sending, the status line and headers) is
    bounded by about `timeout` seconds.
    """
    end = time.monotonic() + timeout
    try:
        host, port, _ = _parts(url)
        addresses = resolve(host, port, allow_private)
    except Refused as refused:
        return None, str(refused)
    except socket.gaierror as error:
        return None, f"cannot resolve the host: {error.strerror or error}"
    except OSError as error:
        return None, f"{type(error).__name__}: {error}"[:300]
    return sender.send(url, addresses, sent_headers, raw_body,
                       max(end - time.monotonic(), 0.001))


# -- the real sender ------------------------------------------------------------------------

class HttpSender:
    """POSTs with `http.client` over a socket to a checked address.

    The answer's body is never read, and redirects are not followed (a 3xx is a
    failed attempt).
    """

    def send(self, url: str, addresses: Sequence[Address], headers: Mapping[str, str],
             body: bytes, timeout: float) -> Answer:
        end = time.monotonic() + timeout
        conn: http.client.HTTPConnection | None = None
        try:
            host, port, target = _parts(url)
            pinned = _PinnedTLS if url.lower().startswith("https:") else _Pinned
            conn = pinned(host, port, addresses, max(end - time.monotonic(), 0.001))
            conn.request("POST", target, body=body, headers=dict(headers))
            if conn.sock is not None:
                conn.sock.settimeout(max(end - time.monotonic(), 0.001))
            response = conn.getresponse()
            return response.status, None
        except Refused as refused:
            return None, str(refused)
        except TimeoutError:
            # (the time left after the look-up: about the attempt's whole timeout)
            return None, f"no answer within {round(timeout, 1):g} s"
        except ssl.SSLError as error:
            return None, f"TLS: {error}"
        except (OSError, http.client.HTTPException) as error:
            return None, f"{type(error).__name__}: {error}"[:300]
        finally:
            if conn is not None:
                conn.close()


def _connect(addresses: Sequence[Address], timeout: float) -> socket.socket:
    error: OSError = OSError("no address to connect to")
    for family, sockaddr in addresses:
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect(sockaddr)
            return sock
        except OSError as failed:
            sock.close()
            error = failed
    raise error


class _Pinned(http.client.HTTPConnection):
    """HTTP to addresses already checked (never looked up again)."""

    def __init__(self, host: str, port: int, addresses: Sequence[Address],
                 timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._addresses = addresses
        self._timeout = timeout

    def connect(self) -> None:
        self.sock = _connect(self._addresses, self._timeout)


class _PinnedTLS(http.client.HTTPSConnection):
    """HTTPS to addresses already checked; the certificate is checked for the host."""

    def __init__(self, host: str, port: int, addresses: Sequence[Address],
                 timeout: float) -> None:
        self._tls = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=self._tls)
        self._addresses = addresses
        self._timeout = timeout

    def connect(self) -> None:
        sock = _connect(self._addresses, self._timeout)
        self.sock = self._tls.wrap_socket(sock, server_hostname=self.host)
