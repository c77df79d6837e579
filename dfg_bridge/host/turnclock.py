"""A table's one timer (卓のタイマー): what is due when, armed as one scheduler job.

One timer per table is armed for the earliest thing due: a CPU's move (after a short human-like
delay), the turn or exchange time limit, or the next round. Its job only posts
:class:`~dfg_bridge.host.events.TimerFired` with a token; a stale token (the state moved on) is
ignored by :meth:`TurnClock.current`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from dfg_bridge.host.context import HostContext
from dfg_bridge.host.events import TimerFired

if TYPE_CHECKING:
    from dfg_bridge.host.ports import TimerHandle

EPS = 0.005
"""Seconds of slack: a job that fires this early still counts as on time."""


class TurnClock:
    """The times a table waits for, and its one armed job."""

    def __init__(self, ctx: HostContext, table_id: str) -> None:
        self.ctx = ctx
        self.table_id = table_id
        self.token = 0
        """Identifies the armed job; a :class:`TimerFired` with another token is stale."""
        self.due: float | None = None
        """When the armed job fires (``None``: nothing armed)."""
        self.deadline: float | None = None
        """When the humans awaited now run out of time."""
        self.deadline_total = 0.0
        """The whole time limit of the current turn or exchange, in seconds (for the bossbar)."""
        self.cpu_due: dict[int, float] = {}
        """Per CPU (or away) seat awaited: when it acts."""
        self.between_until: float | None = None
        """Set between two rounds: when the next one starts."""
        self._job: TimerHandle | None = None

    def arm(self, when: float | None) -> None:
        """Arm the job for ``when`` (``None``: disarm); any earlier job becomes stale."""
        if self._job is not None:
            self._job.cancel()
            self._job = None
        self.token += 1
        self.due = when
        if when is None:
            return
        token, post, table = self.token, self.ctx.post, self.table_id
        delay = max(0.0, when - self.ctx.clock())
        self._job = self.ctx.scheduler.call_later(delay, lambda: post(TimerFired(table, token)))

    def current(self, event: TimerFired) -> bool:
        """Whether ``event`` is the armed job firing (then it is no longer armed)."""
        if event.token != self.token:
            return False
        self._job = None
        if self.ctx.lateness is not None and self.due is not None:
            self.ctx.lateness.append(self.ctx.clock() - self.due)
        return True

    def start_turn(self, total: float) -> None:
        """A new decision is awaited: a fresh time limit of ``total`` seconds, fresh CPU delays."""
        self.deadline_total = total
        self.deadline = self.ctx.clock() + total
        self.cpu_due.clear()

    def reset(self) -> None:
        """The match ended: nothing is due any more."""
        self.arm(None)
        self.deadline = None
        self.between_until = None
        self.cpu_due.clear()

    def left(self) -> int | None:
        """Whole seconds until the deadline (``None`` when there is none)."""
        if self.deadline is None:
            return None
        return max(0, math.ceil(self.deadline - self.ctx.clock()))


__all__ = ["EPS", "TurnClock"]
