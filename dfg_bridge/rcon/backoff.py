"""Capped exponential reconnect delays (再接続の待ち時間)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

__all__ = ["Backoff"]


@dataclass(slots=True)
class Backoff:
    """Delays between reconnect attempts: 0 for the first retry, then ``initial`` doubling up to ``cap``.

    The first retry is immediate because the usual cause of a drop is a restart that is already over
    by the time we notice; after that each failure waits longer so a dead server costs almost nothing.

    >>> b = Backoff(initial=0.5, cap=4.0)
    >>> [b.next_delay() for _ in range(6)]
    [0.0, 0.5, 1.0, 2.0, 4.0, 4.0]
    >>> b.reset(); b.next_delay()
    0.0
    """

    initial: float = 0.25
    """Delay after the first failed retry, seconds."""
    cap: float = 30.0
    """Longest delay, seconds."""
    factor: float = 2.0
    """Growth per failure."""
    jitter: float = 0.0
    """Random fraction (0–1) taken off each delay; 0 keeps delays deterministic."""
    _failures: int = field(default=0, repr=False)

    def __post_init__(self) -> None:
        if self.initial < 0 or self.cap < self.initial or self.factor < 1 or not 0 <= self.jitter <= 1:
            raise ValueError("need 0 <= initial <= cap, factor >= 1 and 0 <= jitter <= 1")

    def next_delay(self) -> float:
        """The delay before the next attempt; each call counts one more failure."""
        failures = self._failures
        self._failures += 1
        if failures == 0:
            return 0.0
        delay = min(self.cap, self.initial * self.factor ** min(failures - 1, 64))
        if self.jitter:
            delay *= 1.0 - self.jitter * random.random()
        return delay

    def reset(self) -> None:
        """Forget past failures (after a successful connect)."""
        self._failures = 0
