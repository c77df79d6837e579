"""Giving items back when a player leaves their table (返却の手配), retried until it is done.

``lobby.items_restored`` ("Your items have been returned") is said only when custody reports that
every stack verifiably arrived. Anything less — no room, an item on the cursor, a read that failed —
is told once and retried every :data:`RELEASE_RETRY` seconds from the host's tick while the player is
online and at no table; an offline player gets theirs at their next join.
"""

from __future__ import annotations

from collections.abc import Callable

from dfg_bridge.host.context import HostContext
from dfg_bridge.host.custody import Custody, Restore
from dfg_bridge.host.ledger import CustodyLedger

RELEASE_RETRY = 5.0
"""Seconds between attempts to give back items that could not all be returned."""

_NOTE = {
    Restore.NO_ROOM: "lobby.items_no_room",
    Restore.BUSY: "lobby.items_busy",
    Restore.FAILED: "lobby.items_retry",
    Restore.OFFLINE: "lobby.items_retry",
}


class Releases:
    """Runs give-backs for the host and keeps the ones to retry."""

    def __init__(self, ctx: HostContext, custody: Custody, seated: Callable[[str], bool]) -> None:
        self._ctx = ctx
        self._custody = custody
        self._seated = seated
        self.pending: dict[str, float] = {}
        """Players whose give-back is to be retried, with the clock time it is due."""

    def release(self, player: str) -> None:
        """Give the player their items back now (a no-op while they are offline)."""
        ctx = self._ctx
        if player not in ctx.online:
            return
        first = player not in self.pending
        self.pending.pop(player, None)
        result = self._custody.give_back(player)
        if result is Restore.DONE:
            ctx.tell(player, "lobby.items_restored", "green")
            return
        if result is Restore.OFFLINE and player not in ctx.online:
            return
        self.pending[player] = ctx.clock() + RELEASE_RETRY
        if first:
            ctx.tell(player, _NOTE.get(result, "lobby.items_retry"), "red", seconds=round(RELEASE_RETRY))

    def idle_with_items(self, player: str) -> bool:
        """Online, at no table, and we hold (some of) their items."""
        if player not in self._ctx.online or self._seated(player):
            return False
        return self._custody.ledger.get(player) is not None

    def retry_soon(self, player: str) -> None:
        """Retry this player's give-back at the next tick (after an unexpected failure)."""
        if self.idle_with_items(player):
            self.pending.setdefault(player, self._ctx.clock())

    def due(self) -> list[str]:
        """Players whose retry is due now (others that no longer need one are forgotten)."""
        now = self._ctx.clock()
        out = []
        for player, when in list(self.pending.items()):
            if not self.idle_with_items(player):
                self.pending.pop(player, None)
            elif when <= now:
                out.append(player)
        return out


def tell_finished(ctx: HostContext, ledger: CustodyLedger, before: set[str]) -> None:
    """Tell each online player of ``before`` (who had a custody record) whose record is gone now: their
    give-back was finished by custody's recovery (the last daemon was killed before it could say so)."""
    for player in sorted(before & ctx.online):
        if ledger.get(player) is None:
            ctx.tell(player, "lobby.items_restored", "green")
