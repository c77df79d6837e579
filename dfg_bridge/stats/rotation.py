"""日替わりルール: which rules a ranked table plays today (seed 000: 「毎日朝6:00に更新されます」).

A "rules day" starts at the rotation time (server time, default 06:00), so a play at 05:59 still
belongs to yesterday. Every daemon of a network computes the same entry from the same clock.

>>> from datetime import datetime
>>> at = parse_clock("06:00")
>>> rules_day(datetime(2025, 3, 2, 5, 59), at).isoformat(), rules_day(datetime(2025, 3, 2, 6, 0), at).day
('2025-03-01', 2)
>>> pick(("minecraft", "dqx", "niconico"), datetime(2025, 3, 2, 7, 0), at)
'dqx'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from typing import TypeVar

T = TypeVar("T")

_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


def parse_clock(text: str) -> time:
    """``"06:00"`` → 06:00 (raises ``ValueError`` on anything else)."""
    match = _CLOCK.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a time of day HH:MM: {text!r}")
    return time(int(match[1]), int(match[2]))


def rules_day(now: datetime, at: time) -> date:
    """The rules day ``now`` belongs to."""
    return (now - timedelta(hours=at.hour, minutes=at.minute)).date()


def pick(entries: Sequence[T], now: datetime, at: time) -> T:
    """Today's entry: the list is walked one entry per rules day."""
    if not entries:
        raise ValueError("no rotation entries")
    return entries[rules_day(now, at).toordinal() % len(entries)]


def next_change(now: datetime, at: time) -> datetime:
    """When the next rules day starts.

    >>> next_change(datetime(2025, 3, 2, 7, 0), time(6, 0)).isoformat()
    '2025-03-03T06:00:00'
    """
    start = datetime.combine(rules_day(now, at), at, tzinfo=now.tzinfo)
    return start + timedelta(days=1)
