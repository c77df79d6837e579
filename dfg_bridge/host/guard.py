"""Keeping the main loop alive (異常への備え): what happens when handling one event fails.

The daemon must never die on one bad event (issue 12): a failure is logged once with the event as
context, the player concerned gets a localized message, every table's timer is re-armed (a failure
after the state moved but before the timer was set would otherwise stall a match), a player whose
items are held but who reached no table gets a give-back retry, and the loop goes on.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from dfg_bridge.host.outage import link_lost
from dfg_bridge.model.events import PlayerCommand, PlayerIdentified, PlayerJoined, PlayerLeft, TriggerFired

if TYPE_CHECKING:
    from dfg_bridge.host.context import HostContext
    from dfg_bridge.host.releases import Releases
    from dfg_bridge.host.table import Table

log = logging.getLogger("dfg_bridge.host.host")

FailureHook = Callable[[object, Exception], None]
"""Called with every event whose handling failed unexpectedly, and the error (metrics, tests)."""


def player_of(event: object) -> str | None:
    """The player an event is about (who should hear about a failure), if any."""
    if isinstance(event, PlayerCommand | TriggerFired | PlayerJoined | PlayerIdentified | PlayerLeft):
        return event.player
    return None


def isolated(label: str, fn: Callable[[], object], *, quiet: bool = False) -> None:
    """Run ``fn``; a failure is logged (at debug level when ``quiet``) and goes no further.

    A failure because the RCON link is gone (a server stopping) is logged at debug level too: the
    outage is the RCON client's one WARNING, and the resync after the reconnect redraws what was missed.
    """
    try:
        fn()
    except Exception as exc:
        if quiet or link_lost(exc):
            log.debug("%s failed", label, exc_info=True)
        else:
            log.exception("%s failed", label)


def failed(
    ctx: HostContext,
    tables: Iterable[Table],
    releases: Releases,
    event: object,
    exc: Exception,
    *,
    hook: FailureHook | None = None,
) -> None:
    """An unexpected error while handling ``event``: log, tell, re-arm, keep items safe."""
    player = player_of(event)
    log.error("while handling %r (player %s): %s", event, player or "-", exc, exc_info=exc)
    if hook is not None:
        isolated("failure hook", lambda: hook(event, exc))
    for table in tables:
        if table.run is not None:
            isolated(f"table {table.id}: re-arm", table.recover_timer, quiet=True)
    if player is None:
        return
    ctx.rejected(player, "internal_error")
    with contextlib.suppress(Exception):  # the link may be what failed: that is logged already
        ctx.tell(player, "command.internal_error", "red", code=type(exc).__name__)
    releases.retry_soon(player)
