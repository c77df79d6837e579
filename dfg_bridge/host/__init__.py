"""The game host (ゲームホスト): lobbies, matches, seats, custody, timers and displays for N tables.

The host talks to the server only through its ports (:mod:`dfg_bridge.host.ports`) and is fed
events on one queue; ``app/run.py`` wires the RCON client, the log sources and the render dialect
into it.

Public surface: :class:`GameHost` (the loop), :class:`HostSettings` / :class:`TableSettings` (what
it is configured with), the events it consumes, and the ports it needs.
"""

from dfg_bridge.config.choices import CrashPolicy, DropoutPolicy, SidebarOverflow
from dfg_bridge.host.cpu import CpuPolicy, WeakestPlay, cpu_for
from dfg_bridge.host.custody import Custody, LockerLayout, Restore
from dfg_bridge.host.errors import CommandError, CustodyError, HostError
from dfg_bridge.host.events import Call, HostEvent, LinkDown, LinkUp, Shutdown, Tick, TimerFired
from dfg_bridge.host.host import GameHost
from dfg_bridge.host.intents import Mode, TriggerCode, trigger_for_table
from dfg_bridge.host.ledger import CustodyLedger, CustodyState
from dfg_bridge.host.ports import CommandRenderer, CommandSink, MessageCatalog, Scheduler
from dfg_bridge.host.settings import (
    Durations,
    HandBox,
    HostSettings,
    SeatSpot,
    SignSpot,
    TableSettings,
)

__all__ = [
    "Call",
    "CommandError",
    "CommandRenderer",
    "CommandSink",
    "CpuPolicy",
    "CrashPolicy",
    "Custody",
    "CustodyError",
    "CustodyLedger",
    "CustodyState",
    "DropoutPolicy",
    "Durations",
    "GameHost",
    "HandBox",
    "HostError",
    "HostEvent",
    "HostSettings",
    "LinkDown",
    "LinkUp",
    "LockerLayout",
    "MessageCatalog",
    "Mode",
    "Restore",
    "Scheduler",
    "SeatSpot",
    "Shutdown",
    "SidebarOverflow",
    "SignSpot",
    "TableSettings",
    "Tick",
    "TimerFired",
    "TriggerCode",
    "WeakestPlay",
    "cpu_for",
    "trigger_for_table",
]
