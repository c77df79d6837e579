"""Typed events that cross from the server into the daemon (サーバーイベント).

Every event source (log tail, process wrapper, trigger poll) turns raw server output into these
values and puts them on the main loop's queue. Code past the edge never sees raw log lines.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class CommandSource(enum.Enum):
    """How a player's ``dfg`` command reached us."""

    TYPED = "typed"
    """Typed ``/dfg …`` (or ``/daifugo …``), seen in a Paper/Spigot ``issued server command`` line."""
    CHAT = "chat"
    """Chat ``!dfg …`` with the configured prefix."""


@dataclass(frozen=True, slots=True)
class PlayerCommand:
    """A player asked for ``dfg`` with these arguments, e.g. ``("play", "S3", "H3")``."""

    player: str
    args: tuple[str, ...]
    source: CommandSource
    shown: str = field(default="", compare=False)
    """The name as the log showed it (a chat line's display name, team prefix included); empty when
    the line names the account itself. The host attributes such an event to the one online player
    whose display name this is (:func:`dfg_bridge.model.names.candidates`). Provenance only: it
    takes no part in equality."""


@dataclass(frozen=True, slots=True)
class TriggerFired:
    """A player ran ``/trigger <objective> set <value>`` (from clickable chat, a sign or a dialog)."""

    player: str
    objective: str
    value: int
    shown: str = field(default="", compare=False)
    """The name as the log showed it (``[Name: Triggered …]`` uses the display name); empty when
    ``player`` is the account name itself (as the trigger poll reports it)."""


@dataclass(frozen=True, slots=True)
class PlayerJoined:
    """A player joined the server (raw account name, without team prefixes)."""

    player: str


@dataclass(frozen=True, slots=True)
class PlayerIdentified:
    """An online-mode login showed the player's account UUID (``UUID of player Steve is …``).

    Logged before the join lines; it lets stats follow a player across renames.
    """

    player: str
    uuid: str


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    """A player left the server (disconnect, kick or quit)."""

    player: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ServerStarted:
    """The server finished starting (``Done (…)! For help, type "help"``); version if it was seen."""

    version: str | None = None


@dataclass(frozen=True, slots=True)
class ServerStopping:
    """The server is stopping (``Stopping server``)."""


@dataclass(frozen=True, slots=True)
class ServerExited:
    """A wrapped server process ended (crash or stop) with this exit status."""

    returncode: int


@dataclass(frozen=True, slots=True)
class ServerVersionSeen:
    """``Starting minecraft server version X`` was logged."""

    version: str


ServerEvent = (
    PlayerCommand
    | TriggerFired
    | PlayerJoined
    | PlayerIdentified
    | PlayerLeft
    | ServerStarted
    | ServerStopping
    | ServerExited
    | ServerVersionSeen
)
"""Everything a source may put on the main queue."""
