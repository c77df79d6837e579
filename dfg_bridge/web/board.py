"""The published table views, as the web threads may read them (掲示板), with the broadcast delay.

The host's thread calls :meth:`Board.publish` with frozen :class:`~dfg_bridge.host.spectate.TableView`
values; web threads call :meth:`Board.visible` and :meth:`Board.wait`. Nothing else is shared.

With a delay (broadcast mode), a view becomes visible only ``delay`` seconds after it was published;
until then the web shows the newest view that is old enough (or nothing). The whole view is delayed,
not only the hands: a live history beside delayed hands would tell the current hands.

>>> from dfg_bridge.host.spectate import TableView
>>> from dfg_bridge.host.views import TableSnap
>>> now = [0.0]
>>> board = Board(delay=10.0, clock=lambda: now[0])
>>> board.publish(TableView(TableSnap("t1", "卓1")))
>>> board.visible(), board.table_ids()
({}, ['t1'])
>>> now[0] = 10.0
>>> [r.view.snap.table_name for r in board.visible().values()]
['卓1']
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from dfg_bridge.host.spectate import TableView

KEEP = 10_000
"""Most views kept per table while they wait out the delay (a safety cap; a match makes far fewer)."""


@dataclass(frozen=True, slots=True)
class Release:
    """One view as published: its sequence number (per board) and when it was published."""

    seq: int
    published: float
    """The board clock's time of :meth:`Board.publish`."""
    wall: float
    """Wall-clock time (``time.time()``) of the publication, for pages and overlays."""
    view: TableView


class Board:
    """Thread-safe store of the newest view per table; delays visibility by ``delay`` seconds."""

    def __init__(
        self,
        *,
        delay: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.delay = max(0.0, delay)
        self._clock = clock
        self._wall = wall
        self._lock = threading.Condition()
        self._queues: dict[str, deque[Release]] = {}
        self._names: dict[str, str] = {}
        self._seq = 0
        self.closed = False

    # ---- the host's side ------------------------------------------------------------------------
    def publish(self, view: TableView) -> None:
        """Store a new view of its table (called on the host's thread; returns at once)."""
        with self._lock:
            self._seq += 1
            table = view.snap.table_id
            self._names.setdefault(table, view.snap.table_name)
            queue = self._queues.setdefault(table, deque())
            queue.append(Release(self._seq, self._clock(), self._wall(), view))
            self._prune(queue, self._clock())
            while len(queue) > KEEP:
                queue.popleft()
            self._lock.notify_all()

    def close(self) -> None:
        """Wake every waiting reader for good (the server is stopping)."""
        with self._lock:
            self.closed = True
            self._lock.notify_all()

    # ---- the web's side -------------------------------------------------------------------------
    def table_ids(self) -> list[str]:
        """Tables that published anything, in order of their first view (their ids are not secret)."""
        with self._lock:
            return list(self._queues)

    def visible(self, now: float | None = None) -> dict[str, Release]:
        """The view each table shows now: the newest one published at least ``delay`` seconds ago."""
        with self._lock:
            at = self._clock() if now is None else now
            out = {}
            for table, queue in self._queues.items():
                self._prune(queue, at)
                if queue and queue[0].published <= at - self.delay:
                    out[table] = queue[0]
            return out

    def next_release(self, now: float | None = None) -> float | None:
        """Seconds until a view not yet visible becomes visible (``None``: none waits)."""
        with self._lock:
            at = self._clock() if now is None else now
            waits = []
            for queue in self._queues.values():
                pending = [r.published for r in queue if r.published > at - self.delay]
                if pending:
                    waits.append(min(pending) + self.delay - at)
            return max(0.0, min(waits)) if waits else None

    def wait(self, seen: int, timeout: float) -> int:
        """Block until a view newer than sequence ``seen`` is published, or ``timeout``; the newest seq."""
        with self._lock:
            if self._seq <= seen and not self.closed:
                self._lock.wait(timeout)
            return self._seq

    def _prune(self, queue: deque[Release], at: float) -> None:
        """Drop views that a newer visible view replaced (the visible one stays at the front)."""
        while len(queue) > 1 and queue[1].published <= at - self.delay:
            queue.popleft()


__all__ = ["Board", "Release"]
