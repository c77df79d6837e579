"""Timers on APScheduler (タイマー): jobs only post events to the main queue.

:class:`ApsScheduler` satisfies :class:`dfg_bridge.host.ports.Scheduler`. The callbacks it runs
are the host's ``post`` calls, so game state is only ever touched by the main loop.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import itertools
from collections.abc import Callable

from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.background import BackgroundScheduler


class _Job:
    def __init__(self, scheduler: BackgroundScheduler, job_id: str) -> None:
        self._scheduler = scheduler
        self._id = job_id

    def cancel(self) -> None:
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

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Job:
        """Run ``callback`` once, ``delay`` seconds from now."""
        job_id = f"once{next(self._ids)}"
        when = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=max(0.0, delay))
        self._scheduler.add_job(callback, "date", run_date=when, id=job_id)
        return _Job(self._scheduler, job_id)

    def every(self, interval: float, callback: Callable[[], None]) -> _Job:
        """Run ``callback`` every ``interval`` seconds."""
        job_id = f"every{next(self._ids)}"
        self._scheduler.add_job(callback, "interval", seconds=interval, id=job_id)
        return _Job(self._scheduler, job_id)

    def shutdown(self) -> None:
        """Stop the scheduler thread (pending jobs are dropped)."""
        self._scheduler.shutdown(wait=False)
