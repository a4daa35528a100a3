"""What hearing a change costs an API process: the change feed's listener, per change.

    python bench/notify.py [--rate R] [--seconds S] [--publishers P]

An API process hears the changes of the games and users its clients follow (sharded
pub/sub, `messaging.followed`), and pays this once per such change. P publisher
processes (`RedisNotifier` with its sender thread, as in the API) publish R changes a
second between them for S seconds, spread evenly in time as an API under load would,
from the moment all are connected (`bench/ready.py`); a listener in this process
follows every game and user they publish for, and hears them. Measured: the CPU time
of the listening thread alone per message heard (a game's or a player's channel), for
our listener (`messaging.subscription`, a socket and hiredis's reader) and for a loop
around redis-py's `PubSub.get_sharded_message`. Runs against a redis-server of its
own. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.outcome import CannotMeasure, run  # noqa: E402
from bench.ready import Crew  # noqa: E402
from events.jsontext import parse  # noqa: E402
from messaging.notify import channel_of, game_key, user_key  # noqa: E402
from messaging.redis_notify import RedisNotifier  # noqa: E402
from tests.ports import free_port  # noqa: E402

READY_WITHIN = 120.0  # seconds for every publisher to start and connect


def wait_for_port(port: int, within: float = 30.0) -> None:
    """Until redis-server accepts connections on `port`."""
    deadline = time.monotonic() + within
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise CannotMeasure(f"redis-server did not listen within {within:g} s") from None
            time.sleep(0.05)


def change(seed: int, i: int) -> tuple[str, list[str]]:
    """The game and players of publisher `seed`'s `i`th change."""
    return f"g{seed}-{i % 40}", [f"u{seed}-{i % 3}", f"v{i % 5}"]


def followed_keys(publishers: int) -> list[str]:
    """Every key the publishers publish on (the listener follows them all)."""
    keys = {game_key(change(seed, i)[0]) for seed in range(publishers) for i in range(40)}
    keys |= {user_key(u) for seed in range(publishers) for i in range(15)
             for u in change(seed, i)[1]}
    return sorted(keys)


def publish(crew: Crew, url: str, rate: float, seconds: float, seed: int) -> None:
    notifier = RedisNotifier(url, background=True)
    crew.ready()
    started = time.monotonic()
    i = 0
    while (now := time.monotonic()) - started < seconds:
        i += 1
        game, users = change(seed, i)
        notifier.publish(game, i, users=users)
        time.sleep(max(0.0, started + i / rate - now))
    notifier.flush()
    notifier.close()


def thread_cpu_seconds(native_id: int) -> float:
    with open(f"/proc/self/task/{native_id}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ours(url: str, keys: list[str], heard: Callable[[], None],
         stop: threading.Event) -> threading.Thread:
    notifier = RedisNotifier(url, linger=3600.0)

    def counted(channel: str, payload: bytes) -> None:
        data = parse(payload)
        for _ in data if isinstance(data, list) else [data]:
            heard()
        original(channel, payload)

    original = notifier._heard
    notifier._heard = counted  # type: ignore[method-assign]
    notifier.watch(keys)  # follows them, and waits for the subscriptions
    def close_when_stopped() -> None:
        stop.wait()
        notifier.close()

    threading.Thread(target=close_when_stopped, daemon=True).start()
    return next(t for t in threading.enumerate() if t.name == "ttr-notify" and t.is_alive())


def redis_py(url: str, keys: list[str], heard: Callable[[], None],
             stop: threading.Event) -> threading.Thread:
    import redis

    subscribed = threading.Event()

    def listen() -> None:
        client: Any = redis.Redis.from_url(url, health_check_interval=10)
        pubsub = client.pubsub()
        pubsub.ssubscribe(*map(channel_of, keys))
        confirmed = 0
        while confirmed < len(keys):
            message = pubsub.get_sharded_message(timeout=1.0)
            if message is not None and message["type"] == "ssubscribe":
                confirmed += 1
        subscribed.set()
        while not stop.is_set():
            message = pubsub.get_sharded_message(timeout=1.0)
            if message is None or message["type"] != "smessage":
                continue
            data = parse(message["data"])
            for _ in data if isinstance(data, list) else [data]:
                heard()
        pubsub.close()

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    if not subscribed.wait(30):
        raise CannotMeasure("redis-py's listener did not subscribe within 30 s")
    return thread


def measure(listener: Callable[..., threading.Thread], url: str, rate: float,
            seconds: float, publishers: int) -> dict[str, float]:
    count = [0]
    stop = threading.Event()

    def heard() -> None:
        count[0] += 1

    thread = listener(url, followed_keys(publishers), heard, stop)
    time.sleep(0.3)
    assert thread.native_id is not None
    with Crew(multiprocessing.get_context("spawn"), "publisher", READY_WITHIN) as crew:
        for i in range(publishers):
            crew.start(publish, (url, rate / publishers, seconds, i))
        before = thread_cpu_seconds(thread.native_id)
        crew.open()
        crew.results(within=seconds + 60)
    time.sleep(0.5)  # the last changes on their way to the listener
    used = thread_cpu_seconds(thread.native_id) - before
    stop.set()
    thread.join(5)
    if count[0] == 0:
        raise CannotMeasure(f"the listener heard no change in {seconds:g} s")
    return {"changes_heard": count[0],
            "listener_cpu_us_per_change": round(1e6 * used / max(count[0], 1), 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=600.0, help="changes per second")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--publishers", type=int, default=3)
    args = parser.parse_args()
    port = free_port()
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                               "--save", "", "--appendonly", "no"],
                              stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    figures: dict[str, Any] = {"rate": args.rate, "seconds": args.seconds,
                               "publishers": args.publishers}
    try:
        wait_for_port(port)
        for name, listener in (("ours", ours), ("redis_py_pubsub", redis_py)):
            figures[name] = measure(listener, url, args.rate, args.seconds, args.publishers)
            print(f"{name}: {figures[name]['changes_heard']} changes heard, "
                  f"{figures[name]['listener_cpu_us_per_change']} µs of CPU each", flush=True)
    finally:
        server.terminate()
        server.wait(10)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    run(main)
