"""``/dfg status`` and the operators' commands (管理コマンド): ``admin stop`` and ``admin reload``.

:class:`Admin` holds the tables (the host's own mapping: a reload adds new tables to it), the
stats desk and the reloader; the host checks that the player is an admin before it calls in.
"""

from __future__ import annotations

from collections.abc import Callable

from dfg_bridge.host.context import HostContext
from dfg_bridge.host.errors import CommandError
from dfg_bridge.host.gamelog import game_event
from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.host.settings import HostSettings
from dfg_bridge.host.statsdesk import StatsDesk
from dfg_bridge.host.table import Table

Reloader = Callable[[], tuple[HostSettings, MessageCatalog]]
"""Re-reads config and messages for ``admin reload``."""


class Admin:
    """Status for everyone, stop and reload for admins."""

    def __init__(
        self, ctx: HostContext, tables: dict[str, Table], desk: StatsDesk, reload: Reloader | None
    ) -> None:
        self.ctx = ctx
        self.tables = tables
        self.desk = desk
        self._reload = reload

    def _table(self, table_id: str) -> Table:
        table = self.tables.get(table_id.lower())
        if table is None:
            raise CommandError("no_such_table", table=table_id)
        return table

    def status(self, player: str, table_id: str | None) -> None:
        """``/dfg status [table]``: the named table, else the player's, else the first."""
        if table_id is not None:
            table = self._table(table_id)
        else:
            mine = next((t for t in self.tables.values() if player in t.lobby), None)
            table = mine or next(iter(self.tables.values()))
        table.status_for(player)

    def stop(self, player: str, table_id: str | None) -> None:
        """``admin stop [table]``: end the match(es) and give everyone their items back."""
        targets = list(self.tables.values()) if table_id is None else [self._table(table_id)]
        for table in targets:
            table.stop()
        game_event("admin", player=player, action="stop", tables=",".join(t.id for t in targets))
        self.ctx.tell(player, "admin.stopped", "green", count=len(targets))

    def reload(self, player: str) -> None:
        """``admin reload``: new settings and messages; a running match keeps its own until it ends."""
        if self._reload is None:
            raise CommandError("reload_failed", problem="-")
        try:
            settings, messages = self._reload()
        except Exception as exc:
            game_event("admin", player=player, action="reload", result="failed")
            raise CommandError("reload_failed", problem=str(exc)[:200]) from None
        self.ctx.settings = settings
        self.ctx.msgs = messages
        for index, table_settings in enumerate(settings.tables):
            table = self.tables.get(table_settings.id)
            if table is None:
                table = Table(self.ctx, table_settings, index)
                self.tables[table.id] = table
                table.scene()
            elif table.run is not None:
                table.pending_settings = table_settings
            else:
                table.settings = table_settings
        self.desk.rotate()
        game_event("admin", player=player, action="reload", result="ok")
        self.ctx.tell(player, "admin.reloaded", "green")


__all__ = ["Admin", "Reloader"]
