"""The channels this process follows: subscribed (sharded pub/sub, `SSUBSCRIBE`) only
while something here holds them, each on the node that serves its slot.

A held stream or long poll follows its game's or user's channel: `follow` subscribes it
(and waits a moment for Redis's confirmation, so that a change published after the
caller reads the log reaches it), `hold`/`release` count the waits in progress, and a
channel that nothing has held or touched for `linger` seconds is unsubscribed (the
linger spares a long poll that comes straight back, or a stream between two waits, an
unsubscribe and a subscribe). So what a process hears grows with the games and users
its own clients follow, not with the whole service's traffic.

On a single Redis every channel rides one connection. On a Redis Cluster each node has
a connection of its own (`_Link`) for the channels whose slot it serves; the channels
and their fan-out spread over the shards. When a node's connection breaks, or it says
a channel's slot has moved (an unasked `sunsubscribe`, a `MOVED` answer: a failover, a
resharding), its channels count as unconfirmed (`confirmed` callback) until they are
subscribed again where the cluster's map, read afresh, says they now live. Meanwhile
nothing is promised: waiters fall back on their time-outs, and no state is vouched for
on the word of a broken subscription.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from messaging.subscription import (
    MESSAGE,
    SUBSCRIBED,
    Heard,
    SlotMoved,
    Subscription,
    SubscriptionBroken,
)

log = logging.getLogger(__name__)

LINGER_SECONDS = 5.0
RETRY_SECONDS = 1.0  # between attempts to reach a node that is down

# (channel, payload) of a message heard
Deliver = Callable[[str, bytes], None]
# (channel, confirmed now, confirmed again after a break): called under the lock, so it
# must not call back into `Followed`
Confirmed = Callable[[str, bool, bool], None]


class Nodes:
    """Which node serves a channel: the one Redis, or a cluster's map of slots (read
    from the cluster by redis-py's `RedisCluster`, which `cluster` gives)."""

    def __init__(self, url: str, cluster: Callable[[], Any] | None = None) -> None:
        self._url = url
        self._cluster = cluster

    def url_of(self, channel: str) -> str:
        if self._cluster is None:
            return self._url
        node = self._cluster().get_node_from_key(channel)
        parts = urlsplit(self._url)
        auth = parts.netloc.rpartition("@")[0]
        netloc = f"{auth}@{node.host}:{node.port}" if auth else f"{node.host}:{node.port}"
        return urlunsplit((parts.scheme, netloc, "", parts.query, ""))

    def refresh(self) -> None:
        """Read the cluster's map again (after a failover or a resharding)."""
        if self._cluster is not None:
            self._cluster().nodes_manager.initialize()


@dataclass(slots=True, eq=False)
class _Link:
    """One node's connection and the channels followed on it."""
    url: str
    channels: set[str] = field(default_factory=set)
    subscription: Subscription | None = None  # while open
    down: bool = False  # since its connection failed or broke, until it opens again


@dataclass(slots=True, eq=False)
class _Channel:
    holders: int = 0  # waits in progress
    touched: float = 0.0  # monotonic: when last followed or released
    link: _Link | None = None  # None: not routed yet (the cluster's map was unreadable)
    confirmed: bool = False
    broken: bool = False  # confirmed once, then lost: its next confirmation says so
    always: bool = False  # never unsubscribed for want of holders


class Followed:
    """This process's sharded subscriptions (see the module's docstring)."""

    def __init__(self, nodes: Nodes, heard: Deliver, confirmed: Confirmed,
                 linger: float = LINGER_SECONDS, name: str = "ttr-changes") -> None:
        self._nodes = nodes
        self._heard = heard
        self._confirmed = confirmed
        self._linger = linger
        self._name = name
        self._lock = threading.Lock()
        self._settled = threading.Condition(self._lock)
        self._channels: dict[str, _Channel] = {}
        self._idle: dict[str, None] = {}  # held by no wait: may be unsubscribed
        self._unrouted: set[str] = set()  # no node known for them yet
        self._links: dict[str, _Link] = {}
        self._stop = threading.Event()
        self._reaper = threading.Thread(target=self._reap, name="ttr-notify-linger",
                                        daemon=True)
        self._reaper.start()

    # -- what the notifier asks -------------------------------------------------------

    def follow(self, channels: Iterable[str], wait: float, always: bool = False) -> None:
        """Subscribe `channels` unless they are, and wait up to `wait` seconds until each
        is confirmed (or its node is known to be down)."""
        names = list(channels)
        now = time.monotonic()
        with self._lock:
            for name in names:
                channel = self._channels.get(name)
                if channel is None:
                    channel = self._channels[name] = _Channel(always=always)
                    if not always:
                        self._idle[name] = None
                    self._route(name, channel)
                channel.touched = now
            if wait > 0 and not self._all_settled(names):
                self._settled.wait_for(lambda: self._all_settled(names), wait)

    def hold(self, channels: Iterable[str]) -> None:
        """A wait on `channels` begins (they stay subscribed until it is released)."""
        with self._lock:
            for name in channels:
                channel = self._channels.get(name)
                if channel is not None:
                    channel.holders += 1
                    self._idle.pop(name, None)

    def release(self, channels: Iterable[str]) -> None:
        now = time.monotonic()
        with self._lock:
            for name in channels:
                channel = self._channels.get(name)
                if channel is not None and channel.holders > 0:
                    channel.holders -= 1
                    channel.touched = now
                    if channel.holders == 0 and not channel.always:
                        self._idle[name] = None

    def following(self) -> set[str]:
        """The channels subscribed and confirmed now (tests, metrics)."""
        with self._lock:
            return {name for name, c in self._channels.items() if c.confirmed}

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            links = list(self._links.values())
            self._links.clear()
            for name, channel in self._channels.items():
                if channel.confirmed:
                    self._confirmed(name, False, False)
            self._channels.clear()
            self._idle.clear()
            self._unrouted.clear()
            self._settled.notify_all()
        for link in links:
            if link.subscription is not None:
                link.subscription.close()  # (its thread sees it closed and ends)

    # -- routing (under the lock) -----------------------------------------------------

    def _all_settled(self, names: list[str]) -> bool:
        for name in names:
            channel = self._channels.get(name)
            if channel is not None and not channel.confirmed and channel.link is not None \
                    and not channel.link.down:
                return self._stop.is_set()
        return True

    def _route(self, name: str, channel: _Channel) -> None:
        """Put `name` on the link of the node that serves it, and subscribe it there."""
        try:
            url = self._nodes.url_of(name)
        except Exception as error:  # the map is unreadable: the reaper tries again
            if name not in self._unrouted:
                log.warning("no node known for %s: %s", name, error)
            self._unrouted.add(name)
            return
        self._unrouted.discard(name)
        old = channel.link
        if old is not None and old.url != url:
            old.channels.discard(name)
            self._unsubscribe(old, name)
        link = self._links.get(url)
        if link is None:
            link = self._links[url] = _Link(url)
            threading.Thread(target=self._listen, args=(link,), name="ttr-notify",
                             daemon=True).start()
        channel.link = link
        link.channels.add(name)
        if link.subscription is not None:
            try:
                link.subscription.subscribe([name])
            except SubscriptionBroken:
                # its thread finds it closed, and subscribes everything again
                link.subscription.close()

    @staticmethod
    def _unsubscribe(link: _Link, name: str) -> None:
        if link.subscription is not None:
            try:
                link.subscription.unsubscribe([name])
            except SubscriptionBroken:
                pass

    def _drop(self, name: str) -> None:
        channel = self._channels.pop(name)
        self._idle.pop(name, None)
        self._unrouted.discard(name)
        if channel.link is not None:
            channel.link.channels.discard(name)
            self._unsubscribe(channel.link, name)
        if channel.confirmed:
            self._confirmed(name, False, False)

    # -- the threads --------------------------------------------------------------------

    def _reap(self) -> None:
        """Unsubscribe what has lingered unheld long enough; route what could not be."""
        every = min(1.0, max(0.02, self._linger / 4))
        while not self._stop.wait(every):
            now = time.monotonic()
            with self._lock:
                for name in [n for n in self._idle
                             if now - self._channels[n].touched >= self._linger]:
                    self._drop(name)
                for name in list(self._unrouted):
                    self._route(name, self._channels[name])

    def _listen(self, link: _Link) -> None:
        while not self._stop.is_set():
            with self._lock:
                if link.down and not link.channels:  # nothing left to follow there
                    if self._links.get(link.url) is link:
                        del self._links[link.url]
                    return
            subscription = Subscription(link.url, name=self._name)
            try:
                subscription.open()
                with self._lock:
                    if self._stop.is_set():
                        return
                    link.subscription, link.down = subscription, False
                    subscription.subscribe(sorted(link.channels))
                while not self._stop.is_set():
                    self._take(link, subscription.receive(timeout=1.0))
            except Exception as error:  # (anything else too: the thread must live on)
                if self._stop.is_set():
                    return
                log.warning("change notifications from %s interrupted: %s",
                            _where(link.url), error)
                lost = self._lose(link)
                if not isinstance(error, SlotMoved):
                    self._stop.wait(RETRY_SECONDS)
                self._reroute(lost)
            finally:
                subscription.close()

    def _take(self, link: _Link, heard: list[Heard]) -> None:
        moved: list[str] = []
        for kind, raw, payload in heard:
            name = raw.decode()
            if kind is MESSAGE:
                self._heard(name, payload)
                continue
            with self._lock:
                channel = self._channels.get(name)
                if channel is None or channel.link is not link:
                    continue  # (an answer to what was asked of it before it moved)
                if kind is SUBSCRIBED:
                    if not channel.confirmed:
                        channel.confirmed = True
                        self._confirmed(name, True, channel.broken)
                        channel.broken = False
                        self._settled.notify_all()
                elif channel.confirmed:  # unasked: its slot has moved to another node
                    channel.confirmed, channel.broken = False, True
                    self._confirmed(name, False, False)
                    moved.append(name)
        if moved:
            self._reroute(moved)

    def _lose(self, link: _Link) -> list[str]:
        """The link broke: its channels are unconfirmed until subscribed again."""
        with self._lock:
            link.subscription, link.down = None, True
            for name in link.channels:
                channel = self._channels.get(name)
                if channel is not None and channel.confirmed:
                    channel.confirmed, channel.broken = False, True
                    self._confirmed(name, False, False)
            self._settled.notify_all()
            return list(link.channels)

    def _reroute(self, names: list[str]) -> None:
        """Follow `names` where the cluster's map, read again, says they now live."""
        try:
            self._nodes.refresh()
        except Exception as error:
            log.warning("could not read the Redis Cluster's map: %s", error)
            return
        with self._lock:
            for name in names:
                channel = self._channels.get(name)
                if channel is not None and not channel.confirmed:
                    self._route(name, channel)


def _where(url: str) -> str:
    """A node's address, without credentials (for the log)."""
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port}" if parts.hostname else url
