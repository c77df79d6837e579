"""Read ``/trigger`` presses over RCON (トリガー監視) for servers whose log we cannot read.

The protocol rests on one vanilla rule: **triggering locks the player's score** (``/trigger`` fails
with "You cannot trigger this objective yet" until someone runs ``scoreboard players enable``). So a
pressed value stays put until we take it, and only we unlock it. Each poll:

1. ``execute as @a[scores={dfg=1..}] run scoreboard players get @s dfg`` — every pending press, as
   ``Steve has 105 [dfg]`` (several players' replies are concatenated without separators).
2. For each ``(player, value)``: put ``TriggerFired`` on the queue, then
   ``scoreboard players set <player> dfg 0``. The player is still locked, so nothing can change the
   score between the read and the reset.
3. ``execute as @a unless score @s dfg matches 1.. run scoreboard players enable @s dfg`` —
   unlock everyone whose score is 0, negative or unset, atomically per player (a player who presses
   between steps 1 and 3 has a positive score again and stays locked until the next poll reads it).

Exactly once, even when a reply is lost: a value is remembered from the moment it is reported until a
read shows the score no longer pending. If step 2's reset fails, the next poll sees the same value
and re-sends only the reset; step 3 never runs in a poll that had a failure, so a player cannot be
unlocked (and press the same value again) before a read has confirmed the reset. Values must be
positive: 0 means "nothing pressed", and negative presses are discarded by the unlock.

**Stale input is discarded**: the first poll of a new poller (a daemon start) finds whatever was
pressed while no daemon was reading — a click made while it was down, maybe minutes ago. Those
values are reset without being reported: input older than the daemon's start is never acted on; the
player simply clicks again. (A link that comes back is different: players reconnect with it, and a
press made just after must count.)

**Attribution never rests on a display name.** The read's reply names each player by their display
name (team prefix and suffix included), which an operator can make look like anyone's — a Java
``Steve`` with the prefix ``.`` shows as the Bedrock ``.Steve``. So a reply is only a hint: the poll
then reads ``list uuids`` (account names) and, for every online account the shown names could belong to,
``scoreboard players get <account> <objective>`` — a score read by its holder's name, attributed by
the command, not by the reply. Resets are sent to account names too.

Cost: two commands per idle poll (default every 0.2 s); a poll that finds presses adds ``list``, one
read per candidate account and one reset per press. The unlock answers
"That trigger is already enabled" for players already unlocked; the reply is ignored.
"""

from __future__ import annotations

import logging
import re

from dfg_bridge.model.events import TriggerFired
from dfg_bridge.model.names import candidates
from dfg_bridge.rcon.errors import RconError
from dfg_bridge.sources.base import CommandRunner, EventSink, SourceThread

__all__ = ["TriggerPoll"]

_log = logging.getLogger(__name__)
_OBJECTIVE = re.compile(r"[A-Za-z0-9_.+\-]{1,16}")
_VALUE = re.compile(r" has (?P<value>-?\d{1,10}) \[[^\]]*\]$")


class TriggerPoll(SourceThread):
    """Polls trigger scores through ``commands`` (the shared RCON client) every ``interval`` seconds.

    :meth:`poll_once` is the whole protocol and may also be called directly (tests, or a host that
    prefers to poll from its own loop instead of starting the thread).
    """

    def __init__(
        self,
        commands: CommandRunner,
        sink: EventSink,
        *,
        objective: str = "dfg",
        interval: float = 0.2,
        floodgate_prefix: str = ".",
        create_objective: bool = True,
        name: str = "dfg trigger poll",
    ) -> None:
        super().__init__(sink, name)
        if not _OBJECTIVE.fullmatch(objective):
            raise ValueError(f"bad objective name {objective!r}")
        if interval <= 0:
            raise ValueError("interval must be positive")
        self.commands = commands
        """Where commands go (an :class:`~dfg_bridge.rcon.RconClient`)."""
        self.objective = objective
        """The trigger objective."""
        self.interval = interval
        """Seconds between polls."""
        self.create_objective = create_objective
        """Run ``scoreboard objectives add <objective> trigger`` first (harmless if it exists)."""
        fp = re.escape(floodgate_prefix) if floodgate_prefix else ""
        name_re = f"(?:{fp})?[A-Za-z0-9_]{{3,16}}" if fp else "[A-Za-z0-9_]{3,16}"
        self._entry = re.compile(rf"(?P<name>{name_re}) has (?P<value>-?\d{{1,10}}) \[[^\]]*\]")
        obj = objective
        self._read_cmd = f"execute as @a[scores={{{obj}=1..}}] run scoreboard players get @s {obj}"
        self._unlock_cmd = (
            f"execute as @a unless score @s {obj} matches 1.. run scoreboard players enable @s {obj}"
        )
        self._reported: dict[str, int] = {}
        self._needs_setup = create_objective
        self._stale = True
        """The next read is the first since (re)starting: what it finds was pressed before."""
        self._list = re.compile(r"online:\s*(.*)$", re.DOTALL)
        self.polls = 0
        """Completed polls."""
        self.failures = 0
        """Polls cut short by an RCON error."""

    def poll_once(self) -> list[TriggerFired]:
        """Run one poll; return the presses it reported (already put on the sink).

        Raises the command runner's error (e.g. :class:`~dfg_bridge.rcon.RconError`) if a command
        fails; the protocol state stays consistent and the next call carries on.
        """
        if self._needs_setup:
            self.commands.run(f"scoreboard objectives add {self.objective} trigger")
            self._needs_setup = False
        pending = self._read()
        if self._stale:
            self._stale = False
            for player, value in pending.items():
                _log.info("discarding a /trigger %s %d by %s pressed before the daemon was reading",
                          self.objective, value, player)  # fmt: skip
                self.commands.run(f"scoreboard players set {player} {self.objective} 0")
            self.commands.run(self._unlock_cmd)
            self.polls += 1
            return []
        for player in [p for p in self._reported if p not in pending]:
            del self._reported[player]  # a read shows the reset happened
        fired: list[TriggerFired] = []
        for player, value in pending.items():
            if self._reported.get(player) != value:
                event = TriggerFired(player, self.objective, value)
                self._reported[player] = value
                self.sink.put(event)
                fired.append(event)
            self.commands.run(f"scoreboard players set {player} {self.objective} 0")
            del self._reported[player]
        self.commands.run(self._unlock_cmd)
        self.polls += 1
        return fired

    def _read(self) -> dict[str, int]:
        """Pending presses by **account** name (see the module doc: the reply only hints)."""
        reply = self.commands.run(self._read_cmd)
        shown: list[str] = []
        end = 0
        for m in self._entry.finditer(reply):
            if int(m["value"]) > 0:
                shown.append(m["name"])
            end = m.end()
        if reply[end:].strip():
            # e.g. "Unknown scoreboard objective": make sure it exists before the next poll
            _log.warning("unexpected trigger poll reply: %.200s", reply[end:])
            self._needs_setup = self.create_objective
        if not shown:
            return {}
        online = self._online()
        accounts = sorted({name for display in shown for name in candidates(display, online)})
        pending: dict[str, int] = {}
        for account in accounts:
            # The reply names the holder by display name again; the command says whose score it is.
            score = _VALUE.search(self.commands.run(f"scoreboard players get {account} {self.objective}"))
            if score is not None and int(score["value"]) > 0:
                pending[account] = int(score["value"])
        return pending

    def _online(self) -> set[str]:
        """Online account names, from ``list uuids`` (``Name (uuid)``: the account name, where plain
        ``list`` shows display names — ``ListPlayersCommand`` formats them with ``getDisplayName``)."""
        m = self._list.search(self.commands.run("list uuids"))
        if m is None:
            return set()
        return {part.strip().split(" (")[0] for part in m.group(1).split(",") if part.strip()}

    def _run(self) -> None:
        failing = False
        quiet = logging.DEBUG
        while not self._stop.wait(self.interval):
            try:
                self.poll_once()
            except RconError as err:
                self.failures += 1
                if not failing:
                    # A lost link is the RCON client's one WARNING to tell; only other failures are ours.
                    quiet = logging.DEBUG if err.link_lost else logging.INFO
                    level = logging.DEBUG if err.link_lost else logging.WARNING
                    _log.log(level, "trigger poll failing: %s", err)
                failing = True
                # after a reconnect the world may be a fresh one: re-create the objective
                self._needs_setup = self.create_objective
                continue
            if failing:
                _log.log(quiet, "trigger poll recovered")
                failing = False
