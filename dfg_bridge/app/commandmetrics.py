"""RCON commands by table and purpose (コマンドの用途) as metric families (issue 19).

``dfg_rcon_commands_total{table,purpose}`` counts every command the host sent since start;
``dfg_rcon_commands_per_second{table,purpose}`` is the rate over the last minute. Purposes are
``poll``, ``display``, ``custody``, ``chat``, ``keys`` and ``other``
(:class:`dfg_bridge.host.purposes.Purpose`); ``table="-"`` is server-wide work.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from dfg_bridge.app.exposition import Family, MetricKind, Sample

__all__ = ["command_families"]


class _Counter(Protocol):
    def totals(self) -> dict[tuple[str, str], int]: ...

    def rates(self) -> dict[tuple[str, str], float]: ...


def command_families(counter: _Counter) -> Iterator[Family]:
    """The two families, read now (any thread: the counter is locked)."""
    totals, rates = counter.totals(), counter.rates()
    yield Family(
        "dfg_rcon_commands_total",
        MetricKind.COUNTER,
        "RCON commands sent, by table and purpose (poll, display, custody, chat, keys, other).",
        tuple(
            Sample("dfg_rcon_commands_total", n, (("table", table), ("purpose", purpose)))
            for (table, purpose), n in sorted(totals.items())
        ),
    )
    yield Family(
        "dfg_rcon_commands_per_second",
        MetricKind.GAUGE,
        "RCON commands per second over the last minute, by table and purpose.",
        tuple(
            Sample(
                "dfg_rcon_commands_per_second",
                round(rates.get(key, 0.0), 4),
                (("table", key[0]), ("purpose", key[1])),
            )
            for key in sorted(totals)
        ),
    )
