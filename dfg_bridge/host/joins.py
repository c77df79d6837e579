"""Which table ``/dfg join`` without a table name joins (卓の選択).

With several tables, the nearest one within :data:`JOIN_RADIUS` blocks of the player; else the
first without a match that has room; else the first.
"""

from __future__ import annotations

from collections.abc import Mapping

from dfg_bridge.host.context import HostContext
from dfg_bridge.host.table import Table
from dfg_bridge.replies import position

JOIN_RADIUS = 24.0
"""``/dfg join`` without a table picks the nearest table if the player stands within this many blocks."""


def pick_table(ctx: HostContext, tables: Mapping[str, Table], player: str) -> Table:
    """The table ``player`` joins when they name none."""
    candidates = list(tables.values())
    if len(candidates) > 1:
        here = position(ctx.sink.run(ctx.r.read_entity(player, "Pos")))
        if here is not None:
            nearest = min(candidates, key=lambda t: here.distance(t.settings.centre))
            if here.distance(nearest.settings.centre) <= JOIN_RADIUS:
                return nearest
    for table in candidates:
        if table.run is None and len(table.lobby) < table.settings.max_players:
            return table
    return candidates[0]


__all__ = ["JOIN_RADIUS", "pick_table"]
