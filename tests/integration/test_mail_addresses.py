"""A player's e-mail address and sign-in by e-mail, through the API, with the mail
handed to a real SMTP server on loopback, on every adapter (both databases and the
in-memory store): an address is kept only once its link is opened, shown to its owner
alone, removable; a sign-in link makes a new token on a new device and never says
whether an address has an account; bad input, expired or used links and too many
attempts each get their problem and change nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask

from service.mail_addresses import MAILS_BURST, SIGNIN_MINUTES, VERIFY_MINUTES
from tests.api_support import Client, StillClock, make_app
from tests.smtp_receiver import REFUSED_DOMAIN, SmtpReceiver

KEYS = "k" * 32 + "," + "j" * 32


@pytest.fixture(scope="module")
def smtp() -> Iterator[SmtpReceiver]:
    receiver = SmtpReceiver()
    yield receiver
    receiver.stop()


@pytest.fixture
def clock() -> StillClock:
    return StillClock()


@pytest.fixture
def app(adapter_url: str, clock: StillClock, smtp: SmtpReceiver) -> Iterator[Flask]:
    app = make_app(adapter_url, clock=clock, smtp_host="127.0.0.1", smtp_port=smtp.port,
                   smtp_security="none", mail_keys=tuple(KEYS.split(",")),
                   public_url="https://play.example")
    yield app
    app.extensions["ttr"].close()


_serial = iter(range(10**9))


def fresh_address() -> str:
    """An address no other test uses (the SMTP server is shared by the module's tests)."""
    return f"player{next(_serial)}.{id(_serial)}@mail.example"


def code_in(smtp: SmtpReceiver, address: str, count: int = 1) -> str:
    messages = smtp.inbox.wait_for(address, count)
    assert len(messages) == count
    text = messages[-1].get_body(("plain",)).get_content()  # type: ignore[union-attr]
    found = re.search(r"#code=(ttrm_[A-Za-z0-9_-]+)", text)
    assert found, text
    return found.group(1)


def add(client: Client, token: str, address: str) -> Any:
    return client.request("PUT", "/v1/users/me/mail-address", token=token,
                          json={"address": address})


def verified(client: Client, smtp: SmtpReceiver, token: str, address: str) -> None:
    assert add(client, token, address).status_code == 202
    done = client.post("/v1/mail-address/verify", json={"code": code_in(smtp, address)})
    assert done.status_code == 200, done.json


def test_an_address_is_kept_once_its_link_is_opened(client: Client, smtp: SmtpReceiver) -> None:
    token, address = client.new_user("Ada"), fresh_address()
    assert add(client, token, address).status_code == 202
    assert client.get("/v1/users/me/mail-address", token=token).status_code == 404
    code = code_in(smtp, address)
    assert client.post("/v1/mail-address/verify", json={"code": code}).status_code == 200
    mine = client.get("/v1/users/me/mail-address", token=token).json
    assert mine is not None and mine["address"] == address and mine["disabled"] is False


def test_the_verification_link_points_at_the_public_url_with_the_code_in_its_fragment(
        client: Client, smtp: SmtpReceiver) -> None:
    token, address = client.new_user("Ada"), fresh_address()
    add(client, token, address)
    code = code_in(smtp, address)
    [message] = smtp.inbox.to(address)
    assert f"https://play.example/mail/verify#code={code}" in message.get_body(
        ("plain",)).get_content()  # type: ignore[union-attr]
    assert token not in message.as_string()


def test_an_invalid_address_is_refused_and_nothing_is_sent(client: Client) -> None:
    token = client.new_user("Ada")
    answer = add(client, token, "not an address")
    assert answer.status_code == 422
    assert answer.json is not None and answer.json["type"] == "/problems/invalid-mail-address"


def test_a_verification_link_works_once(client: Client, smtp: SmtpReceiver) -> None:
    token, address = client.new_user("Ada"), fresh_address()
    add(client, token, address)
    code = code_in(smtp, address)
    client.post("/v1/mail-address/verify", json={"code": code})
    again = client.post("/v1/mail-address/verify", json={"code": code})
    assert again.status_code == 409 and again.json is not None
    assert again.json["type"] == "/problems/link-used"


def test_an_expired_verification_link_keeps_nothing(client: Client, smtp: SmtpReceiver,
                                                    clock: StillClock) -> None:
    token, address = client.new_user("Ada"), fresh_address()
    add(client, token, address)
    code = code_in(smtp, address)
    clock.now += timedelta(minutes=VERIFY_MINUTES)
    late = client.post("/v1/mail-address/verify", json={"code": code})
    assert late.status_code == 410 and late.json is not None
    assert late.json["type"] == "/problems/link-expired"
    assert client.get("/v1/users/me/mail-address", token=token).status_code == 404


def test_too_many_verification_mails_are_refused(client: Client, smtp: SmtpReceiver) -> None:
    token = client.new_user("Ada")
    answers = [add(client, token, fresh_address()).status_code
               for _ in range(MAILS_BURST + 1)]
    assert answers == [202] * MAILS_BURST + [429]


def test_an_address_the_mail_server_refuses_is_asked_for_all_the_same(client: Client) -> None:
    # the mail goes by a job (`worker.link_mail`): the answer says nothing of its fate
    answer = add(client, client.new_user("Ada"), f"ada@{REFUSED_DOMAIN}")
    assert answer.status_code == 202


def test_an_address_can_be_removed(client: Client, smtp: SmtpReceiver) -> None:
    token, address = client.new_user("Ada"), fresh_address()
    verified(client, smtp, token, address)
    assert client.request("DELETE", "/v1/users/me/mail-address", token=token).status_code == 204
    assert client.get("/v1/users/me/mail-address", token=token).status_code == 404


def test_signing_in_by_mail_gives_a_new_working_token(client: Client, smtp: SmtpReceiver) -> None:
    token, address = client.new_user("Ada"), fresh_address()
    verified(client, smtp, token, address)
    assert client.post("/v1/signin/mail", json={"address": address}).status_code == 202
    code = code_in(smtp, address, count=2)
    signed = client.post("/v1/signin/mail-code", json={"code": code})
    assert signed.status_code == 201 and signed.json is not None
    new = signed.json["token"]
    assert new != token
    me = client.get("/v1/users/me", token=new).json
    assert me is not None and me["name"] == "Ada"
    assert client.get("/v1/users/me", token=token).status_code == 200  # the old one too


def test_a_sign_in_link_works_once_and_for_minutes(client: Client, smtp: SmtpReceiver,
                                                  clock: StillClock) -> None:
    token, address = client.new_user("Ada"), fresh_address()
    verified(client, smtp, token, address)
    client.post("/v1/signin/mail", json={"address": address})
    first = code_in(smtp, address, count=2)
    assert client.post("/v1/signin/mail-code", json={"code": first}).status_code == 201
    assert client.post("/v1/signin/mail-code", json={"code": first}).status_code == 409
    client.post("/v1/signin/mail", json={"address": address})
    second = code_in(smtp, address, count=3)
    clock.now += timedelta(minutes=SIGNIN_MINUTES)
    assert client.post("/v1/signin/mail-code", json={"code": second}).status_code == 410


def test_asking_for_a_sign_in_link_never_says_whether_an_address_has_an_account(
        client: Client, smtp: SmtpReceiver) -> None:
    token, known = client.new_user("Ada"), fresh_address()
    verified(client, smtp, token, known)
    unknown = fresh_address()
    answers = [client.post("/v1/signin/mail", json={"address": a}) for a in (known, unknown)]
    assert [a.status_code for a in answers] == [202, 202]
    assert answers[0].json == answers[1].json
    assert smtp.inbox.to(unknown) == []


def test_an_unknown_mail_code_signs_nobody_in(client: Client) -> None:
    answer = client.post("/v1/signin/mail-code", json={"code": "ttrm_made-up"})
    assert answer.status_code == 401


def test_closing_the_account_forgets_its_address(client: Client, smtp: SmtpReceiver) -> None:
    token, address = client.new_user("Ada"), fresh_address()
    verified(client, smtp, token, address)
    assert client.request("DELETE", "/v1/users/me", token=token).status_code == 204
    client.post("/v1/signin/mail", json={"address": address})
    assert len(smtp.inbox.to(address)) == 1  # the verification alone: no sign-in mail


def test_a_player_who_asked_for_mail_hears_of_their_turn_through_the_whole_service(
        client: Client, smtp: SmtpReceiver) -> None:
    ada, bob = client.new_user("Ada"), client.new_user("Bob")
    address = fresh_address()
    verified(client, smtp, bob, address)
    assert client.request("PUT", "/v1/users/me/notice-settings", token=bob, json={
        "channels": {"your_turn": "mail", "game_started": "none"},
        "mail_after_minutes": 0}).status_code == 200
    game = client.post("/v1/games", token=ada, json={
        "map": "usa", "seats": 2, "turn_time_limit": 2 * 86_400}).json
    assert game is not None
    client.post(f"/v1/games/{game['id']}/players", token=bob, json={})  # starts it
    mails = smtp.inbox.wait_for(address, 2)  # the verification, then the turn
    assert any(f"https://play.example/play/{game['id']}" in str(m.get_body(("plain",)))
               for m in mails[1:])
