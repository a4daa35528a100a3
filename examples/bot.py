"""A Ticket to Ride bot on the generated client: it asks for a game (quick match: the
server seats it with whoever asks for the same) and plays from the user feed (SSE) or
from webhooks, game after game. See
docs/clients.md:  PYTHONPATH=clients/python python examples/bot.py --games 3 [--webhook 8765]
"""

import argparse
import hashlib
import hmac
import json
import random
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
from ttr_client import AuthenticatedClient, Client
from ttr_client import models as ttr
from ttr_client.api.feed import get_my_events
from ttr_client.api.games import act, get_game, get_moves
from ttr_client.api.matches import get_match, request_match
from ttr_client.api.users import create_user
from ttr_client.api.webhooks import set_webhook


def choose(moves: list[Any], rng: random.Random) -> Any:
    """Claim when it can, else keep the fewest tickets offered, else draw; never resign."""
    def of(*kinds: type) -> list[Any]:
        return [m for m in moves if isinstance(m, kinds)]
    keeps = sorted(of(ttr.KeepTickets), key=lambda keep: len(keep.tickets))
    rest = [m for m in moves if not isinstance(m, ttr.Resign)]
    options = of(ttr.ClaimRoute, ttr.PayTunnel) or keeps[:1] or of(ttr.DrawCard) or rest
    return rng.choice(options) if options else None  # None: not my move (resign is legal)


class Bot:
    def __init__(self, client: AuthenticatedClient, me: str, map_name: str, games: int) -> None:
        self.client, self.me, self.map, self.wanted = client, me, ttr.MapName(map_name), games
        self.seats: dict[str, int] = {}  # game id → my seat
        self.finished: list[str] = []  # game ids
        self.done, self.rng = threading.Event(), random.Random()

    def call(self, operation: Any, *args: Any, **kwargs: Any) -> Any:
        """A generated operation; on 429 or 503, again after `Retry-After` (same arguments,
        so an action's retry carries its first `Idempotency-Key`: it cannot act twice)."""
        while True:
            response = operation(*args, client=self.client, **kwargs)
            if response.status_code not in (429, 503):
                return response.parsed
            time.sleep(float(response.headers.get("Retry-After", "1")))

    def sit_down(self) -> None:
        """Ask for a game of the map for two, and wait until the server has seated us."""
        asked = self.call(request_match.sync_detailed, body=ttr.NewMatch(map_=self.map))
        while asked.state is ttr.MatchState.WAITING:
            time.sleep(0.5)
            asked = self.call(get_match.sync_detailed, asked.id)
        game = self.call(get_game.sync_detailed, asked.game_id)
        self.seats[game.id] = next(p.seat for p in game.players if p.user_id == self.me)

    def play(self, game_id: str, version: int) -> None:
        """Every move that is mine now: a turn, its second card, the tickets to keep."""
        moves = self.call(get_moves.sync_detailed, game_id, min_version=version)
        for _ in range(20):  # a turn is a few actions; a refused one is tried again
            if (move := choose(getattr(moves, "moves", []), self.rng)) is None:
                return
            moves = self.call(act.sync_detailed, game_id, body=move,
                              idempotency_key=secrets.token_hex(8), prefer="return=minimal")
            if not hasattr(moves, "moves"):  # refused (a problem): look again
                moves = self.call(get_moves.sync_detailed, game_id)

    def on_event(self, event: Any) -> None:
        seat = self.seats.get(event.game_id, -1)
        if isinstance(event, ttr.GameStartedEvent) or (  # the setup, my turn, the setup's end
                isinstance(event, ttr.TurnEndedEvent) and event.data.next_seat == seat) or (
                isinstance(event, ttr.TicketsKeptEvent) and event.data.seat != seat):
            self.play(event.game_id, event.version)
        elif isinstance(event, ttr.GameEndedEvent):
            self.game_over(event.game_id)

    def game_over(self, game_id: str) -> None:
        if game_id in self.seats and game_id not in self.finished:
            self.finished.append(game_id)
            print(f"finished {game_id}", flush=True)
            self.done.set() if len(self.finished) >= self.wanted else self.sit_down()


def from_stream(bot: Bot) -> None:
    """The user feed as SSE: the generated operation's URL, through the client's httpx."""
    request, after = get_my_events._get_kwargs(), "0"
    bot.sit_down()  # the feed starts at the beginning: no event is missed
    while not bot.done.is_set():  # a stream ends now and then: resume after the last id
        with bot.client.get_httpx_client().stream(
                request["method"], request["url"], timeout=httpx.Timeout(10, read=60),
                headers={"Accept": "text/event-stream", "Last-Event-ID": after}) as stream:
            fields: dict[str, str] = {}
            for line in stream.iter_lines():
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
                if not line and "data" in fields:  # a blank line ends a message
                    after = fields.get("id", after)
                    bot.on_event(ttr.UserEventPage.from_dict(  # one event, parsed as a page's
                        {"position": 0, "events": [json.loads(fields["data"])]}).events[0])
                fields = fields if line else {}
                if bot.done.is_set():
                    return


def from_webhooks(bot: Bot, port: int) -> None:
    """Webhooks to this machine's `port`, each one's signature checked."""
    secret = secrets.token_hex(16)  # signs each delivery: anyone else's POST is refused

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers["Content-Length"]))
            signed = f"{self.headers['X-TTR-Timestamp']}.".encode() + raw
            expected = "v1=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
            ok = hmac.compare_digest(expected, self.headers.get("X-TTR-Signature", ""))
            self.send_response(204 if ok else 401)
            self.end_headers()
            delivery = json.loads(raw) if ok else {}  # (a real bot also checks the time)
            if delivery.get("kind") == "your_turn":
                bot.play(delivery["game_id"], delivery["version"])
            elif delivery.get("kind") in ("game_ended", "game_scored"):
                bot.game_over(delivery["game_id"])

    server = ThreadingHTTPServer(("127.0.0.1", port), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    bot.call(set_webhook.sync_detailed, body=ttr.NewWebhook(f"http://127.0.0.1:{port}/", secret))
    bot.sit_down()
    bot.done.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--map", default="usa", choices=[name.value for name in ttr.MapName])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--webhook", type=int, metavar="PORT", help="webhooks, not SSE")
    args = parser.parse_args()
    user = create_user.sync(client=Client(args.server), body=ttr.NewUser(name="Robo"))
    client = AuthenticatedClient(args.server, token=user.token)
    bot = Bot(client, user.id, args.map, args.games)
    from_webhooks(bot, args.webhook) if args.webhook else from_stream(bot)


if __name__ == "__main__":
    main()
