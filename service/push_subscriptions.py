"""A player allows push notifications in a browser: the checks of what that browser's
Push API gave (`PushSubscription.toJSON()`), and keeping it (`subscribe`).

What is checked here, before anything is kept: the endpoint is an `https://` URL
without credentials whose host is not a private or loopback address written out (the
sender looks every host up again and refuses private addresses at each push, since a
name may resolve anywhere: `worker.web_push`); the browser's key is a point of P-256
in uncompressed form (65 octets) and the authentication secret 16 octets, both
base64url (RFC 8291 §3). `TTR_PUSH_ALLOW_LOOPBACK` (tests) lets `http://` and
loopback through.
"""

from __future__ import annotations

import base64
import ipaddress
import secrets
from datetime import datetime
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec

from events.ports import PushSubscriptions
from events.push_subscriptions import Subscription

# the subscriptions a player keeps (one per browser); a new one beyond drops the oldest
MAX_PER_USER = 10

ENDPOINT_RULE = ("An endpoint is an https:// URL of the browser's push service, without "
                 "credentials, not on a private or loopback address.")
P256DH_RULE = "keys.p256dh is a P-256 public key, uncompressed (65 octets), in base64url."
AUTH_RULE = "keys.auth is the 16-octet authentication secret, in base64url."


class Refused(ValueError):
    """What a browser sent is not a push subscription: `field` and the rule broken."""

    def __init__(self, field: str, rule: str) -> None:
        super().__init__(rule)
        self.field = field
        self.rule = rule


def _octets(text: str) -> bytes | None:
    if not text or any(c not in _B64URL for c in text.rstrip("=")):
        return None
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        return None


_B64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def check_endpoint(endpoint: str, allow_loopback: bool) -> None:
    """`Refused` unless `endpoint` may be pushed to (see the module doc)."""
    try:
        parts = urlsplit(endpoint)
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError:
        raise Refused("endpoint", ENDPOINT_RULE) from None
    schemes = ("https", "http") if allow_loopback else ("https",)
    if parts.scheme not in schemes or not parts.hostname or parts.username is not None \
            or parts.password is not None:
        raise Refused("endpoint", ENDPOINT_RULE)
    try:
        address = ipaddress.ip_address(parts.hostname)
    except ValueError:
        return  # a name: looked up (and refused if private) at every push
    if not (address.is_global or (allow_loopback and address.is_loopback)):
        raise Refused("endpoint", ENDPOINT_RULE)


def check_keys(p256dh: str, auth: str) -> None:
    """`Refused` unless the keys are what RFC 8291 says a browser gives."""
    point = _octets(p256dh)
    try:
        if point is None or len(point) != 65:
            raise ValueError("not 65 octets")
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise Refused("keys.p256dh", P256DH_RULE) from None
    secret = _octets(auth)
    if secret is None or len(secret) != 16:
        raise Refused("keys.auth", AUTH_RULE)


def subscribe(store: PushSubscriptions, user_id: str, endpoint: str, p256dh: str, auth: str,
              now: datetime, *, allow_loopback: bool = False) -> tuple[Subscription, bool]:
    """Keep the browser's subscription for the user (checked first: `Refused`); the same
    browser again takes the new keys. Whether it is new. Beyond `MAX_PER_USER`, the
    oldest are dropped (a browser long unused is the likeliest gone)."""
    check_endpoint(endpoint, allow_loopback)
    check_keys(p256dh, auth)
    stored, created = store.add_push_subscription(Subscription(
        "ps_" + secrets.token_hex(12), user_id, endpoint, p256dh, auth, now))
    kept = store.push_subscriptions_of(user_id)
    for old in kept[:max(0, len(kept) - MAX_PER_USER)]:
        if old.subscription_id != stored.subscription_id:
            store.delete_push_subscription(user_id, old.subscription_id)
    return stored, created
