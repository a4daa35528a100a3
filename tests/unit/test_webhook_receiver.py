"""The webhook receiver of the tests signs and verifies as the documented scheme says
(checked against an independent implementation of it)."""

from __future__ import annotations

from tests.webhook_receiver import SECRET, independent_signature
from worker.webhook_delivery import sign, verify


def test_the_signature_is_the_documented_hmac() -> None:
    raw = b'{"id":"d_1","kind":"ping"}'
    assert "v1=" + sign(SECRET, "1700000000", raw) == independent_signature(
        SECRET, "1700000000", raw)


def test_verify_rejects_a_wrong_signature_an_old_timestamp_and_another_body() -> None:
    raw = b'{"id":"d_1"}'
    now = 1_700_000_000
    good = {"X-TTR-Timestamp": str(now), "X-TTR-Signature": independent_signature(
        SECRET, str(now), raw)}
    assert verify(SECRET, good, raw, now=now + 299)
    assert not verify(SECRET, good, raw, now=now + 301)  # a replay, too late
    assert not verify(SECRET, good, raw + b" ", now=now)
    assert not verify("another-secret-16-chars", good, raw, now=now)
    assert not verify(SECRET, {**good, "X-TTR-Signature": "v1=00"}, raw, now=now)
