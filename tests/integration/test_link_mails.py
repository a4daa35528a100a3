"""The mails that carry a one-time link (an address's verification, a sign-in) go by a
job (`referee.jobs.LINK_MAIL`, `worker.link_mail`), handed to a real SMTP server on
loopback: the job carries the mail sealed, so neither the address nor the link is in
the queue or in what RQ shows; a mail server that is away fails the job so that it is
run again, within the link's life; a refusal for good is not tried again."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from events import GameLog
from events.memory import MemoryStore
from messaging.notify import LocalNotifier
from referee.address_seal import AddressSeal
from referee.jobs import LINK_MAIL, Args, JobKind
from referee.outreach import Mail
from service.mail_addresses import SIGNIN_MINUTES, Mailing, send
from tests.smtp_receiver import LATER_DOMAIN, REFUSED_DOMAIN, SmtpReceiver
from worker.context import WorkerContext, use_context
from worker.link_mail import LinkMailDelayed, send_link_mail
from worker.smtp_mail import MailBySmtp, SmtpServer

LINK = "https://play.example/signin#code=ttrm_secret-code"
SEAL = AddressSeal(["m" * 32])


@dataclass
class Queue:
    """A jobs port that keeps what it is asked for."""
    jobs: list[tuple[JobKind[*tuple[Any, ...]], tuple[Any, ...]]] = field(default_factory=list)

    def enqueue(self, kind: JobKind[*Args], *args: *Args) -> None:
        self.jobs.append((kind, tuple(args)))  # type: ignore[arg-type]

    def close(self) -> None:
        pass


@pytest.fixture(scope="module")
def smtp() -> Iterator[SmtpReceiver]:
    receiver = SmtpReceiver()
    yield receiver
    receiver.stop()


def context(port: int) -> WorkerContext:
    store = MemoryStore()
    return WorkerContext(store=store, log=GameLog(store), notifier=LocalNotifier(),
                         jobs=Queue(), addresses=SEAL,
                         mail=MailBySmtp(SmtpServer("127.0.0.1", port, "none", timeout=5),
                                         "T <t@x.io>"))


def asked(to: str) -> tuple[Any, ...]:
    """The arguments of the job that `service.mail_addresses` asks for to mail `to`."""
    queue = Queue()
    send(Mailing(SEAL, queue, "https://play.example"), "signin", Mail(
        to=to, subject="Sign in", text=f"Open {LINK}", html=f"<a href='{LINK}'>x</a>",
        key=f"signin:{to}"))
    [(kind, args)] = queue.jobs
    assert kind is LINK_MAIL
    return args


def test_the_job_carries_neither_the_address_nor_the_link() -> None:
    args = asked("ada@mail.example")
    shown = repr(args) + LINK_MAIL.describe(*args)  # type: ignore[misc]
    assert "ada@mail.example" not in shown and "ttrm_secret-code" not in shown


def test_the_job_hands_the_mail_with_its_link_to_the_smtp_server(smtp: SmtpReceiver) -> None:
    with use_context(context(smtp.port)):
        assert send_link_mail(*LINK_MAIL.arguments(*asked("bea@mail.example"))) == "mailed"
    [mail] = smtp.inbox.wait_for("bea@mail.example")
    assert LINK in mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]


def test_a_mail_server_that_says_later_fails_the_job_so_it_runs_again(
        smtp: SmtpReceiver) -> None:
    with use_context(context(smtp.port)), pytest.raises(LinkMailDelayed):
        send_link_mail(*LINK_MAIL.arguments(*asked(f"cy@{LATER_DOMAIN}")))


def test_a_mail_server_that_cannot_be_reached_fails_the_job_so_it_runs_again() -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # nobody listens there
    with use_context(context(port)), pytest.raises(LinkMailDelayed):
        send_link_mail(*LINK_MAIL.arguments(*asked("dan@mail.example")))


def test_a_refusal_for_good_is_not_tried_again(smtp: SmtpReceiver) -> None:
    with use_context(context(smtp.port)):
        done = send_link_mail(*LINK_MAIL.arguments(*asked(f"eve@{REFUSED_DOMAIN}")))
    assert done.startswith("refused")


def test_every_retry_comes_within_a_sign_in_links_life() -> None:
    assert len(LINK_MAIL.retries) >= 3
    assert sum(LINK_MAIL.retries) < SIGNIN_MINUTES * 60
