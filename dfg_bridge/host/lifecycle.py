"""Start-up and reconnection of the host (起動と再接続): recovery from the durable state.

After a (re)start or a lost RCON link the server may hold anything: half-done custody steps, a
match the journal remembers, displays from before. These functions bring it back in line once;
the one full redraw happens here.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

from dfg_bridge.config.choices import CrashPolicy
from dfg_bridge.host.context import HostContext
from dfg_bridge.host.match import EndReason, MatchRun

if TYPE_CHECKING:
    from dfg_bridge.host.host import GameHost
    from dfg_bridge.host.table import Table

log = logging.getLogger(__name__)

_LIST_NAMES = re.compile(r"online:\s*(.*)$", re.DOTALL)


def _resync(host: GameHost) -> None:
    """Objectives, who is online, triggers, and custody recovery (every step idempotent)."""
    ctx = host.ctx
    ctx.sink.run(ctx.r.objective_add(ctx.settings.trigger_objective, trigger=True))
    host.custody.prepare()
    ctx.online = query_online(ctx)
    if ctx.online and not host.polled_triggers:
        ctx.sink.run(ctx.r.trigger_enable("@a", ctx.settings.trigger_objective))
    open_before = {record.player for record in host.ledger.all()}
    host.custody.recover()
    # A give-back the last process finished delivering (it was killed before it could say so).
    for player in sorted(open_before & ctx.online):
        if host.ledger.get(player) is None:
            ctx.tell(player, "lobby.items_restored", "green")


def start(host: GameHost) -> None:
    """The first start: place the tables, recover custody and matches, redraw everything."""
    if host.setup is not None:
        host.setup()
    _resync(host)
    for table in host.tables.values():
        restore_table(host, table)
    release_idle(host)
    for table in host.tables.values():
        table.scene()
    host.started = True
    host.tick()


def restore_table(host: GameHost, table: Table) -> None:
    """The table's lobby and match from the journal: resume it (paused for its players) or end it."""
    ctx, journal = host.ctx, host.journal
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


def link_up(host: GameHost) -> None:
    """The RCON link is back: recover, pause matches whose players are missing, redraw once."""
    if not host.started:
        start(host)
        return
    _resync(host)
    host.server_stopping = False
    # A player whose join arrived while the link was down got nothing back then (issue 12 §9).
    release_idle(host)
    for table in host.tables.values():
        if table.run is not None:
            missing = [p for p in table.run.humans_left() if p not in host.ctx.online]
            if missing or table.paused_until is not None:
                table.pause(table.settings.durations.rejoin_wait)
                table.seat_players([p for p in table.run.humans_left() if p in host.ctx.online])
                table.try_resume()
        table.scene()


def release_idle(host: GameHost) -> None:
    """Give back the items of every online player we hold items of and who sits at no table."""
    for record in host.ledger.all():
        if record.player in host.ctx.online and host.table_of(record.player) is None:
            host.release(record.player)


def query_online(ctx: HostContext) -> set[str]:
    """Who is online, from ``list uuids`` (plain account names, team prefixes stripped)."""
    reply = ctx.sink.run(ctx.r.list_players())
    match = _LIST_NAMES.search(reply)
    if not match:
        return set()
    names = set()
    for part in match.group(1).split(","):
        name = part.strip().split(" (")[0].strip()
        if name:
            names.add(name.split("】")[-1])
    return names
