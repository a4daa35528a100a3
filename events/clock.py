"""Time as the service keeps and shows it: aware UTC datetimes, written as ISO-8601
with microseconds and a `Z` (the API's, the webhooks' and the jobs' format)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import overload


def utcnow() -> datetime:
    """The wall clock, in UTC (the default clock of the stores and the webhooks)."""
    return datetime.now(UTC)


@overload
def iso(moment: datetime) -> str: ...
@overload
def iso(moment: None) -> None: ...
def iso(moment: datetime | None) -> str | None:
    """`2026-11-23T09:00:00.000000Z`; None stays None."""
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
