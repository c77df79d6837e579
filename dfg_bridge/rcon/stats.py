"""Per-command RCON latency and busy time (RCON統計), for metrics and utilisation benchmarks."""

from __future__ import annotations

import bisect
import math
import threading
from dataclasses import dataclass

__all__ = ["LATENCY_BOUNDS", "RconStats", "RconStatsSnapshot"]

LATENCY_BOUNDS: tuple[float, ...] = (
    0.0001,
    0.00025,
    0.0005,
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.25,
    0.5,
    1.0,
    2.5,
    5.0,
    10.0,
    math.inf,
)
"""Upper bounds (seconds) of the latency histogram buckets, Prometheus style (``le``)."""


@dataclass(frozen=True, slots=True)
class RconStatsSnapshot:
    """A consistent copy of :class:`RconStats` at one moment.

    ``buckets[i]`` counts commands with latency ≤ ``LATENCY_BOUNDS[i]`` and > the previous bound
    (not cumulative).
    """

    commands: int
    """Commands that got a complete reply."""
    errors: int
    """Commands that failed (timeout, disconnect, protocol) after being attempted."""
    probes: int
    """Extra probe round trips spent reassembling replies over 4096 characters."""
    busy_seconds: float
    """Total time spent inside successful and failed commands (the link was in use)."""
    latency_sum: float
    """Total latency of successful commands only: the histogram's ``_sum`` (with ``commands`` its count)."""
    max_latency: float
    """Slowest successful command, seconds."""
    buckets: tuple[int, ...]
    """Latency histogram of successful commands over :data:`LATENCY_BOUNDS`."""
    connects: int
    """Successful logins."""
    disconnects: int
    """Times an established connection was lost or reset."""
    bytes_sent: int
    """Bytes written to the socket (requests and probes)."""
    bytes_received: int
    """Bytes read from the socket."""

    @property
    def mean_latency(self) -> float:
        """Mean busy time per attempted command (successful or failed), seconds; 0 when none."""
        return self.busy_seconds / (self.commands + self.errors) if self.commands + self.errors else 0.0

    def latency_quantile(self, q: float) -> float:
        """Upper bound of the bucket holding quantile ``q`` (0–1); ``max_latency`` for the top bucket.

        >>> snap = RconStatsSnapshot(4, 0, 0, 0.004, 0.004, 0.002, (0, 0, 0, 3, 1) + (0,) * 12, 1, 0, 0, 0)
        >>> snap.latency_quantile(0.5), snap.latency_quantile(1.0)
        (0.001, 0.0025)
        """
        if not 0.0 <= q <= 1.0:
            raise ValueError("q must be within 0..1")
        if self.commands == 0:
            return 0.0
        rank = max(1, math.ceil(q * self.commands))
        seen = 0
        for bound, count in zip(LATENCY_BOUNDS, self.buckets, strict=True):
            seen += count
            if seen >= rank:
                return bound if math.isfinite(bound) else self.max_latency
        return self.max_latency


class RconStats:
    """Counters one :class:`~dfg_bridge.rcon.RconClient` updates and any thread may read.

    Writes come from whichever thread holds the client; :meth:`snapshot` may be called from a metrics
    thread, so a small lock keeps the copy consistent.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._buckets = [0] * len(LATENCY_BOUNDS)
        self._commands = 0
        self._errors = 0
        self._probes = 0
        self._busy = 0.0
        self._ok_latency = 0.0
        self._max = 0.0
        self._connects = 0
        self._disconnects = 0
        self._sent = 0
        self._received = 0

    def record_command(self, latency: float, probes: int, sent: int, received: int) -> None:
        """Account one successful command."""
        index = bisect.bisect_left(LATENCY_BOUNDS, latency)
        with self._lock:
            self._commands += 1
            self._probes += probes
            self._busy += latency
            self._ok_latency += latency
            self._buckets[index] += 1
            self._max = max(self._max, latency)
            self._sent += sent
            self._received += received

    def record_error(self, elapsed: float, sent: int, received: int) -> None:
        """Account one failed command attempt (its time still kept the link busy)."""
        with self._lock:
            self._errors += 1
            self._busy += elapsed
            self._sent += sent
            self._received += received

    def record_connect(self) -> None:
        """Account one successful login."""
        with self._lock:
            self._connects += 1

    def record_disconnect(self) -> None:
        """Account one lost or reset connection."""
        with self._lock:
            self._disconnects += 1

    def snapshot(self) -> RconStatsSnapshot:
        """A frozen copy of every counter."""
        with self._lock:
            return RconStatsSnapshot(
                commands=self._commands,
                errors=self._errors,
                probes=self._probes,
                busy_seconds=self._busy,
                latency_sum=self._ok_latency,
                max_latency=self._max,
                buckets=tuple(self._buckets),
                connects=self._connects,
                disconnects=self._disconnects,
                bytes_sent=self._sent,
                bytes_received=self._received,
            )
