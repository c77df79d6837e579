"""APScheduler timers only post events; cancelling never races with the scheduler thread."""

from __future__ import annotations

import threading
import time

from dfg_bridge.host.timers import ApsScheduler


def test_cancel_races_nothing_and_uncancelled_timers_fire() -> None:
    errors: list[BaseException] = []
    previous = threading.excepthook
    threading.excepthook = lambda args: errors.append(args.exc_value)  # type: ignore[assignment]
    scheduler = ApsScheduler()
    fired: list[int] = []
    lock = threading.Lock()

    def record(i: int) -> None:
        with lock:
            fired.append(i)

    try:
        kept = set()
        late = [scheduler.call_later(0.2, lambda i=i: record(-1 - i)) for i in range(20)]
        for timer in late:
            timer.cancel()  # well before the due time: must never fire
        for i in range(300):
            timer = scheduler.call_later(0.0005 * (i % 7), lambda i=i: record(i))
            if i % 3:
                timer.cancel()  # at, just before or just after its due time
            else:
                kept.add(i)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not kept <= set(fired):
            time.sleep(0.01)
        time.sleep(0.3)
    finally:
        scheduler.shutdown()
        threading.excepthook = previous
    assert errors == []
    assert kept <= set(fired)
    assert not [i for i in fired if i < 0]


def test_shutdown_while_timers_fire_raises_nothing() -> None:
    errors: list[BaseException] = []
    previous = threading.excepthook
    threading.excepthook = lambda args: errors.append(args.exc_value)  # type: ignore[assignment]
    try:
        for _ in range(30):
            scheduler = ApsScheduler()
            for i in range(50):
                scheduler.call_later(0.0001 * i, lambda: None)
            time.sleep(0.002)
            scheduler.shutdown()
        time.sleep(0.1)
    finally:
        threading.excepthook = previous
    assert errors == []
