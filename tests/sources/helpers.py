"""Small helpers shared by the source tests."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable

from dfg_bridge.model.events import ServerEvent


def take(events: queue.Queue[ServerEvent], count: int, timeout: float = 5.0) -> list[ServerEvent]:
    """Exactly ``count`` events, waiting up to ``timeout`` seconds in total."""
    got: list[ServerEvent] = []
    deadline = time.monotonic() + timeout
    while len(got) < count:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise AssertionError(f"only {len(got)} of {count} events: {got}")
        try:
            got.append(events.get(timeout=remaining))
        except queue.Empty:
            continue
    return got


def settle(events: queue.Queue[ServerEvent], quiet: float = 0.3) -> list[ServerEvent]:
    """Whatever arrives until ``quiet`` seconds pass without a new event."""
    got: list[ServerEvent] = []
    while True:
        try:
            got.append(events.get(timeout=quiet))
        except queue.Empty:
            return got


def wait_for(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Poll ``condition`` until it holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.01)
