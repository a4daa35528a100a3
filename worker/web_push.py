"""Web Push: the `PushSender` that encrypts a message for a browser's subscription and
hands it to that browser's push service, and the VAPID key that signs what it sends.

- the payload is encrypted for the subscription (RFC 8291, ``aes128gcm`` of RFC 8188)
  with `http_ece`, Mozilla's reference implementation of that encoding;
- each request carries a VAPID token (RFC 8292: a JWT signed with our key, whose
  public half the browser was given when it subscribed) made by `py_vapid`;
- it is POSTed (RFC 8030) with ``TTL`` and a ``Topic`` derived from the message's key,
  so a repeat of a message the push service still holds replaces it instead of
  arriving twice; ``Urgency: high`` because a notice is about a turn waiting.

**The endpoint is a URL a browser chose, which means a URL any account can post.**
It is checked as webhooks are (`worker.webhook_sender`): https only, and its host
looked up and refused if any address is not public; the request goes to the very
addresses checked. `allow_loopback` (``TTR_PUSH_ALLOW_LOOPBACK``, for tests and
nothing else) also lets through http and loopback addresses (never other private
ones), so the tests' own push service on 127.0.0.1 can receive.

404 and 410 from the push service mean the subscription is gone for good
(`SendFailed(permanent=True)`); anything else that is not 2xx, or no answer at all,
may pass (`SendFailed`, to be retried).
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import os
import time
from urllib.parse import urlsplit

import http_ece  # type: ignore[import-untyped]
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02  # type: ignore[import-untyped]

from referee.outreach import PushMessage, PushSubscription, SendFailed
from worker.webhook_sender import Address, HttpSender, Refused, WebhookSender, resolve

# RFC 8291 §4: a push message's body is at most 4096 octets; one aes128gcm record
# adds a 86-octet header (salt, record size, key) and 17 octets of padding and tag
MAX_PAYLOAD = 4096 - 86 - 17
# how long the VAPID token is valid (RFC 8292 §2: at most 24 hours)
TOKEN_LIFETIME = 12 * 3600
# the longest a push service will keep a message we send (its `TTL`)
MAX_TTL = 28 * 86_400


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_bytes(text: str) -> bytes:
    """The bytes of base64url `text` (padded or not); ValueError if it is not that."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError) as error:
        raise ValueError(f"not base64url: {error}") from error


class VapidKey:
    """Our VAPID key pair (a P-256 key). `private` is what is kept (base64url of the
    32-octet secret, as `web-push generate-vapid-keys` prints it); `public` is what a
    browser's ``applicationServerKey`` takes (base64url of the 65-octet point)."""

    def __init__(self, private: str) -> None:
        raw = b64url_bytes(private.strip())
        if len(raw) != 32:
            raise ValueError("a VAPID private key is 32 octets in base64url")
        try:
            self._key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
        except ValueError as error:
            raise ValueError(f"not a P-256 private key: {error}") from None
        self.private = b64url(raw)
        self.public = b64url(self._key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    @classmethod
    def generate(cls) -> VapidKey:
        key = ec.generate_private_key(ec.SECP256R1())
        return cls(b64url(key.private_numbers().private_value.to_bytes(32, "big")))

    def authorization(self, audience: str, subject: str, now: float) -> str:
        """The `Authorization` header for a push service at `audience` (its origin)."""
        claims = {"aud": audience, "exp": int(now) + TOKEN_LIFETIME, "sub": subject}
        # (the subject's form is the settings' check; py_vapid's own refuses an https
        # URL with a path, which RFC 8292 allows)
        header: str = Vapid02(self._key, conf={"no-strict": True}).sign(claims)["Authorization"]
        return header


class WebPushSender:
    """Sends push messages to browsers' push services (`referee.outreach.PushSender`)."""

    def __init__(self, key: VapidKey, subject: str, *, allow_loopback: bool = False,
                 timeout: float = 10.0, http: WebhookSender | None = None) -> None:
        self.key = key
        self.subject = subject  # the VAPID `sub`: how a push service reaches us
        self.allow_loopback = allow_loopback
        self.timeout = timeout
        self._http = http or HttpSender()

    def send(self, subscription: PushSubscription, message: PushMessage) -> None:
        if len(message.payload) > MAX_PAYLOAD:
            raise ValueError(f"a push payload is at most {MAX_PAYLOAD} octets")
        try:
            origin, addresses = self._checked(subscription.endpoint)
            body = encrypt(subscription, message.payload)
        except Refused as refused:  # an endpoint that can never be sent to
            raise SendFailed(str(refused), permanent=True) from None
        except OSError as lookup:  # the look-up failed: perhaps not for long
            raise SendFailed(f"cannot resolve the push service: {lookup}") from None
        headers = {
            "Authorization": self.key.authorization(origin, self.subject, time.time()),
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "TTL": str(max(0, min(message.ttl, MAX_TTL))),
            "Topic": topic(message.key),
            "Urgency": "high",
        }
        status, error = self._http.send(subscription.endpoint, addresses, headers, body,
                                        self.timeout)
        if status is not None and 200 <= status < 300:
            return
        if status in (404, 410):
            raise SendFailed(f"the push service answered {status}: the subscription is gone",
                             permanent=True)
        raise SendFailed(f"the push service answered {status}" if status is not None
                         else f"no answer from the push service: {error}")

    def _checked(self, endpoint: str) -> tuple[str, list[Address]]:
        """The endpoint's origin (the VAPID audience) and its checked addresses."""
        try:
            parts = urlsplit(endpoint)
            port = parts.port
        except ValueError as error:
            raise Refused(f"not a valid URL: {error}") from None
        allowed = ("https", "http") if self.allow_loopback else ("https",)
        if parts.scheme not in allowed or not parts.hostname:
            raise Refused("a push endpoint must be an https:// URL with a host")
        if parts.username is not None or parts.password is not None:
            raise Refused("a push endpoint must not hold credentials")
        port = port or (443 if parts.scheme == "https" else 80)
        addresses = resolve(parts.hostname, port, allow_private=self.allow_loopback)
        if self.allow_loopback:  # loopback, yes; the rest of the private space, still no
            for _, sockaddr in addresses:
                address = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
                if not (address.is_loopback or address.is_global):
                    raise Refused(f"the host {parts.hostname} is not allowed (push goes "
                                  "to public addresses, or loopback in tests)")
        return f"{parts.scheme}://{parts.netloc}", addresses


def encrypt(subscription: PushSubscription, payload: bytes) -> bytes:
    """`payload` encrypted for the subscription (RFC 8291, one aes128gcm record, with a
    key pair of its own); `Refused` if the subscription's keys are not keys."""
    try:
        receiver = b64url_bytes(subscription.p256dh)
        auth = b64url_bytes(subscription.auth)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), receiver)
    except ValueError as error:
        raise Refused(f"the subscription's keys are not usable: {error}") from None
    sealed: bytes = http_ece.encrypt(payload, salt=os.urandom(16),
                                     private_key=ec.generate_private_key(ec.SECP256R1()),
                                     dh=receiver, auth_secret=auth, version="aes128gcm")
    return sealed


def topic(key: str) -> str:
    """RFC 8030 §5.4: at most 32 base64url characters; the same for the same key."""
    return b64url(hashlib.sha256(key.encode()).digest()[:24])
