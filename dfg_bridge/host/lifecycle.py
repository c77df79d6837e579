"""Start-up and reconnection of the host (起動と再接続): recovery from the durable state.

After a (re)start or a lost RCON link the server may hold anything: half-done custody steps, a
match the journal remembers, displays from before. :class:`Recovery` brings it back in line once;
the one full redraw happens here. It is given exactly the parts it works on — no host.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from dfg_bridge.config.choices import CrashPolicy
from dfg_bridge.host.context import HostContext
from dfg_bridge.host.custody import Custody
from dfg_bridge.host.journal import Journal
from dfg_bridge.host.ledger import CustodyLedger
from dfg_bridge.host.match import EndReason, MatchRun
from dfg_bridge.host.releases import tell_finished
from dfg_bridge.host.table import Table
from dfg_bridge.replies import online_players

log = logging.getLogger(__name__)


class Recovery:
    """The host's start and every reconnection: custody, matches and displays brought in line."""

    def __init__(
        self,
        ctx: HostContext,
        custody: Custody,
        journal: Journal,
        ledger: CustodyLedger,
        tables: Mapping[str, Table],
        *,
        release: Callable[[str], None],
        setup: Callable[[], object] | None = None,
        polled_triggers: bool = False,
        on_started: Callable[[], None] | None = None,
    ) -> None:
        self.ctx = ctx
        self.custody = custody
        self.journal = journal
        self.ledger = ledger
        self.tables = tables
        self.release = release
        self.setup = setup
        """Places the tables (the setup command) when the host starts."""
        self.polled_triggers = polled_triggers
        self.on_started = on_started
        """Called once the first start is done (the host arms its tick)."""
        self.started = False

    def _resync(self) -> None:
        """Objectives, who is online, triggers, and custody recovery (every step idempotent)."""
        ctx = self.ctx
        ctx.sink.run(ctx.r.objective_add(ctx.settings.trigger_objective, trigger=True))
        self.custody.prepare()
        ctx.online = set(online_players(ctx.sink.run(ctx.r.list_players())))
        if ctx.online and not self.polled_triggers:
            ctx.sink.run(ctx.r.trigger_enable("@a", ctx.settings.trigger_objective))
        open_before = {record.player for record in self.ledger.all()}
        self.custody.recover()
        tell_finished(ctx, self.ledger, open_before)

    def start(self) -> None:
        """The first start: place the tables, recover custody and matches, redraw everything."""
        if self.setup is not None:
            self.setup()
        self._resync()
        for table in self.tables.values():
            self.restore_table(table)
        self.release_idle()
        for table in self.tables.values():
            table.scene()
        self.started = True
        if self.on_started is not None:
            self.on_started()

    def restore_table(self, table: Table) -> None:
        """The table's lobby and match from the journal: resume it (paused for its players) or end it."""
        ctx, journal = self.ctx, self.journal
        for name in journal.lobby(table.id):
            table.lobby.add(name)
        entries = journal.entries(table.id)
        if entries:
            try:
                table.run = MatchRun.replay(entries)
            except Exception:
                log.exception("table %s: cannot replay the saved match; ending it", table.id)
                journal.clear(table.id)
                table.run = None
        if table.run is not None:
            if ctx.settings.crash is CrashPolicy.END:
                table.end_match(EndReason.RESTARTED)
            else:
                table.pause(table.settings.durations.rejoin_wait)
                table.seat_players([p for p in table.run.humans_left() if p in ctx.online])
                table.try_resume()
        playing = set(table.run.humans_left()) if table.run is not None else set()
        for name in list(table.lobby.members):
            if name not in ctx.online and name not in playing:
                table.remove_member(name)

    def link_up(self) -> None:
        """The RCON link is back: recover, pause matches whose players are missing, redraw once."""
        if not self.started:
            self.start()
            return
        self._resync()
        # A player whose join arrived while the link was down got nothing back then (issue 12 §9).
        self.release_idle()
        for table in self.tables.values():
            if table.run is not None:
                missing = [p for p in table.run.humans_left() if p not in self.ctx.online]
                if missing or table.paused_until is not None:
                    table.pause(table.settings.durations.rejoin_wait)
                    table.seat_players([p for p in table.run.humans_left() if p in self.ctx.online])
                    table.try_resume()
            table.scene()

    def release_idle(self) -> None:
        """Give back the items of every online player we hold items of and who sits at no table."""
        for record in self.ledger.all():
            if record.player in self.ctx.online and not any(
                record.player in t.lobby for t in self.tables.values()
            ):
                self.release(record.player)


__all__ = ["Recovery"]
