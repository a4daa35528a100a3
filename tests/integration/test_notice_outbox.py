"""Notices by e-mail away from the table, on every adapter (both databases and the
in-memory store), the mail handed to a real SMTP server on loopback: a correspondence
player without an open page gets one push delivery at once and, after the configured
wait, one mail per turn with a link to the table; a turn played meanwhile sends no mail;
a digest gathers several games into one mail; quiet hours hold notices back; a lost send
job, a worker killed between deciding and sending, and a job run twice still deliver
exactly one; an address refused again and again is disabled; the one-click unsubscribe
turns mail off."""

from __future__ import annotations

import itertools
import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

import pytest

from domain.commands import Resign
from domain.moves import legal_moves
from domain.table import TakeSeat, create_game
from domain.tournament_log import TournamentCreated
from events import GameLog, SqlStore, user_actor
from events.mail_addresses import VERIFY, MailLink
from events.notice_outbox import PENDING
from events.push_subscriptions import Subscription
from messaging.notify import LocalNotifier
from referee import tournaments
from referee.address_seal import AddressSeal
from referee.jobs import DIGEST, NOTICE, NOTICE_FAN_OUT, Args, JobKind
from referee.outreach_notices import hand_over_outreach
from service.notice_settings import unsubscribe
from tests.smtp_receiver import REFUSED_DOMAIN, SmtpReceiver
from tests.worker_support import T0, FakeClock, move, new_game, users
from worker import outreach
from worker.context import WorkerContext, use_context
from worker.memory_outreach import PushInMemory
from worker.smtp_mail import MailBySmtp, SmtpServer

TWO_DAYS = 2 * 86_400
PUBLIC = "https://play.example"
_serial = itertools.count()


@dataclass
class Queue:
    """A jobs port that keeps the notice jobs for the test to run (the others: noted)."""
    jobs: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)

    def enqueue(self, kind: JobKind[*Args], *args: *Args) -> None:
        self.jobs.append((kind.name, tuple(args)))

    def take(self, name: str) -> list[tuple[Any, ...]]:
        taken = [args for n, args in self.jobs if n == name]
        self.jobs = [(n, a) for n, a in self.jobs if n != name]
        return taken

    def close(self) -> None:
        pass


@pytest.fixture(scope="module")
def smtp() -> Iterator[SmtpReceiver]:
    receiver = SmtpReceiver()
    yield receiver
    receiver.stop()


@dataclass
class World:
    ctx: WorkerContext
    queue: Queue
    clock: FakeClock
    smtp: SmtpReceiver

    def changed(self, outcome: Any) -> None:
        """The referee's hand-over, then the fan-out job it asked for."""
        hand_over_outreach(self.ctx, self.ctx.reachable, outcome)
        self.decide()

    def decide(self) -> None:
        """Run the fan-out jobs asked for."""
        for game_id, _version, correspondence, notices in self.queue.take(NOTICE_FAN_OUT.name):
            with use_context(self.ctx):
                outreach.fan_out_notices(game_id, correspondence, notices)

    def run_due(self) -> list[str]:
        """Run the notice and digest jobs whose time has come, each once however often
        it was asked for (as a job id does); the others stay queued."""
        sends = {NOTICE.name: outreach.send_notice, DIGEST.name: outreach.send_digest}
        due = list(dict.fromkeys((name, args) for name, args in self.queue.jobs
                                 if name in sends and args[1] <= self.clock.now))
        self.queue.jobs = [job for job in self.queue.jobs if job not in due]
        with use_context(self.ctx):
            return [sends[name](args[0]) for name, args in due]

    def mails_to(self, address: str) -> list[EmailMessage]:
        """The your-turn mails to `address` (a game's start is mailed too, at once)."""
        return [m for m in self.smtp.inbox.to(address) if m["Subject"].startswith("Your turn")]

    def wait_for(self, address: str, count: int = 1) -> list[EmailMessage]:
        deadline = time.monotonic() + 5
        while len(self.mails_to(address)) < count and time.monotonic() < deadline:
            self.smtp.inbox.wait_for(address, len(self.smtp.inbox.to(address)) + 1, 0.1)
        return self.mails_to(address)


@pytest.fixture
def world(any_store: SqlStore, smtp: SmtpReceiver) -> World:
    clock = FakeClock(T0)  # 09:00 UTC
    queue = Queue()
    ctx = WorkerContext(store=any_store, log=GameLog(any_store), notifier=LocalNotifier(),
                        jobs=queue, mail=MailBySmtp(SmtpServer("127.0.0.1", smtp.port,
                                                               "none", timeout=5), "T <t@x.io>"),
                        addresses=AddressSeal(["m" * 32]), public_url=PUBLIC)
    ctx.webhooks.clock = clock
    ctx.reachable.refresh = 0.0  # read at every change: a test adds players as it goes
    return World(ctx, queue, clock, smtp)


def with_address(world: World, user_id: str, domain: str = "mail.example") -> str:
    """`user_id` given a fresh verified address; the address."""
    address = f"{user_id}.{next(_serial)}.{id(world)}@{domain}"
    seal, now = world.ctx.addresses, world.clock.now
    assert seal is not None
    store = world.ctx.store
    store.add_mail_link(MailLink(VERIFY, user_id, seal.seal(address), seal.lookup(address),
                                 now, now + timedelta(hours=1)), f"link-{address}")
    assert store.use_mail_link(f"link-{address}", VERIFY, now).claimed
    return address


def correspondence_game(world: World, game_id: str, players: int = 2) -> None:
    world.changed(new_game(world.ctx.log, game_id, players=players, turn_time_limit=TWO_DAYS))


def keep_tickets(world: World, game_id: str, user_id: str) -> None:
    table = world.ctx.log.load(game_id)
    assert table.game is not None
    seat = next(s for s, p in enumerate(table.seats) if p.user_id == user_id)
    world.changed(move(world.ctx.log, game_id, user_id, legal_moves(table.game, seat)[0]))


def deliveries(world: World, user_id: str) -> dict[str, str]:
    """channel → status of the user's deliveries (the latest of each channel)."""
    found = {}
    for channel in ("push", "mail", "digest"):
        for d in world.ctx.store.pending_notices_of(user_id, channel):
            found[channel] = d.status
    return found


def test_the_player_away_gets_a_push_at_once_and_a_mail_after_the_wait(world: World) -> None:
    address = with_address(world, "u1")
    correspondence_game(world, "g1")
    assert deliveries(world, "u1") == {"push": PENDING, "mail": PENDING}
    world.run_due()
    [started] = world.smtp.inbox.wait_for(address)  # the game's start: at once
    assert "has started" in started["Subject"] and world.mails_to(address) == []
    world.clock.advance(minutes=61)
    world.run_due()
    [mail] = world.wait_for(address)
    text = mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert f"{PUBLIC}/play/g1" in text and "Map: North America" in text and "Deadline:" in text


def test_a_turn_played_before_the_wait_sends_no_mail(world: World) -> None:
    address = with_address(world, "u1")
    correspondence_game(world, "g1")
    keep_tickets(world, "g1", "u1")
    world.clock.advance(minutes=61)
    assert "skipped: the turn was played" in world.run_due()
    assert world.mails_to(address) == []


def test_a_player_nobody_can_reach_costs_no_job(world: World) -> None:
    correspondence_game(world, "g1")
    assert world.queue.jobs == []


def test_a_send_job_run_twice_sends_one_mail(world: World) -> None:
    address = with_address(world, "u1")
    correspondence_game(world, "g1")
    world.clock.advance(minutes=61)
    jobs = [args for name, args in world.queue.jobs if name == NOTICE.name]
    with use_context(world.ctx):
        for delivery_id, _ in jobs * 2:
            outreach.send_notice(delivery_id)
    assert len(world.wait_for(address)) == 1


def test_a_worker_killed_between_deciding_and_sending_still_delivers_one(
        world: World) -> None:
    address = with_address(world, "u1")
    correspondence_game(world, "g1")
    world.queue.jobs.clear()  # the send jobs died with the worker
    world.clock.advance(minutes=61)
    with use_context(world.ctx):
        assert outreach.sweep_notices(world.ctx) == 3  # the start, the push, the mail
    world.run_due()
    with use_context(world.ctx):
        outreach.sweep_notices(world.ctx)
    world.run_due()
    assert len(world.wait_for(address)) == 1


def test_a_digest_gathers_every_waiting_game_into_one_mail(world: World) -> None:
    address = with_address(world, "u1")
    world.ctx.store.put_notice_settings("u1", {"digest_hours": 24, "channels": {}},
                                        world.clock.now)
    for game_id in ("g1", "g2", "g3"):
        correspondence_game(world, game_id)
    digests = {args for name, args in world.queue.jobs if name == DIGEST.name}
    assert len(digests) == 1  # one job for the player's digest, however many notices
    world.clock.advance(hours=24)
    world.run_due()
    [mail] = world.smtp.inbox.wait_for(address)  # (the starts are in the digest too)
    text = mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert {f"{PUBLIC}/play/{g}" for g in ("g1", "g2", "g3")} <= set(
        re.findall(r"https://\S+", text))
    assert "3 games are waiting for you" in mail["Subject"]


def test_quiet_hours_hold_notices_back_until_they_end(world: World) -> None:
    address = with_address(world, "u1")
    # 09:00 UTC is 18:00 in Tokyo: quiet from 17:00 to 21:00 there (12:00 UTC)
    world.ctx.store.put_notice_settings("u1", {
        "channels": {"your_turn": "mail"}, "mail_after_minutes": 0,
        "quiet_hours": {"start": "17:00", "end": "21:00"}, "time_zone": "Asia/Tokyo"},
        world.clock.now)
    correspondence_game(world, "g1")
    world.clock.advance(hours=2)
    world.run_due()
    assert world.mails_to(address) == []
    world.clock.advance(hours=1, minutes=1)
    world.run_due()
    assert len(world.wait_for(address)) == 1


def test_an_address_refused_again_and_again_is_disabled(world: World) -> None:
    with_address(world, "u1", domain=REFUSED_DOMAIN)
    world.ctx.store.put_notice_settings("u1", {"channels": {"your_turn": "mail"},
                                               "mail_after_minutes": 0}, world.clock.now)
    for n in range(outreach.MAIL_FAILURES):
        correspondence_game(world, f"g{n}")
        world.run_due()
    kept = world.ctx.store.mail_address_of("u1")
    assert kept is not None and kept.disabled_at is not None
    assert deliveries(world, "u1") == {}  # each settled (failed), none left pending


def test_the_mail_carries_one_click_unsubscribe_which_turns_mail_off(world: World) -> None:
    address = with_address(world, "u1")
    world.ctx.store.put_notice_settings("u1", {"channels": {"your_turn": "mail"},
                                               "mail_after_minutes": 0}, world.clock.now)
    correspondence_game(world, "g1")
    world.run_due()
    [mail] = world.wait_for(address)
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = mail["List-Unsubscribe"].strip("<>")
    # (the user id sealed, not in clear: a random token holds "u1" itself one time in a
    # hundred or so, the sealed text never)
    assert url.startswith(f"{PUBLIC}/v1/unsubscribe/") and outreach.UNSUBSCRIBE + "u1" not in url
    assert url.rsplit("/", 1)[1] != "u1"
    unsubscribe(world.ctx.store, world.ctx.addresses, url.rsplit("/", 1)[1], world.clock.now)
    keep_tickets(world, "g1", "u1")  # (the other player's turn…)
    correspondence_game(world, "g2")
    world.run_due()
    assert len(world.mails_to(address)) == 1


def test_a_digest_job_run_twice_sends_one_mail(world: World) -> None:
    address = with_address(world, "u1")
    world.ctx.store.put_notice_settings("u1", {"digest_hours": 6, "channels": {}},
                                        world.clock.now)
    correspondence_game(world, "g1")
    world.clock.advance(hours=6)
    with use_context(world.ctx):
        results = [outreach.send_digest("u1"), outreach.send_digest("u1")]
    assert results[1] == "nothing to send"
    assert len(world.smtp.inbox.wait_for(address)) == 1


def test_a_player_a_bot_replaced_is_mailed_that_it_took_their_seat(world: World) -> None:
    address = with_address(world, "u1")
    log = world.ctx.log
    created = create_game(map_name="usa", seats=2, created_by="u0", seed=b"g1",
                          turn_time_limit=TWO_DAYS, stand_in="easy")
    log.execute("g1", lambda _: list(created), user_actor("u0"), new=True)
    for user in users(2):
        move(log, "g1", user, TakeSeat(user))
    world.changed(move(log, "g1", "u1", Resign()))
    world.run_due()
    [mail] = world.smtp.inbox.wait_for(address)
    text = mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert mail["Subject"] == "A bot took your seat on North America"
    assert "you resigned" in text and f"{PUBLIC}/play/g1" in text


def invite(world: World, invited: str) -> str:
    """A tournament organised by u0, who invites `invited`; its id."""
    starts = datetime.now(UTC) + timedelta(days=1)
    tournament_id = tournaments.create_tournament(world.ctx.referee, TournamentCreated(
        "Autumn cup", "u0", "usa", 2, 3, TWO_DAYS, False, starts.isoformat(), True, False))
    tournaments.join(world.ctx.referee, tournament_id, "u0",
                     tournaments.Entrant(invited, "Ann"))
    world.decide()
    return tournament_id


def test_an_invited_player_is_mailed_a_link_to_the_tournament(world: World) -> None:
    address = with_address(world, "u1")
    tournament_id = invite(world, "u1")
    world.run_due()
    [mail] = world.smtp.inbox.wait_for(address)
    text = mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert mail["Subject"] == "You are invited to the tournament Autumn cup"
    assert f"{PUBLIC}/tournaments/{tournament_id}" in text


def test_a_player_who_joins_for_themselves_is_not_invited(world: World) -> None:
    with_address(world, "u1")
    starts = datetime.now(UTC) + timedelta(days=1)
    tournament_id = tournaments.create_tournament(world.ctx.referee, TournamentCreated(
        "Open cup", "u0", "usa", 2, 3, TWO_DAYS, False, starts.isoformat(), False, False))
    tournaments.join(world.ctx.referee, tournament_id, "u1", tournaments.Entrant("u1", "Ann"))
    assert [name for name, _ in world.queue.jobs if name == NOTICE_FAN_OUT.name] == []


def test_an_invited_player_who_chose_push_is_pushed_the_tournaments_page(world: World) -> None:
    now = world.clock.now
    world.ctx.store.put_notice_settings("u1", {"channels": {"invitation": "push"}}, now)
    world.ctx.store.add_push_subscription(Subscription(
        "ps_1", "u1", "https://push.example/u1", "key", "auth", now))
    tournament_id = invite(world, "u1")
    world.run_due()
    assert isinstance(world.ctx.push, PushInMemory)
    [(_, message)] = world.ctx.push.sent
    assert json.loads(message.payload)["url"] == f"/tournaments/{tournament_id}"
