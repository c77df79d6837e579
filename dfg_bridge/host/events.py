"""Events of the host's main queue beyond the server's own (ホストイベント).

Sources put :data:`dfg_bridge.model.events.ServerEvent` values on the queue; timers, the RCON link
watcher and the daemon's signal handlers put these. The main loop is the only consumer.
"""

from __future__ import annotations

from dataclasses import dataclass

from dfg_bridge.model.events import ServerEvent


@dataclass(frozen=True, slots=True)
class TimerFired:
    """A table timer expired. ``token`` must match the table's current one, else it is stale."""

    table: str
    token: int


@dataclass(frozen=True, slots=True)
class ChatDue:
    """Held team chat is due (:mod:`dfg_bridge.host.chathold`); a ``batch`` sent already is ignored."""

    team: str
    batch: int


@dataclass(frozen=True, slots=True)
class Tick:
    """Once a second: countdowns on the bossbars, grace periods."""


@dataclass(frozen=True, slots=True)
class LinkUp:
    """The RCON link is (again) connected: recover custody and redraw everything once."""


@dataclass(frozen=True, slots=True)
class LinkDown:
    """The RCON link dropped: hold commands until :class:`LinkUp`."""


@dataclass(frozen=True, slots=True)
class Shutdown:
    """Stop the main loop; with ``restore`` end every match and give everyone their items back."""

    restore: bool = True


@dataclass(frozen=True, slots=True)
class Call:
    """Run ``label``'s callback on the main thread (tests and the demo use it to inspect state)."""

    label: str


HostEvent = ServerEvent | TimerFired | ChatDue | Tick | LinkUp | LinkDown | Shutdown | Call
"""Everything the main loop consumes."""
