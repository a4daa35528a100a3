"""Which addresses a webhook may call: public ones only, and an IPv6 address that
carries an IPv4 address (IPv4-mapped, NAT64, 6to4, Teredo, IPv4-compatible or
-translated) only if the IPv4 address it carries is public too. A refusal does not say
what a host name resolved to."""

from __future__ import annotations

import ipaddress

import pytest

from worker.webhook_sender import carried_ipv4, check_url, public

PRIVATE_CARRIED = [
    "::ffff:10.0.0.1",            # IPv4-mapped
    "::ffff:127.0.0.1",
    "64:ff9b::10.0.0.1",          # NAT64, well-known prefix
    "64:ff9b::169.254.169.254",
    "64:ff9b::127.0.0.1",
    "64:ff9b:1::8.8.8.8",         # NAT64, local-use prefix: never public
    "64:ff9b:1:ffff::10.0.0.1",
    "2002:a00:1::1",              # 6to4 of 10.0.0.1
    "2002:c0a8:1::1",             # 6to4 of 192.168.0.1
    "2002:7f00:1::1",             # 6to4 of 127.0.0.1
    "2001:0:4136:e378:8000:63bf:f5ff:fffe",  # Teredo, client 10.0.0.1
    "2001:0:a00:1::1",            # Teredo, server 10.0.0.1
    "::10.0.0.1",                 # IPv4-compatible
    "::192.168.1.1",
    "::169.254.169.254",
    "::ffff:0:10.0.0.1",          # IPv4-translated
]


@pytest.mark.parametrize("text", PRIVATE_CARRIED)
def test_an_ipv6_address_carrying_a_private_ipv4_address_is_not_public(text: str) -> None:
    assert not public(ipaddress.ip_address(text))


@pytest.mark.parametrize("text", PRIVATE_CARRIED)
def test_a_url_at_an_ipv6_address_carrying_a_private_ipv4_address_is_refused(
        text: str) -> None:
    assert check_url(f"http://[{text}]/hook", allow_private=False) is not None
    assert check_url(f"http://[{text}]/hook", allow_private=True) is None


@pytest.mark.parametrize("text", [
    "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8",
    "2002:808:808::1",
])
def test_a_public_address_or_one_carrying_a_public_ipv4_address_is_public(
        text: str) -> None:
    assert public(ipaddress.ip_address(text))


def test_the_ipv4_address_carried_is_found_in_each_transition_prefix() -> None:
    def carried(text: str) -> list[str]:
        return [str(found) for found in carried_ipv4(ipaddress.IPv6Address(text))]
    assert carried("::ffff:10.1.2.3") == ["10.1.2.3"]
    assert carried("64:ff9b::10.1.2.3") == ["10.1.2.3"]
    assert carried("2002:a01:203::") == ["10.1.2.3"]
    assert carried("::10.1.2.3") == ["10.1.2.3"]
    assert "10.0.0.1" in carried("2001:0:4136:e378:8000:63bf:f5ff:fffe")
    assert carried("2606:4700:4700::1111") == []


def test_a_refusal_does_not_tell_what_a_host_name_resolves_to() -> None:
    reason = check_url("http://localhost:8080/hook", allow_private=False)
    assert reason is not None and "localhost" in reason and "not allowed" in reason
    assert "127.0.0.1" not in reason and "::1" not in reason
