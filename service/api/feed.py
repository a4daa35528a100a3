"""The event feeds: a game's log as the caller may see it, and every game of a user; as a
page, as a long poll (`wait=`), or as a Server-Sent Events stream.

A stream starts with a `snapshot` event (the caller's view of the game now), then
sends every event after `Last-Event-ID` (or, without it, after the snapshot), each
with its version as the SSE `id`, and a keep-alive comment every few seconds while
nothing happens. Streams and long polls wake on change notifications (in-process, or
Redis pub/sub across API processes) of their own game or user only; a notification can
be lost, so a stream also re-reads the log after every third keep-alive, and a long
poll when its wait ends. The streams of one game share their reads of the log and
each event's rendering per seat (`service.tails`). A page (no `wait`) may come from the
read replica (`service.replica_reads`); long polls and streams read the primary, whose
commits their notifications announce.

A signed-in caller without a seat is a spectator: their stream counts them as watching
while it is held (`service.spectating`), and every stream of the game is sent the
number watching (`spectators`, no `id`) whenever it changes.

Each stream and each long poll that waits is a held connection, counted per client
and per process (`service.held`): over a limit, 429 or 503 with `Retry-After`. When
the worker stops, its streams end so that their clients reconnect elsewhere.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar

from flask import Response, request
from flask.views import MethodView

from events.accounts import User
from events.store import Recorded, StoreUnavailable
from messaging.notify import Watch, game_key, user_key
from service import held
from service.api.common import (
    BEARER,
    PUBLIC_READ,
    SSE,
    Blueprint,
    doc,
    json_response,
    problems,
    visible_to,
)
from service.auth import current_user, optional_user
from service.problems import Problem
from service.replica_reads import from_replica, stream_as_seen
from service.schemas import (
    MAX_POSITION,
    EventPageSchema,
    EventsArgsSchema,
    GameEventsArgsSchema,
    UserEventPageSchema,
)
from service.services import Services, services
from service.spectating import Gallery, counts, is_spectator, spectators_key
from service.sse import sse, stream_response
from service.tails import Snapshots, Tail, Tails, catch_up, snapshot_messages
from service.views import Viewer, ended, event_view

log = logging.getLogger(__name__)
blp = Blueprint("feed", __name__, url_prefix="/v1", description="Event feeds and streams.")
MAX_STREAM_SECONDS = 3600.0  # a stream ends after this; clients reconnect (Last-Event-ID)
# An idle stream re-reads the log after this many keep-alives with nothing heard: often
# enough that a lost notification is soon made up for, rarely enough that a thousand idle
# streams cost the database little (with the default 15 s keep-alive: every 45 s).
KEEPALIVES_PER_READ = 3
# ... unless the process has heard every change since it last read (its Redis
# subscription unbroken since, `Hearsay.session`): then only a change published but
# never heard (a publisher's failed PUBLISH) is left to make up for, and ten thousand
# idle streams would otherwise cost hundreds of reads a second.
KEEPALIVES_PER_READ_LISTENING = 24
# A user feed told of a change it cannot read yet tries again this often (20 ms, then
# twice as long each time: 1.3 s in all).
USER_FEED_RETRIES = 6

def wants_stream() -> bool:
    return SSE in request.headers.get("Accept", "")


@blp.route("/games/<game_id>/events")
class GameEvents(MethodView):
    @blp.arguments(GameEventsArgsSchema(), location="query", error_status_code=400)
    @blp.response(200, EventPageSchema, content_type="application/json")
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rate-limited",
              "unavailable")
    @doc(blp, security=PUBLIC_READ)
    def get(self, args: dict[str, Any], game_id: str) -> Any:
        """The game's events after version `after`, as you may see them

        Long-poll with `wait=S`: the answer comes as soon as there is an event after
        `after`, or after S seconds with none. With `Accept: text/event-stream`, a
        stream instead (see the 200 response).
        """
        s = services()
        user = optional_user()
        if wants_stream():
            return _open_game_stream(s, game_id, user, args["snapshots"] == "each")
        table = s.log.load(game_id)
        viewer = visible_to(table, user)
        if args["wait"] > 0:
            # woken by the primary's notifications: a replica could be behind them
            records = _long_poll(s, [game_key(game_id)], args["wait"], lambda: s.store.read_stream(
                game_id, after=args["after"], limit=args["limit"]))
        else:
            records = stream_as_seen(s.store, game_id, table.version, args["after"],
                                     args["limit"])
        latest = s.log.load(game_id) if records else table
        everything = ended(latest)
        return json_response({
            "game_id": game_id, "version": max(latest.version, records[-1].version
                                               if records else 0),
            "events": [event_view(r, viewer.seat, everything) for r in records],
        })


def _open_game_stream(s: Services, game_id: str, user: User | None, each: bool) -> Response:
    """The game's stream for `user` (`each`: a snapshot after every burst of events too).
    Its hold is taken first, so a client past its budget of held connections is turned
    away (429) before anything is read."""
    hold = held.hold()
    try:
        table = s.log.load(game_id)
        viewer = visible_to(table, user)
        after = _last_event_id()
        tail = _tails().tail(game_id)  # held for as long as the stream lasts
        gallery = Gallery(s.spectators, s.notifier, counts(), game_id,
                          viewer.user_id if is_spectator(table, viewer) else None,
                          s.http.sse_keepalive)
    except BaseException:
        hold.release()
        raise
    return stream_response(_game_stream(s, tail, viewer, after, held.holds(), gallery, each),
                            hold)


T = TypeVar("T")


def _long_poll(s: Services, keys: list[str], wait: float,
               read: Callable[[], Sequence[T]]) -> Sequence[T]:
    """What `read()` finds now, or as soon as it finds something within `wait` seconds
    (at most `TTR_LONG_POLL_MAX`); the watch is taken before each read, so a change
    between the read and the wait is not missed."""
    deadline = time.monotonic() + min(wait, s.http.long_poll_max)
    hold: held.Hold | None = None
    try:
        while True:
            watch = s.notifier.watch(keys)
            found = read()
            left = deadline - time.monotonic()
            if found or left <= 0 or held.stopping():
                return found
            if hold is None:  # only a poll that waits is held
                hold = held.hold()
            s.notifier.wait(keys, left, watch)
    finally:
        if hold is not None:
            hold.release()


def _last_event_id() -> int | None:
    """Where a stream resumes: `Last-Event-ID`, else `after`; in the range `after` takes
    (a larger number would overflow the store's integers)."""
    raw = request.headers.get("Last-Event-ID") or request.args.get("after")
    if raw is None or raw == "":
        return None
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_POSITION:
        raise Problem("invalid-request",
                      f"Last-Event-ID is a version or position from 0 to {MAX_POSITION}.")
    return value


RETRY = b"retry: 2000\n\n"
KEEPALIVE = b": keep-alive\n\n"


def _tails() -> Tails:
    from flask import current_app

    found: Tails = current_app.extensions.setdefault("ttr.tails", Tails())
    return found


def _game_stream(s: Services, tail: Tail, viewer: Viewer, after: int | None,
                 holds: held.Holds, gallery: Gallery,
                 each: bool = False) -> Generator[bytes, None, None]:
    """The game's stream; ended (not broken off) if the database goes away: its answer
    has begun, so no problem can be sent, and the client resumes from its
    `Last-Event-ID`."""
    game_id, seat, user_id = tail.game_id, viewer.seat, viewer.user_id
    keys = [game_key(game_id), spectators_key(game_id)]
    try:
        yield RETRY
        table = s.log.load(game_id)
        last = table.version if after is None else after
        # (with `each`, the seat's moves too, as after every later burst)
        yield snapshot_messages(game_id, table, seat, s.store.game_row(game_id),
                                gallery.arrive(), moves=each)
        snapshots = Snapshots(tail, user_id, table.version, lambda: s.log.load(game_id),
                              lambda: s.store.game_row(game_id)) if each else None
        del table, viewer  # (kept by no waiting stream)
        started = time.monotonic()
        while time.monotonic() - started < MAX_STREAM_SECONDS and not holds.stopping:
            gallery.still_here()
            watch = s.notifier.watch(keys)
            if user_id is not None:
                # the seat the user holds now: a stand-in may hold theirs (the user then
                # sees what a spectator sees), or they may have taken it back
                seat = s.log.load(game_id).seat_of(user_id)
            sent = yield from _catch_up(s, tail, seat, last, watch, snapshots)
            if sent is not None:
                last = sent
                continue
            if tail.finished:
                return  # nothing more will ever happen in this game
            # Idle: keep-alives until something is published after `watch`, or until it
            # is time to read the log again anyway (waiting here, not in a generator
            # of its own: see `_Body`).
            news = gallery.news(watch)
            if news is not None:
                yield news
            session = _listening(s, game_id)
            for _ in range(_keepalives_per_read(session)):
                if s.notifier.wait(keys, s.http.sse_keepalive, watch) or holds.stopping:
                    break
                gallery.still_here()
                yield gallery.news(watch) or KEEPALIVE
                if session is not None and _listening(s, game_id) != session:
                    break  # a break: changes may have gone unheard
    except StoreUnavailable as error:
        log.warning("a stream ended: %s", error)
    finally:
        gallery.leave()


def _catch_up(s: Services, tail: Tail, seat: int | None, last: int, watch: Watch,
              snapshots: Snapshots | None = None) -> Generator[bytes, None, int | None]:
    """What happened after `last`, shared with the game's other streams when they are
    as far (and then the game now, if the stream asked for `snapshots`); the last
    version sent (the generator's value), None if nothing was new."""
    game_id = tail.game_id
    session = _listening(s, game_id)
    heard_all = session is not None and tail.session == session
    max_age = s.http.sse_keepalive * (KEEPALIVES_PER_READ_LISTENING if heard_all
                                          else KEEPALIVES_PER_READ)
    records = catch_up(tail, last, watch, max_age, lambda: s.notifier.watch([game_key(game_id)]),
                       lambda version: s.log.load_after(game_id, version), session)
    # (all of them in one write: a socket write costs more than joining the strings, and
    # a page reads the snapshot with the events it follows)
    if records is None:  # further behind than the tail: read for this stream alone
        records = _read(s, game_id, last)
        everything = ended(s.log.load(game_id)) if records else False
        if records:
            yield b"".join([*(sse(event_view(rec, seat, everything), rec.type, rec.version)
                              for rec in records), _then(snapshots)])
    elif records:
        yield b"".join([*(tail.sse(rec, seat) for rec in records), _then(snapshots)])
    return records[-1].version if records else None


def _then(snapshots: Snapshots | None) -> bytes:
    return b"" if snapshots is None else snapshots.after_events()


def _read(s: Services, game_id: str, after: int) -> list[Recorded]:
    return list(s.store.read_stream(game_id, after=after, limit=500))


def _listening(s: Services, game_id: str) -> int | None:
    """The process's unbroken listening session to the game's changes (None: none, or
    it hears only its own)."""
    hearsay = s.notifier.hearsay
    return hearsay.game_session(game_id) if hearsay is not None else None


def _keepalives_per_read(session: int | None) -> int:
    """How many keep-alives an idle game stream sends before it reads the log again: an
    unbroken subscription (`session`) makes those reads rarer."""
    return KEEPALIVES_PER_READ if session is None else KEEPALIVES_PER_READ_LISTENING


@blp.route("/users/me/events")
class MyEvents(MethodView):
    @blp.arguments(EventsArgsSchema(), location="query", error_status_code=400)
    @blp.response(200, UserEventPageSchema, content_type="application/json")
    @problems(blp, "invalid-request", "unauthorized", "rate-limited", "unavailable")
    @doc(blp, security=BEARER)
    def get(self, args: dict[str, Any]) -> Any:
        """Every event of every game you sit at, after global position `after`

        A game whose seat a stand-in bot holds for you stays in it, shown as a spectator
        sees it until you come back. Long-poll with `wait=S`; `Accept: text/event-stream`
        streams them (`id:` is the global position; resume with `Last-Event-ID`).
        """
        s = services()
        user = current_user()
        if wants_stream():
            return stream_response(_user_stream(s, user.user_id, _last_event_id() or 0,
                                                 held.holds()), held.hold())
        if args["wait"] > 0:  # (woken as the game's feed: on the primary)
            page = _long_poll(s, [user_key(user.user_id)], args["wait"], lambda: _user_page(
                s, user.user_id, args["after"], args["limit"]))
        else:
            page = _user_page(s, user.user_id, args["after"], args["limit"], replica=True)
        return json_response({"position": page[-1]["position"] if page else args["after"],
                              "events": page})


def _user_page(s: Services, user_id: str, after: int, limit: int,
               replica: bool = False) -> list[dict[str, Any]]:
    if replica:
        with from_replica():
            records = s.store.read_user_events(user_id, after, limit)
    else:
        records = s.store.read_user_events(user_id, after, limit)
    newest: dict[str, int] = {}
    for rec in records:
        newest[rec.game_id] = max(newest.get(rec.game_id, 0), rec.version)
    seats: dict[str, tuple[int | None, bool]] = {}
    page = []
    for rec in records:
        if rec.game_id not in seats:
            # a state at least as new as the page's events (the cached one, most often:
            # no read), so that an event after the end is shown whole
            table = s.log.at_least(rec.game_id, newest[rec.game_id])
            seats[rec.game_id] = (table.seat_of(user_id), ended(table))
        seat, everything = seats[rec.game_id]
        page.append(event_view(rec, seat, everything))
    return page


def _user_stream(s: Services, user_id: str, after: int,
                 holds: held.Holds) -> Generator[bytes, None, None]:
    """The user's stream; ended if the database goes away (as `_game_stream`). Its
    reads are not made rarer by an unbroken subscription: a read may find a change
    only a moment after its notification (see below)."""
    keys = [user_key(user_id)]
    notified, retries = False, 0
    try:
        yield RETRY
        started = time.monotonic()
        while time.monotonic() - started < MAX_STREAM_SECONDS and not holds.stopping:
            watch = s.notifier.watch(keys)
            page = _user_page(s, user_id, after, 500)
            if page:
                yield b"".join(sse(item, item["type"], item["position"]) for item in page)
                after = page[-1]["position"]
                notified, retries = False, 0
                continue
            if notified and retries < USER_FEED_RETRIES:
                # Told of a change that the global feed does not show yet: PostgreSQL's
                # feed stops below the oldest running transaction, so it appears once
                # that one ends (no new notification will say so).
                time.sleep(0.02 * 2 ** retries)
                retries += 1
                continue
            notified, retries = False, 0
            for _ in range(KEEPALIVES_PER_READ):  # (waiting here: see `_Body`)
                notified = s.notifier.wait(keys, s.http.sse_keepalive, watch)
                if notified or holds.stopping:
                    break
                yield KEEPALIVE
    except StoreUnavailable as error:
        log.warning("a stream ended: %s", error)
