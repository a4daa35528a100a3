"""What a player wants to be told, and how: their notice settings, and the plan for one
notice (which channels, when).

The settings are one document per player (stored as JSON, `events.notice_outbox`):

- `channels`: per kind of notice, ``push``, ``mail``, ``both`` or ``none``;
- `mail_after_minutes`: a *your turn* mail waits this long, and goes only if the turn is
  still waiting then (a push goes at once);
- `digest_hours`: 0, or at most one mail per so many hours, gathering every game
  waiting (the mails of the period become one);
- `quiet_hours`: ``{"start": "22:00", "end": "07:30"}`` or None, in `time_zone` (an IANA
  name): nothing is sent then; what falls due waits for their end.

Defaults (a player who never chose): *your turn* in a correspondence game by push at
once and by mail after an hour of waiting; in a live game nothing (its player is at the
table, or the deadline soon tells); every other kind by mail; no digest, no quiet hours.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

# the kinds of notice a player may be told away from the table (of `referee.notices`'s,
# `deadline_near`, a reminder before a correspondence deadline, and `invitation`, an
# organiser adding the player to a tournament: `referee.tournaments.join`)
KINDS = ("your_turn", "game_started", "game_scored", "player_left", "player_timed_out",
         "stand_in_seated", "deadline_near", "invitation")
CHANNELS = ("push", "mail", "both", "none")
MAIL_AFTER_MINUTES = 60
MAX_DIGEST_HOURS = 24 * 7
CORRESPONDENCE_TURN = 86_400  # seconds per turn from which a game is correspondence

_DEFAULTS = {"your_turn": "both", "game_started": "mail", "game_scored": "mail",
             "player_left": "mail", "player_timed_out": "mail", "stand_in_seated": "mail",
             "deadline_near": "both", "invitation": "mail"}
_LIVE_DEFAULTS = {**_DEFAULTS, "your_turn": "none", "deadline_near": "none"}


class InvalidSettings(ValueError):
    """Settings that cannot be used; the message says which field and why."""


@dataclass(frozen=True)
class NoticeSettings:
    channels: dict[str, str] = field(default_factory=dict)  # the kinds chosen (others: defaults)
    mail_after_minutes: int = MAIL_AFTER_MINUTES
    digest_hours: int = 0
    quiet_start: time | None = None
    quiet_end: time | None = None
    time_zone: str = "UTC"

    def channel(self, kind: str, correspondence: bool) -> str:
        if kind in self.channels:
            return self.channels[kind]
        return (_DEFAULTS if correspondence else _LIVE_DEFAULTS).get(kind, "none")

    def document(self) -> dict[str, Any]:
        """As stored and as the API shows it (every kind, defaults filled in for a
        correspondence game)."""
        quiet = None if self.quiet_start is None or self.quiet_end is None else {
            "start": self.quiet_start.strftime("%H:%M"), "end": self.quiet_end.strftime("%H:%M")}
        return {"channels": {k: self.channel(k, True) for k in KINDS},
                "chosen": sorted(self.channels),
                "mail_after_minutes": self.mail_after_minutes,
                "digest_hours": self.digest_hours, "quiet_hours": quiet,
                "time_zone": self.time_zone}


def settings_from(document: dict[str, Any] | None) -> NoticeSettings:
    """The settings a stored document holds (None: the defaults). Raises
    `InvalidSettings` for one that cannot be used (what the API takes is checked so)."""
    if not document:
        return NoticeSettings()
    chosen = set(document.get("chosen", document.get("channels", {})))
    channels = {k: v for k, v in dict(document.get("channels", {})).items() if k in chosen}
    for kind, channel in channels.items():
        if kind not in KINDS:
            raise InvalidSettings(f"channels: {kind!r} is not a kind of notice")
        if channel not in CHANNELS:
            raise InvalidSettings(f"channels.{kind}: {channel!r} is not one of "
                                  f"{', '.join(CHANNELS)}")
    zone = str(document.get("time_zone") or "UTC")
    if zone not in _zones():
        raise InvalidSettings(f"time_zone: {zone!r} is not an IANA time zone")
    digest = int(document.get("digest_hours") or 0)
    if not 0 <= digest <= MAX_DIGEST_HOURS:
        raise InvalidSettings(f"digest_hours: from 0 to {MAX_DIGEST_HOURS}")
    wait = int(document.get("mail_after_minutes", MAIL_AFTER_MINUTES))
    if not 0 <= wait <= 7 * 24 * 60:
        raise InvalidSettings("mail_after_minutes: from 0 to a week")
    quiet = document.get("quiet_hours")
    start = end = None
    if quiet:
        try:
            start, end = time.fromisoformat(quiet["start"]), time.fromisoformat(quiet["end"])
        except (KeyError, TypeError, ValueError):
            raise InvalidSettings("quiet_hours: start and end as HH:MM") from None
        if start == end:
            raise InvalidSettings("quiet_hours: start and end must differ")
    return NoticeSettings(channels, wait, digest, start, end, zone)


@lru_cache(maxsize=1)
def _zones() -> frozenset[str]:
    return frozenset(available_timezones() | {"UTC"})  # (read from disk: once)


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


# a game's result is mailed a minute after the score: by then the ratings job (asked for
# with the score) has usually projected it, and the mail can give the rating change
RESULT_WAIT = timedelta(minutes=1)


@dataclass(frozen=True)
class Step:
    """One delivery a notice calls for: on `channel` (``push``, ``mail`` or ``digest``),
    not before `due`."""
    channel: str
    due: datetime


def plan(settings: NoticeSettings, kind: str, correspondence: bool,
         now: datetime) -> list[Step]:
    """The deliveries a notice of `kind` calls for at `now` (none: not to be told)."""
    channel = settings.channel(kind, correspondence)
    steps = []
    if channel in ("push", "both"):
        steps.append(Step("push", after_quiet_hours(settings, now)))
    if channel in ("mail", "both"):
        wait = (timedelta(minutes=settings.mail_after_minutes) if kind == "your_turn"
                else RESULT_WAIT if kind == "game_scored" else timedelta(0))
        if settings.digest_hours:
            steps.append(Step("digest", after_quiet_hours(
                settings, next_digest(settings, now + wait))))
        else:
            steps.append(Step("mail", after_quiet_hours(settings, now + wait)))
    return steps


def next_digest(settings: NoticeSettings, moment: datetime) -> datetime:
    """The first digest time at or after `moment`: every `digest_hours` from midnight in
    the player's time zone."""
    zone = _zone(settings.time_zone)
    local = moment.astimezone(zone)
    midnight = datetime.combine(local.date(), time(), zone)
    hours = settings.digest_hours
    steps = math.ceil((local - midnight) / timedelta(hours=hours))
    return (midnight + timedelta(hours=hours * steps)).astimezone(moment.tzinfo)


def quiet(settings: NoticeSettings, moment: datetime) -> bool:
    """Whether `moment` falls in the player's quiet hours."""
    start, end = settings.quiet_start, settings.quiet_end
    if start is None or end is None:
        return False
    clock = moment.astimezone(_zone(settings.time_zone)).time()
    return start <= clock < end if start < end else clock >= start or clock < end


def after_quiet_hours(settings: NoticeSettings, moment: datetime) -> datetime:
    """`moment`, or the end of the quiet hours it falls in."""
    if not quiet(settings, moment) or settings.quiet_end is None:
        return moment
    zone = _zone(settings.time_zone)
    local = moment.astimezone(zone)
    end = datetime.combine(local.date(), settings.quiet_end, zone)
    if end <= local:
        end = datetime.combine(local.date() + timedelta(days=1), settings.quiet_end, zone)
    return end.astimezone(moment.tzinfo)


def correspondence(turn_time_limit: int | None) -> bool:
    """Whether a game of this pace is played by correspondence (a day or more a turn;
    no limit at all counts too: nobody waits at such a table)."""
    return turn_time_limit is None or turn_time_limit >= CORRESPONDENCE_TURN
