"""A push service of the tests' own, on loopback: what a browser's push service (FCM,
Mozilla's autopush…) does with what we send it, checked as strictly.

`PushService.subscribe()` makes a subscription as a browser would: a P-256 key pair
and a 16-octet authentication secret of its own, and an endpoint on this server. A
POST to that endpoint is checked (RFC 8292: the VAPID token's ES256 signature against
the server key the test expects, its audience this origin, its expiry within a day;
RFC 8030: a TTL), decrypted with the subscription's private key (RFC 8291,
aes128gcm), recorded, and answered 201, or what the test asked for that endpoint
(`answer`: 404, 410, 500…).

The checks are written here from the RFCs with `cryptography` and `http_ece`, not with
the sender's code, so a sender that signs or encrypts wrongly fails them.
"""

from __future__ import annotations

import base64
import json
import secrets
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece  # type: ignore[import-untyped]
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from referee.outreach import PushSubscription


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class Pushed:
    """One message the service took: its endpoint's id, the decrypted payload, the
    request's headers, and what the VAPID token claimed."""
    subscription: str
    payload: bytes
    headers: dict[str, str]
    claims: dict[str, Any]

    @property
    def json(self) -> Any:
        return json.loads(self.payload)


class PushService:
    """The server; `server_key`: the VAPID public key (applicationServerKey form) every
    request must be signed with."""

    def __init__(self, server_key: str) -> None:
        self.server_key = server_key
        self.received: list[Pushed] = []
        self.refused: list[str] = []  # why each refused request was refused
        self.answer: dict[str, int] = {}  # subscription id → the status to answer
        self._keys: dict[str, tuple[ec.EllipticCurvePrivateKey, bytes]] = {}
        self._lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                status = service._take(self.path, dict(self.headers.items()), raw)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def subscribe(self) -> PushSubscription:
        """A new subscription, as a browser's `pushManager.subscribe` makes one."""
        key = ec.generate_private_key(ec.SECP256R1())
        auth = secrets.token_bytes(16)
        sub_id = secrets.token_hex(8)
        with self._lock:
            self._keys[sub_id] = (key, auth)
        public = key.public_key().public_bytes(serialization.Encoding.X962,
                                               serialization.PublicFormat.UncompressedPoint)
        return PushSubscription(f"{self.origin}/push/{sub_id}", _b64(public), _b64(auth))

    def to(self, subscription: PushSubscription) -> list[Pushed]:
        """What reached `subscription` so far."""
        sub_id = subscription.endpoint.rsplit("/", 1)[-1]
        with self._lock:
            return [p for p in self.received if p.subscription == sub_id]

    def _take(self, path: str, headers: dict[str, str], raw: bytes) -> int:
        sub_id = path.rsplit("/", 1)[-1]
        with self._lock:
            found = self._keys.get(sub_id)
            answer = self.answer.get(sub_id)
        if not path.startswith("/push/") or found is None:
            return 404
        if answer is not None:
            return answer
        try:
            claims = self._check_vapid(headers.get("Authorization", ""))
            if not headers.get("TTL", "").isdigit():
                raise ValueError("no TTL")
            if headers.get("Content-Encoding") != "aes128gcm":
                raise ValueError("not aes128gcm")
            payload = http_ece.decrypt(raw, private_key=found[0], auth_secret=found[1],
                                       version="aes128gcm")
        except (ValueError, KeyError, InvalidSignature) as error:
            with self._lock:
                self.refused.append(f"{type(error).__name__}: {error}")
            return 401 if "Authorization" not in headers else 400
        with self._lock:
            self.received.append(Pushed(sub_id, payload, headers, claims))
        return 201

    def _check_vapid(self, header: str) -> dict[str, Any]:
        """RFC 8292 §3: `vapid t=<JWT>, k=<key>`; the JWT ES256-signed with that key."""
        scheme, _, params = header.partition(" ")
        if scheme.lower() != "vapid":
            raise ValueError(f"not a VAPID authorization: {scheme!r}")
        fields = dict(p.strip().split("=", 1) for p in params.split(","))
        if fields["k"] != self.server_key:
            raise ValueError("signed with another key than the server's")
        head, body, signature = fields["t"].split(".")
        if json.loads(_unb64(head)) != {"typ": "JWT", "alg": "ES256"}:
            raise ValueError("not an ES256 JWT")
        raw = _unb64(signature)
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(),
                                                              _unb64(fields["k"]))
        public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                           int.from_bytes(raw[32:], "big")),
                      f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))
        claims: dict[str, Any] = json.loads(_unb64(body))
        if claims["aud"] != self.origin:
            raise ValueError(f"audience {claims['aud']!r}, not {self.origin!r}")
        if not time.time() < claims["exp"] <= time.time() + 86_400:
            raise ValueError("expired, or valid for more than a day")
        if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
            raise ValueError("no contact (sub)")
        return claims
