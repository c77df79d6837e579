"""The Prometheus text exposition format 0.0.4 (メトリクスの書式): metric families as text.

Pure values and functions, shared by :mod:`dfg_bridge.app.metrics` (the daemon's series) and
:mod:`dfg_bridge.app.commandmetrics` (the commands by table and purpose).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
"""The ``Content-Type`` of the text exposition format."""


class MetricKind(enum.Enum):
    """The ``# TYPE`` of a metric family."""

    COUNTER = "counter"
    """Only goes up (resets when the daemon restarts)."""
    GAUGE = "gauge"
    """Goes up and down."""
    HISTOGRAM = "histogram"
    """Cumulative ``_bucket{le}`` series plus ``_sum`` and ``_count``."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One line of the exposition: ``name{labels} value``."""

    name: str
    value: float
    labels: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Family:
    """A metric family: its name, type, help text and samples."""

    name: str
    kind: MetricKind
    help: str
    samples: tuple[Sample, ...] = ()


def format_value(value: float) -> str:
    """A sample value as Prometheus writes it.

    >>> format_value(3), format_value(0.25), format_value(math.inf), format_value(-math.inf)
    ('3', '0.25', '+Inf', '-Inf')
    """
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(float(value))


def escape_label(value: str) -> str:
    r"""A label value escaped for the text format (backslash, double quote, newline).

    >>> escape_label('a"b\\c\nd')
    'a\\"b\\\\c\\nd'
    """
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def escape_help(text: str) -> str:
    """A ``# HELP`` text escaped (backslash and newline only)."""
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def exposition(families: Iterable[Family]) -> str:
    """The families in text format 0.0.4: ``# HELP``, ``# TYPE``, then the samples.

    >>> print(exposition([Family("dfg_up", MetricKind.GAUGE, "Up.", (Sample("dfg_up", 1),))]), end="")
    # HELP dfg_up Up.
    # TYPE dfg_up gauge
    dfg_up 1
    """
    out: list[str] = []
    for family in families:
        out.append(f"# HELP {family.name} {escape_help(family.help)}")
        out.append(f"# TYPE {family.name} {family.kind.value}")
        for sample in family.samples:
            labels = ""
            if sample.labels:
                labels = "{" + ",".join(f'{k}="{escape_label(v)}"' for k, v in sample.labels) + "}"
            out.append(f"{sample.name}{labels} {format_value(sample.value)}")
    return "\n".join(out) + "\n" if out else ""


def histogram_family(
    name: str, help_text: str, bounds: Sequence[float], counts: Sequence[int], total: float
) -> Family:
    """A histogram from per-bucket (non-cumulative) ``counts`` over upper ``bounds``.

    The last bound must be ``+Inf``; buckets are made cumulative, and ``_count`` equals the ``+Inf`` one.

    >>> fam = histogram_family("x_seconds", "X.", (0.1, math.inf), (2, 1), 0.5)
    >>> [(s.name, s.labels, s.value) for s in fam.samples][-3:]
    [('x_seconds_bucket', (('le', '+Inf'),), 3), ('x_seconds_sum', (), 0.5), ('x_seconds_count', (), 3)]
    """
    if len(bounds) != len(counts) or not bounds or not math.isinf(bounds[-1]):
        raise ValueError("histogram needs one count per bound and a last bound of +Inf")
    samples: list[Sample] = []
    running = 0
    for bound, count in zip(bounds, counts, strict=True):
        running += count
        samples.append(Sample(f"{name}_bucket", running, (("le", format_value(bound)),)))
    samples.append(Sample(f"{name}_sum", total))
    samples.append(Sample(f"{name}_count", running))
    return Family(name, MetricKind.HISTOGRAM, help_text, tuple(samples))


__all__ = [
    "CONTENT_TYPE",
    "Family",
    "MetricKind",
    "Sample",
    "escape_help",
    "escape_label",
    "exposition",
    "format_value",
    "histogram_family",
]
