"""How soon a player away from the table hears of their turn by e-mail, and how many
notices one worker sends.

    python bench/notices.py [--url URL] [--moves N] [--backlog M]

The embedded setup with its in-process worker (`InlineJobs`, as `ttr serve` runs
without Redis) on a SQLite file (or `--url`, PostgreSQL), an SMTP server of its own on
loopback (`aiosmtpd`), two players with verified addresses who asked for every *your
turn* by mail at once. A correspondence game is played N moves through the referee;
for each *your turn* a move calls for, the delay is measured from the move's start to
the mail handed to the SMTP server (recognised by its Message-ID, made from the
notice's key). Then M deliveries due at once are sent by one worker thread, one after
another: notices a minute. (A Web Push is not measured here: its sender comes with the
Web Push work.) The last line is one JSON object.
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a PostgreSQL URL (default: a SQLite file)")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--backlog", type=int, default=200)
    args = parser.parse_args()

    import socket

    from aiosmtpd.controller import Controller

    from bootstrap.context import bootstrap
    from domain.moves import legal_moves
    from events.mail_addresses import VERIFY, MailLink
    from events.notice_outbox import NewNoticeDelivery
    from referee.notices import notices
    from referee.referee import NewGame
    from referee.settings import Settings
    from worker import outreach
    from worker.context import use_context
    from worker.mail_message import message_id

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    folder = tempfile.mkdtemp(prefix="ttr-bench-notices-")
    url = args.url or f"sqlite:///{folder}/notices.sqlite3"
    settings = Settings(database_url=url, smtp_host="127.0.0.1", smtp_port=port,
                        smtp_security="none", mail_from=SENDER, bot_pause=0.0,
                        mail_keys=(secrets.token_hex(32),))
    ctx = bootstrap(settings)
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
                "channels": {"your_turn": "mail", "game_started": "none"},
                "mail_after_minutes": 0}, now)
        ctx.reachable.invalidate()
        game_id = "g_bench_" + secrets.token_hex(6)
        created = ctx.referee.create_game(game_id, players[0], NewGame(
            "usa", 2, turn_time_limit=TWO_DAYS, join_as="Player 0",
            others=((players[1], "Player 1"),)))
        expected = [(time.monotonic(), n) for n in notices(created.outcome)
                    if n.kind == "your_turn"]
        delays: list[float] = []
        for move in range(args.moves):
            for started, notice in expected:
                key = f"your_turn:{game_id}:{notice.version}:{notice.user_id}:mail"
                delays.append(inbox.wait_for(message_id(key, SENDER), 30.0) - started)
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

        # one worker sending a backlog of due deliveries, one after another
        at = ctx.webhooks.clock()
        ids = ctx.store.add_notice_deliveries(
            [NewNoticeDelivery(f"bench:{game_id}:{n}", players[n % 2], "mail", "game_scored",
                               game_id, 1, at, {"correspondence": True})
             for n in range(args.backlog)], at, outreach.new_delivery_id)
        started = time.monotonic()
        with use_context(ctx):
            results = [outreach.send_notice(delivery_id) for delivery_id in ids]
        elapsed = time.monotonic() - started
        sent = sum(r.startswith("mailed") for r in results)
        if sent == 0:
            raise CannotMeasure(f"none of the backlog was mailed: {results[:3]}")
    finally:
        ctx.close()
        controller.stop()
    p95 = statistics.quantiles(delays, n=20)[-1]
    print(json.dumps({
        "benchmark": "notices", "store": "postgresql" if args.url else "sqlite",
        "notices_measured": len(delays),
        "delay_p50_s": round(statistics.median(delays), 3), "delay_p95_s": round(p95, 3),
        "delay_max_s": round(max(delays), 3), "target_p95_s": TARGET_P95_S,
        "target_met": p95 < TARGET_P95_S, "backlog_mailed": sent,
        "notices_per_minute_one_worker": round(sent / elapsed * 60)}))
    return 0


if __name__ == "__main__":
    run(main)
