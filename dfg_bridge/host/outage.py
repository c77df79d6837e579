"""Waiting out a lost RCON link (接続断の間): events that need the server wait until it is back.

A server restart takes the RCON link away for tens of seconds while the log keeps telling the
daemon about players leaving and coming back, timers keep firing and hand screens keep polling.
Handling each of those would fail at its first command. Instead :class:`LinkGate` holds them while
the link is down and hands them back, in order, once :class:`~dfg_bridge.host.events.LinkUp` has
resynced everything:

- an event is held when the link is already known to be down (a ``LinkDown`` arrived, or the probe
  the daemon installs says so before the event is handled);
- the once-a-second :class:`Tick`, a table's timer and a table's hand-screen poll are kept once each
  (the newest), since only the latest can matter;
- events that carry state the host must see at once (server start/stop, shutdown, link changes,
  calls) are never held;
- after the resync, a held join is handed back only if the player is online now, a held leave only
  if they are not (the fresh ``list`` is the truth; the log lines may be from before the restart).

An event whose handling fails half-way because the link dropped under it is not repeated (its
first effects may already have happened); the resync after the reconnect redraws what it missed.
The operator sees one WARNING when the link goes and one INFO when it is back (from the RCON
client); this module logs only at DEBUG.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection

from dfg_bridge.host.events import Call, LinkDown, LinkUp, Shutdown, Tick, TimerFired
from dfg_bridge.host.handscreen.base import HandPoll
from dfg_bridge.model.events import PlayerJoined, PlayerLeft, ServerStarted, ServerStopping

log = logging.getLogger(__name__)

MAX_HELD = 10_000
"""Events held at most; past this the oldest are dropped (a very long outage with busy players)."""

_NEVER_HELD = (Shutdown, Call, LinkUp, LinkDown, ServerStarted, ServerStopping)


def link_lost(exc: BaseException) -> bool:
    """Whether ``exc`` says the link is down: the sink's errors carry ``link_lost`` (the RCON client's do)."""
    return bool(getattr(exc, "link_lost", False))


def _slot(event: object) -> tuple[str, str] | None:
    """Events of which only the newest is kept: one tick, one timer and one poll per table."""
    if isinstance(event, Tick):
        return ("tick", "")
    if isinstance(event, TimerFired):
        return ("timer", event.table)
    if isinstance(event, HandPoll):
        return ("poll", event.table)
    return None


class LinkGate:
    """Holds events while the RCON link is down; see the module docstring."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.probe: Callable[[], bool] | None = None
        """Returns whether the link is up, without sending anything (the daemon sets it)."""
        self.down_since: float | None = None
        """When the link was found down; ``None`` while it is up."""
        self.held: list[object] = []
        """Events waiting for the link, in arrival order."""
        self.failed = 0
        """Events whose handling failed because the link dropped during it."""
        self.dropped = 0
        """Held events dropped past :data:`MAX_HELD`."""
        self._clock = clock

    @property
    def down(self) -> bool:
        """Whether the link is known to be down."""
        return self.down_since is not None

    def went_down(self) -> None:
        """The link is down (a ``LinkDown`` event, or a command failed with a lost link)."""
        if self.down_since is None:
            self.down_since = self._clock()
            log.debug("RCON link down: holding events that need the server")

    def holds(self, event: object) -> bool:
        """Hold ``event`` if the link is down and the event needs it; ``True`` if it was held."""
        if isinstance(event, _NEVER_HELD):
            return False
        if self.down_since is None and self.probe is not None and not self.probe():
            self.went_down()
        if self.down_since is None:
            return False
        slot = _slot(event)
        if slot is not None:
            self.held = [e for e in self.held if _slot(e) != slot]
        self.held.append(event)
        if len(self.held) > MAX_HELD:
            del self.held[0]
            self.dropped += 1
        return True

    def failed_on(self, event: object, exc: BaseException) -> None:
        """Handling ``event`` failed because the link dropped under it."""
        self.failed += 1
        self.went_down()
        log.debug("%r was cut short by the lost link (%s)", event, exc)

    def came_up(self, online: Collection[str]) -> list[object]:
        """The link is back and resynced: the held events still worth handling, in order."""
        if self.down_since is not None:
            log.debug("RCON link back after %.1f s: %d held events", self._clock() - self.down_since,
                      len(self.held))  # fmt: skip
        self.down_since = None
        held, self.held = self.held, []
        out: list[object] = []
        for event in held:
            if isinstance(event, PlayerJoined) and event.player not in online:
                continue
            if isinstance(event, PlayerLeft) and event.player in online:
                continue
            out.append(event)
        return out


__all__ = ["MAX_HELD", "LinkGate", "link_lost"]
