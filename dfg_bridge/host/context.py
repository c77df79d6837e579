"""What every table shares (共有の部品): ports, settings, journal, clock and chat helpers.

The :class:`HostContext` is created once by :class:`dfg_bridge.host.host.GameHost` and handed to each
table; it is only ever used on the main thread.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dfg_bridge.host.cpu import CpuPolicy
from dfg_bridge.host.differ import Differ
from dfg_bridge.host.journal import Journal
from dfg_bridge.host.match import EndReason, MatchRun
from dfg_bridge.host.ports import CommandRenderer, CommandSink, MessageCatalog, Scheduler
from dfg_bridge.host.purposes import PurposeCounter
from dfg_bridge.host.settings import HostSettings, TableSettings
from dfg_bridge.model.text import Text

if TYPE_CHECKING:
    from dfg_bridge.host.chathold import ChatHold


@dataclass
class HostContext:
    """Shared parts of the host; ``release`` gives a player who left a table their items back.

    ``cpu`` overrides every table's CPU players (tests); ``None`` builds each table's configured level.
    """

    settings: HostSettings
    sink: CommandSink
    r: CommandRenderer
    msgs: MessageCatalog
    journal: Journal
    scheduler: Scheduler
    post: Callable[[object], None]
    clock: Callable[[], float]
    rng: random.Random
    cpu: CpuPolicy | None
    differ: Differ
    release: Callable[[str], None]
    online: set[str] = field(default_factory=set)
    lateness: list[float] | None = None
    """When a list, every table timer appends how late it fired, in seconds (benchmarks)."""
    purposes: PurposeCounter | None = None
    """Counts the commands by table and purpose; the hand screens name their purposes through it."""
    on_rejected: Callable[[str, str], None] | None = None
    """Called with (player, machine code) for every refused player action, from any surface (metrics)."""
    on_match_end: Callable[[TableSettings, MatchRun, EndReason], bool] | None = None
    """Called as a match ends (the stats desk); ``True`` means it announces the standings itself."""
    chat: ChatHold | None = None
    """Holds team lines briefly to send them together (``None``: each is sent at once)."""

    def match_ended(self, table: TableSettings, run: MatchRun, reason: EndReason) -> bool:
        """Report a match's end to :attr:`on_match_end`; whether the standings broadcast is taken over."""
        return self.on_match_end is not None and self.on_match_end(table, run, reason)

    def rejected(self, player: str, code: str) -> None:
        """Report a refused action to :attr:`on_rejected`, if anyone listens."""
        if self.on_rejected is not None:
            self.on_rejected(player, code)

    @property
    def lang(self) -> str:
        """The configured language."""
        return self.settings.language

    def text(self, key: str, /, **params: object) -> str:
        """A message in the configured language."""
        return self.msgs.get(key, self.lang, **params)

    def tell(self, player: str, key: str, color: str | None = None, /, **params: object) -> None:
        """Send one player a message (silently nothing if they are offline)."""
        if player in self.online:
            self.sink.run(self.r.tellraw(player, Text(self.text(key, **params), color=color)))

    def tell_text(self, player: str, *lines: Text) -> None:
        """Send one player prepared texts, one chat line each (packed, see :meth:`to_team`)."""
        if player in self.online:
            self._send_lines(player, lines)

    def to_team(self, team: str, *lines: Text) -> None:
        """Send texts to a table's team (its players and lobby), one chat line each.

        Lines sent together share one ``tellraw`` when they fit (a play, then 8切り and 場が流れました):
        one command on the server's main thread instead of three (issue 19). With :attr:`chat`, lines
        wait up to its hold time for the next ones (see :mod:`dfg_bridge.host.chathold`).
        """
        if self.chat is not None:
            self.chat.add(team, lines)
        else:
            self._send_lines(self.r.team_members(team), lines)

    def flush_team(self, team: str) -> None:
        """Send the team's held lines now (a round's end, a pause, its members about to change)."""
        if self.chat is not None:
            self.chat.flush(team)

    def flush_chat(self) -> None:
        """Send every team's held lines now (shutdown)."""
        if self.chat is not None:
            self.chat.flush_all()

    def _send_lines(self, target: str, lines: tuple[Text, ...]) -> None:
        for command in self.r.tellraw_packed(target, lines):
            self.sink.run(command)

    def to_all(self, text: Text) -> None:
        """Send a text to everyone on the server (final standings; held team lines go first)."""
        self.flush_chat()
        self.sink.run(self.r.tellraw("@a", text))
