"""Timers on APScheduler (タイマー): jobs only post events to the main queue.

:class:`ApsScheduler` satisfies :class:`dfg_bridge.host.ports.Scheduler`. The callbacks it runs
are the host's ``post`` calls, so game state is only ever touched by the main loop.

Cancelling a one-shot timer never removes its job: APScheduler's own thread removes a date job
after running it, and a ``remove_job`` from the main thread racing with that raises
``JobLookupError`` inside the scheduler thread. A cancelled job instead runs and does nothing; the
host also ignores stale timer events by their token.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import itertools
import threading
from collections.abc import Callable

from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.background import BackgroundScheduler


class _Once:
    """A one-shot timer: ``cancel`` just disarms the callback."""

    def __init__(self, callback: Callable[[], None]) -> None:
        self._callback = callback
        self._cancelled = threading.Event()

    def fire(self) -> None:
        if not self._cancelled.is_set():
            self._callback()

    def cancel(self) -> None:
        self._cancelled.set()


class _Repeating:
    def __init__(self, scheduler: BackgroundScheduler, job_id: str) -> None:
        self._scheduler = scheduler
        self._id = job_id

    def cancel(self) -> None:
        # Interval jobs are never removed by the scheduler itself, so this cannot race.
        with contextlib.suppress(JobLookupError):
            self._scheduler.remove_job(self._id)


class ApsScheduler:
    """A background APScheduler with one-shot and repeating jobs."""

    def __init__(self) -> None:
        self._scheduler = BackgroundScheduler(
            job_defaults={"misfire_grace_time": None, "coalesce": True, "max_instances": 1}
        )
        self._ids = itertools.count()
        self._scheduler.start()

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Once:
        """Run ``callback`` once, ``delay`` seconds from now."""
        timer = _Once(callback)
        when = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=max(0.0, delay))
        self._scheduler.add_job(timer.fire, "date", run_date=when, id=f"once{next(self._ids)}")
        return timer

    def every(self, interval: float, callback: Callable[[], None]) -> _Repeating:
        """Run ``callback`` every ``interval`` seconds."""
        job_id = f"every{next(self._ids)}"
        self._scheduler.add_job(callback, "interval", seconds=interval, id=job_id)
        return _Repeating(self._scheduler, job_id)

    def shutdown(self) -> None:
        """Stop the scheduler thread (pending jobs are dropped).

        The jobs are removed first: ``shutdown`` marks the scheduler stopped before it takes the job
        store lock, and a job the scheduler thread is just finishing would then fail to be removed
        (``JobLookupError`` in that thread). Removing them takes the lock, so it waits for that run.
        """
        self._scheduler.remove_all_jobs()
        self._scheduler.shutdown(wait=False)
