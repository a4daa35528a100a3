"""The mail senders' contract, written once and run on every adapter: `MailBySmtp`
(handing mail to a real SMTP server on loopback), `MailToLog` (the embedded default)
and `MailInMemory` (the tests' reference). Each shows what it handed over as the MIME
message a player would receive (`worker.mail_message`)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from email.message import EmailMessage
from email.parser import Parser
from email.policy import default

import pytest

from referee.outreach import Mail, MailSender, SendFailed
from tests.smtp_receiver import LATER_DOMAIN, REFUSED_DOMAIN, SmtpReceiver
from worker.log_mail import NOT_SENT, MailToLog
from worker.mail_message import mime_message
from worker.memory_outreach import MailInMemory
from worker.smtp_mail import MailBySmtp, SmtpServer

SENDER = "Ticket to Ride <noreply@play.example>"
Received = Callable[[str], list[EmailMessage]]


@pytest.fixture(scope="module")
def smtp() -> Iterator[SmtpReceiver]:
    receiver = SmtpReceiver()
    yield receiver
    receiver.stop()


def by_smtp(receiver: SmtpReceiver) -> MailBySmtp:
    return MailBySmtp(SmtpServer("127.0.0.1", receiver.port, "none", timeout=5.0), SENDER)


@pytest.fixture(params=["smtp", "log", "memory"])
def adapter(request: pytest.FixtureRequest,
            caplog: pytest.LogCaptureFixture) -> tuple[MailSender, Received]:
    """Each adapter, and how to see what it handed over to an address."""
    if request.param == "smtp":
        receiver: SmtpReceiver = request.getfixturevalue("smtp")
        return by_smtp(receiver), receiver.inbox.to
    if request.param == "log":
        caplog.set_level(logging.WARNING, logger="worker.log_mail")

        def logged(address: str) -> list[EmailMessage]:
            texts = [r.getMessage().partition(":\n")[2] for r in caplog.records
                     if r.getMessage().startswith(NOT_SENT)]
            return [Parser(policy=default).parsestr(t) for t in texts]  # type: ignore[misc]
        return MailToLog(SENDER), logged
    memory = MailInMemory()
    return memory, lambda address: [mime_message(m, SENDER) for m in memory.sent
                                    if m.to == address]


def a_mail(to: str, key: str = "notice:g_1:7:your_turn") -> Mail:
    return Mail(to=to, subject="Your turn in Europe", text="It is your turn: https://t/x",
                html="<p>It is your turn: <a href='https://t/x'>the table</a></p>", key=key,
                headers={"List-Unsubscribe": "<https://t/u/abc>",
                         "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})


def test_a_mail_arrives_with_a_plain_text_and_an_html_part(
        adapter: tuple[MailSender, Received]) -> None:
    sender, received = adapter
    sender.send(a_mail("ada@play.example"))
    [message] = received("ada@play.example")
    assert message["Subject"] == "Your turn in Europe"
    assert message.get_content_type() == "multipart/alternative"
    plain, html = message.iter_parts()
    assert plain.get_content_type() == "text/plain"  # type: ignore[union-attr]
    assert "It is your turn" in plain.get_content()  # type: ignore[union-attr]
    assert html.get_content_type() == "text/html"  # type: ignore[union-attr]


def test_the_mails_own_headers_travel_with_it(adapter: tuple[MailSender, Received]) -> None:
    sender, received = adapter
    sender.send(a_mail("bea@play.example"))
    [message] = received("bea@play.example")
    assert message["List-Unsubscribe"] == "<https://t/u/abc>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_a_mail_sent_again_for_the_same_thing_carries_the_same_message_id(
        adapter: tuple[MailSender, Received]) -> None:
    sender, received = adapter
    sender.send(a_mail("cy@play.example", key="a"))
    sender.send(a_mail("cy@play.example", key="a"))
    sender.send(a_mail("cy@play.example", key="b"))
    ids = [m["Message-ID"] for m in received("cy@play.example")]
    assert ids[0] == ids[1] != ids[2]


def test_a_sender_never_writes_the_address_to_the_log(
        adapter: tuple[MailSender, Received], caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    sender, _ = adapter
    sender.send(a_mail("dora.secret@play.example"))
    ours = [r.getMessage() for r in caplog.records if r.name != "mail.log"]
    assert not any("dora.secret" in m for m in ours)  # (the test server's log)


# -- what only a real server can say --------------------------------------------------------

def test_an_address_the_server_refuses_is_a_permanent_failure(smtp: SmtpReceiver) -> None:
    with pytest.raises(SendFailed) as failed:
        by_smtp(smtp).send(a_mail(f"nobody@{REFUSED_DOMAIN}"))
    assert failed.value.permanent


def test_a_server_that_says_later_is_a_failure_to_retry(smtp: SmtpReceiver) -> None:
    with pytest.raises(SendFailed) as failed:
        by_smtp(smtp).send(a_mail(f"busy@{LATER_DOMAIN}"))
    assert not failed.value.permanent


def test_a_server_that_cannot_be_reached_is_a_failure_to_retry() -> None:
    from tests.ports import free_port

    sender = MailBySmtp(SmtpServer("127.0.0.1", free_port(), "none", timeout=2.0), SENDER)
    with pytest.raises(SendFailed) as failed:
        sender.send(a_mail("eve@play.example"))
    assert not failed.value.permanent


def test_the_log_says_the_mail_was_not_sent(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="worker.log_mail")
    MailToLog(SENDER).send(a_mail("fay@play.example"))
    assert NOT_SENT in caplog.text and "It is your turn" in caplog.text
