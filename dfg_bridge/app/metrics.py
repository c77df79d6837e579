"""Prometheus metrics for the daemon (メトリクス), written in the text exposition format with the stdlib.

Why not ``prometheus_client``: the daemon exports a dozen series, all of which either already live in
thread-safe counters (the RCON client's :class:`~dfg_bridge.rcon.RconStats`, the log tail's line
counts) or are sampled once a second on the owner thread. What is left — formatting about a hundred
lines of text format 0.0.4 — is smaller than the dependency, and the tests check the output with an
independent parser.

Series (``dfg_`` prefix):

==========================================  =========  ==================================================
``dfg_tables``                              gauge      configured tables
``dfg_tables_active``                       gauge      tables with a match in progress
``dfg_players{state}``                      gauge      ``online``, ``lobby`` (joined), ``playing`` (humans
                                                       seated in a match), ``cpu`` (CPU seats)
``dfg_rcon_up``                             gauge      1 while the RCON link is logged in
``dfg_rcon_command_duration_seconds``       histogram  round trip of each successful RCON command
``dfg_rcon_command_errors_total``           counter    commands that failed (timeout, disconnect…)
``dfg_rcon_connects_total``                 counter    successful RCON logins
``dfg_rcon_disconnects_total``              counter    lost RCON connections
``dfg_invalid_commands_total{reason}``      counter    player commands refused (bad syntax, not now…)
``dfg_rcon_mixed_replies_total{kind}``      counter    replies that did not fit their command (another
                                                       RCON client on the console): ``read`` (asked
                                                       again), ``write`` (dropped), ``unresolved``
``dfg_server_error_replies_total{shape}``   counter    commands the server refused as malformed, by
                                                       error shape (``Unknown item '…'``, …)
``dfg_log_lines_parsed_total``              counter    server log lines read and parsed
``dfg_log_events_total``                    counter    log lines that were player or server events
``dfg_loop_last_sample_age_seconds``        gauge      seconds since the main loop last answered
``dfg_rcon_commands_total{table,purpose}``  counter    commands sent by table and purpose (poll, display…)
``dfg_rcon_commands_per_second{…}``         gauge      the same over the last minute, per second
==========================================  =========  ==================================================

Thread model: the HTTP thread only reads. Host state is read by :meth:`DaemonMetrics.sample_host`,
which runs *on the owner thread* (posted with ``host.call``); everything else comes from counters that
are safe to read from any thread.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from dfg_bridge.app.commandmetrics import command_families
from dfg_bridge.app.exposition import (
    CONTENT_TYPE,
    Family,
    MetricKind,
    Sample,
    escape_help,
    escape_label,
    exposition,
    format_value,
    histogram_family,
)


class LabelledCounter:
    """A counter with one label, safe to increment from any thread.

    >>> c = LabelledCounter("reason")
    >>> c.inc("usage"); c.inc("usage"); c.inc("not_now")
    >>> sorted(c.values().items())
    [('not_now', 1), ('usage', 2)]
    """

    def __init__(self, label: str) -> None:
        self.label = label
        self._lock = threading.Lock()
        self._values: dict[str, int] = {}

    def inc(self, value: str, amount: int = 1) -> None:
        """Add ``amount`` to the series whose label is ``value``."""
        with self._lock:
            self._values[value] = self._values.get(value, 0) + amount

    def values(self) -> dict[str, int]:
        """A copy of every series."""
        with self._lock:
            return dict(self._values)


@dataclass(frozen=True, slots=True)
class HostSample:
    """What the owner thread reported at one moment (see :meth:`DaemonMetrics.sample_host`)."""

    tables: int = 0
    active: int = 0
    online: int = 0
    lobby: int = 0
    playing: int = 0
    cpu: int = 0
    at: float = 0.0
    """``time.monotonic()`` when it was taken."""


class _Stats(Protocol):
    def snapshot(self) -> Any: ...


class _Link(Protocol):
    @property
    def stats(self) -> _Stats: ...

    @property
    def state(self) -> Any: ...


@dataclass
class DaemonMetrics:
    """The daemon's metrics: sources to read at scrape time plus what the owner thread pushes.

    Attach the RCON client with :attr:`rcon` and the sources with :attr:`sources` (anything with
    ``lines``/``events`` counters, e.g. :class:`~dfg_bridge.sources.LogTail`); call
    :meth:`command_rejected` for every refused player command and :meth:`sample_host` on the owner
    thread every second or so.
    """

    rcon: _Link | None = None
    replies: Any = None
    """The reply guard (anything with ``stats.snapshot()`` giving a ``ReplyStatsSnapshot``)."""
    sources: Sequence[object] = ()
    clock: Callable[[], float] = time.monotonic
    invalid: LabelledCounter = field(default_factory=lambda: LabelledCounter("reason"))
    commands: Any = None
    """The host's :class:`~dfg_bridge.host.purposes.PurposeCounter` (commands by table and purpose)."""
    _host: HostSample | None = None

    def command_rejected(self, reason: str) -> None:
        """Count one refused player command (``reason`` is the error's machine code)."""
        self.invalid.inc(reason)

    def record_host(self, sample: HostSample) -> None:
        """Store a host sample (atomic reference swap; any thread may read it)."""
        self._host = sample

    def sample_host(self, host: Any) -> HostSample:
        """Read ``host``'s tables and players. **Call on the host's owner thread** (``host.call``)."""
        from dfg_bridge.host.views import TablePhase

        active = lobby = playing = cpu = 0
        for table in host.tables.values():
            snap = table.snapshot()
            lobby += len(snap.lobby)
            if snap.phase is not TablePhase.IDLE:
                active += 1
            for seat in snap.seats:
                if seat.cpu:
                    cpu += 1
                elif not seat.dropped:
                    playing += 1
        sample = HostSample(
            tables=len(host.tables),
            active=active,
            online=len(getattr(host.ctx, "online", ())),
            lobby=lobby,
            playing=playing,
            cpu=cpu,
            at=self.clock(),
        )
        self.record_host(sample)
        return sample

    @property
    def host(self) -> HostSample | None:
        """The last host sample, if any."""
        return self._host

    def loop_age(self) -> float | None:
        """Seconds since the owner thread last sampled (None before the first sample)."""
        sample = self._host
        return None if sample is None else max(0.0, self.clock() - sample.at)

    def rcon_up(self) -> bool:
        """Whether the RCON link is logged in now."""
        return self.rcon is not None and getattr(self.rcon.state, "value", "") == "up"

    # -- collection --------------------------------------------------------------------------------

    def families(self) -> Iterator[Family]:
        """Every metric family, read now."""
        yield from self._host_families()
        yield from self._rcon_families()
        yield from self._reply_families()
        yield Family(
            "dfg_invalid_commands_total",
            MetricKind.COUNTER,
            "Player commands the daemon refused, by reason (machine code of the error).",
            tuple(
                Sample("dfg_invalid_commands_total", n, (("reason", reason),))
                for reason, n in sorted(self.invalid.values().items())
            ),
        )
        lines = sum(int(getattr(s, "lines", 0)) for s in self.sources)
        events = sum(int(getattr(s, "events", 0)) for s in self.sources if hasattr(s, "lines"))
        yield _single(
            "dfg_log_lines_parsed_total", MetricKind.COUNTER, "Server log lines read and parsed.", lines
        )
        yield _single(
            "dfg_log_events_total",
            MetricKind.COUNTER,
            "Log lines recognised as player or server events.",
            events,
        )
        if self.commands is not None:
            yield from command_families(self.commands)

    def _host_families(self) -> Iterator[Family]:
        sample = self._host or HostSample()
        yield _single("dfg_tables", MetricKind.GAUGE, "Configured tables.", sample.tables)
        yield _single(
            "dfg_tables_active", MetricKind.GAUGE, "Tables with a match in progress.", sample.active
        )
        players = (
            ("online", sample.online),
            ("lobby", sample.lobby),
            ("playing", sample.playing),
            ("cpu", sample.cpu),
        )
        yield Family(
            "dfg_players",
            MetricKind.GAUGE,
            "Players: online on the server, in a lobby, seated humans, CPU seats.",
            tuple(Sample("dfg_players", n, (("state", state),)) for state, n in players),
        )
        age = self.loop_age()
        yield _single(
            "dfg_loop_last_sample_age_seconds",
            MetricKind.GAUGE,
            "Seconds since the main loop last answered (NaN before the first answer).",
            math.nan if age is None else round(age, 3),
        )

    def _rcon_families(self) -> Iterator[Family]:
        from dfg_bridge.rcon import LATENCY_BOUNDS

        yield _single(
            "dfg_rcon_up", MetricKind.GAUGE, "1 while the RCON link is logged in.", int(self.rcon_up())
        )
        snap = self.rcon.stats.snapshot() if self.rcon is not None else None
        buckets = tuple(snap.buckets) if snap is not None else (0,) * len(LATENCY_BOUNDS)
        # The success-only sum: busy_seconds also holds failed attempts, which the buckets do not count.
        total = float(snap.latency_sum) if snap is not None else 0.0
        yield histogram_family(
            "dfg_rcon_command_duration_seconds",
            "Round trip of each successful RCON command, seconds.",
            LATENCY_BOUNDS,
            buckets,
            total,
        )
        counters: Mapping[str, tuple[str, int]] = {
            "dfg_rcon_command_errors_total": ("RCON commands that failed (timeout, disconnect, protocol).",
                                              snap.errors if snap else 0),
            "dfg_rcon_connects_total": ("Successful RCON logins.", snap.connects if snap else 0),
            "dfg_rcon_disconnects_total": ("RCON connections lost.", snap.disconnects if snap else 0),
        }  # fmt: skip
        for name, (help_text, value) in counters.items():
            yield _single(name, MetricKind.COUNTER, help_text, value)

    def _reply_families(self) -> Iterator[Family]:
        snap = self.replies.stats.snapshot() if self.replies is not None else None
        kinds = (
            ("read", snap.mixed_reads if snap else 0),
            ("write", snap.mixed_writes if snap else 0),
            ("unresolved", snap.unresolved if snap else 0),
        )
        yield Family(
            "dfg_rcon_mixed_replies_total",
            MetricKind.COUNTER,
            "Replies that did not fit their command (another RCON client shares the console): reads asked "
            "again, writes whose reply was dropped, reads that never fitted.",
            tuple(Sample("dfg_rcon_mixed_replies_total", n, (("kind", kind),)) for kind, n in kinds),
        )
        shapes = snap.server_errors if snap else ()
        yield Family(
            "dfg_server_error_replies_total",
            MetricKind.COUNTER,
            "Commands the server refused as malformed, by error shape (a version mismatch or a bug).",
            tuple(Sample("dfg_server_error_replies_total", n, (("shape", shape),)) for shape, n in shapes),
        )

    def exposition(self) -> str:
        """The whole scrape body."""
        return exposition(self.families())


def _single(name: str, kind: MetricKind, help_text: str, value: float) -> Family:
    return Family(name, kind, help_text, (Sample(name, value),))


__all__ = [
    "CONTENT_TYPE",
    "DaemonMetrics",
    "Family",
    "HostSample",
    "LabelledCounter",
    "MetricKind",
    "Sample",
    "escape_help",
    "escape_label",
    "exposition",
    "format_value",
    "histogram_family",
]
