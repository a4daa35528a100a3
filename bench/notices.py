"""How soon a player away from the table hears of their turn by e-mail and by Web Push,
and how many notices one worker sends.

    python bench/notices.py [--url URL] [--moves N] [--backlog M]

The embedded setup with its in-process worker (`InlineJobs`, as `ttr serve` runs
without Redis) on a SQLite file (or `--url`, PostgreSQL), an SMTP server of its own on
loopback (`aiosmtpd`) and a push service of its own on loopback (the tests'
`tests.push_service.PushService`, which checks the VAPID signature and decrypts each
push as a browser's push service would), two players with verified addresses and a
push subscription each, who asked for every *your turn* by mail and by push at once.
A correspondence game is played N moves through the referee; for each *your turn* a
move calls for, the delay is measured from the move's start to the mail handed to the
SMTP server (recognised by its Message-ID, made from the notice's key) and to the push
taken by the push endpoint (recognised by its decrypted `tag`, the notice's key). Then
M mail deliveries and M push deliveries due at once are sent by one worker thread, one
after another: notices a minute. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import secrets
import statistics
import sys
import tempfile
import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.outcome import CannotMeasure, run  # noqa: E402
from tests.push_service import PushService  # noqa: E402

SENDER = "Ticket to Ride <noreply@bench.example>"
TARGET_P95_S = 5.0
TWO_DAYS = 2 * 86_400


class Inbox:
    """What the SMTP server received: Message-ID → when."""

    def __init__(self) -> None:
        self.arrived: dict[str, float] = {}
        self.changed = threading.Condition()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        import email

        message = email.message_from_bytes(envelope.content)
        with self.changed:
            self.arrived[str(message["Message-ID"])] = time.monotonic()
            self.changed.notify_all()
        return "250 OK"

    def wait_for(self, message_id: str, within: float) -> float:
        with self.changed:
            if not self.changed.wait_for(lambda: message_id in self.arrived, within):
                raise CannotMeasure(f"no mail {message_id} within {within:g} s")
            return self.arrived[message_id]


class TimedPushService(PushService):
    """The tests' push service, noting when each push (by its decrypted tag) arrived."""

    def __init__(self, server_key: str) -> None:
        super().__init__(server_key)
        self.arrived: dict[str, float] = {}
        self.changed = threading.Condition()

    def _take(self, path: str, headers: dict[str, str], raw: bytes) -> int:
        status = super()._take(path, headers, raw)
        at = time.monotonic()
        if status == 201:
            with self.changed:
                for pushed in self.received[len(self.arrived):]:
                    self.arrived.setdefault(str(pushed.json.get("tag")), at)
                self.changed.notify_all()
        return status

    def wait_for(self, tag: str, within: float) -> float:
        with self.changed:
            if not self.changed.wait_for(lambda: tag in self.arrived, within):
                raise CannotMeasure(f"no push {tag} within {within:g} s ({self.refused[-3:]})")
            return self.arrived[tag]


def p95(values: list[float]) -> float:
    # (inclusive: with few values, never beyond the largest)
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a PostgreSQL URL (default: a SQLite file)")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--backlog", type=int, default=200)
    args = parser.parse_args()

    from aiosmtpd.controller import Controller

    from bootstrap.context import bootstrap
    from domain.moves import legal_moves
    from events.mail_addresses import VERIFY, MailLink
    from events.notice_outbox import NewNoticeDelivery
    from events.push_subscriptions import Subscription
    from referee.notices import notices
    from referee.referee import NewGame
    from referee.settings import Settings
    from tests.ports import free_port
    from worker import outreach
    from worker.context import use_context
    from worker.mail_message import message_id
    from worker.web_push import VapidKey, WebPushSender

    port = free_port()
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    folder = tempfile.mkdtemp(prefix="ttr-bench-notices-")
    url = args.url or f"sqlite:///{folder}/notices.sqlite3"
    settings = Settings(database_url=url, smtp_host="127.0.0.1", smtp_port=port,
                        smtp_security="none", mail_from=SENDER, bot_pause=0.0,
                        mail_keys=(secrets.token_hex(32),),
                        vapid_private_key=VapidKey.generate().private, push_allow_loopback=True)
    ctx = bootstrap(settings)
    assert isinstance(ctx.push, WebPushSender)
    pushes = TimedPushService(ctx.push.key.public)
    try:
        ctx.store.migrate()
        seal, now = ctx.addresses, ctx.clock()
        assert seal is not None
        players = [f"u_bench_{secrets.token_hex(4)}_{n}" for n in range(2)]
        for n, user_id in enumerate(players):
            ctx.store.create_user(user_id, f"Player {n}", secrets.token_hex(16))
            address = f"{user_id}@bench.example"
            ctx.store.add_mail_link(MailLink(VERIFY, user_id, seal.seal(address),
                                             seal.lookup(address), now,
                                             now + timedelta(hours=1)), user_id)
            ctx.store.use_mail_link(user_id, VERIFY, now)
            ctx.store.put_notice_settings(user_id, {
                "channels": {"your_turn": "both", "game_scored": "both",
                             "game_started": "none"},
                "mail_after_minutes": 0}, now)
            browser = pushes.subscribe()
            ctx.store.add_push_subscription(Subscription(
                f"ps_{user_id}", user_id, browser.endpoint, browser.p256dh, browser.auth, now))
        ctx.reachable.invalidate()
        game_id = "g_bench_" + secrets.token_hex(6)
        created = ctx.referee.create_game(game_id, players[0], NewGame(
            "usa", 2, turn_time_limit=TWO_DAYS, join_as="Player 0",
            others=((players[1], "Player 1"),)))
        expected = [(time.monotonic(), n) for n in notices(created.outcome)
                    if n.kind == "your_turn"]
        delays: list[float] = []
        push_delays: list[float] = []
        for move in range(args.moves):
            for started, notice in expected:
                key = f"your_turn:{game_id}:{notice.version}:{notice.user_id}"
                delays.append(inbox.wait_for(message_id(key + ":mail", SENDER), 30.0)
                              - started)
                push_delays.append(pushes.wait_for(key + ":push", 30.0) - started)
            table = ctx.log.load(game_id)
            game = table.game
            if game is None or game.phase == "ended":
                break
            seat = next(s for s, p in enumerate(game.players) if p.pending_tickets) \
                if game.phase == "setup" else game.current
            command = legal_moves(game, seat)[0]
            started = time.monotonic()
            acted = ctx.referee.act(game_id, table.seats[seat].user_id, command,
                                    kind="bench", request_hash=str(move))
            expected = [(started, n) for n in notices(acted.outcome) if n.kind == "your_turn"]
        if len(delays) < 2:
            raise CannotMeasure("fewer than two notices were measured")

        # one worker sending a backlog of due deliveries, one after another (the
        # in-process jobs stopped first: their sweep would send some of them meanwhile)
        ctx.jobs.close()
        rates: dict[str, float] = {}
        backlog: dict[str, int] = {}
        for channel, done in (("mail", "mailed"), ("push", "pushed to 1")):
            at = ctx.webhooks.clock()
            ids = ctx.store.add_notice_deliveries(
                [NewNoticeDelivery(f"bench:{game_id}:{channel}:{n}", players[n % 2], channel,
                                   "game_scored", game_id, 1, at, {"correspondence": True})
                 for n in range(args.backlog)], at, outreach.new_delivery_id)
            started = time.monotonic()
            with use_context(ctx):
                results = [outreach.send_notice(delivery_id) for delivery_id in ids]
            elapsed = time.monotonic() - started
            sent = sum(r.startswith(done) for r in results)
            if sent == 0:
                raise CannotMeasure(f"none of the {channel} backlog was sent: {results[:3]}")
            backlog[channel], rates[channel] = sent, sent / elapsed * 60
    finally:
        ctx.close()
        controller.stop()
        pushes.close()
    mail_p95, push_p95 = p95(delays), p95(push_delays)
    print(json.dumps({
        "benchmark": "notices", "store": "postgresql" if args.url else "sqlite",
        "notices_measured": len(delays), "pushes_measured": len(push_delays),
        "delay_p50_s": round(statistics.median(delays), 3), "delay_p95_s": round(mail_p95, 3),
        "delay_max_s": round(max(delays), 3),
        "push_delay_p50_s": round(statistics.median(push_delays), 3),
        "push_delay_p95_s": round(push_p95, 3), "push_delay_max_s": round(max(push_delays), 3),
        "target_p95_s": TARGET_P95_S,
        "target_met": mail_p95 < TARGET_P95_S and push_p95 < TARGET_P95_S,
        "backlog_mailed": backlog["mail"], "backlog_pushed": backlog["push"],
        "notices_per_minute_one_worker": round(rates["mail"]),
        "pushes_per_minute_one_worker": round(rates["push"])}))
    return 0


if __name__ == "__main__":
    run(main)
