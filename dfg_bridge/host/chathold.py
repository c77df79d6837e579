"""Team chat held briefly and sent together (チャットのまとめ送り, issue 19).

Every chat line to a table's team is a ``tellraw @a[team=…]`` on the server's main thread. The CPUs
play about once a second, so a round's play log (「CPU2: ♠3 ♦3」, 「CPU1: パス」, 「場が流れました」)
cost one command a line. :class:`ChatHold` keeps a team's lines for up to ``hold`` seconds after the
first and sends them as one ``tellraw`` (split only where a command would not fit one RCON request).

Order is what matters to players, so held lines go out first, before:

- any message, title, dialog or sound to one player of that team (:meth:`ChatHold.before`, which the
  host's sink calls for every command: a turn prompt 「あなたの番です」 never comes before the play that
  led to it), and before anything sent to every player (``@a``: final standings);
- the team's members change (a player who leaves the team would miss lines sent after);
- a round's or a match's end, a pause, a table's stop and the daemon's shutdown (the callers flush).

Otherwise a scheduler job posts :class:`ChatDue` when the hold time has passed, and the owner thread
sends the lines then; the job never touches the held lines itself. ``hold`` 0 sends at once, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from dfg_bridge.host.events import ChatDue
from dfg_bridge.host.ports import CommandRenderer, CommandSink, Scheduler, TimerHandle
from dfg_bridge.host.purposes import Purpose, PurposeCounter
from dfg_bridge.model.text import Text

__all__ = ["ChatHold", "chat_target"]

TEAM_SELECTOR = "@a[team="
"""How a team's members are addressed (``DisplayCommands.team_members``)."""


@dataclass
class _Held:
    """One team's held lines: where they go, since when, and the job that wakes the loop for them."""

    batch: int
    since: float
    table: str
    """The table whose event held the first line (its commands are counted for it)."""
    lines: list[Text] = field(default_factory=list)
    job: TimerHandle | None = None


def chat_target(command: str) -> str | None:
    """Whom a message-like command (``tellraw``, ``title``, ``dialog show``, ``playsound``) addresses.

    ``None`` for every other command (displays, polls, custody), which never passes held lines.

    >>> chat_target('tellraw Steve {text:"a"}'), chat_target("title @a[team=dfg_t1] clear")
    ('Steve', '@a[team=dfg_t1]')
    >>> chat_target("dialog show Alex {}"), chat_target("playsound minecraft:x master Steve")
    ('Alex', 'Steve')
    >>> chat_target("data get block 0 64 0 Items") is None
    True
    """
    words = command.split(" ", 4)
    head = words[0]
    at = 1 if head in ("tellraw", "title") else 2 if head == "dialog" else 3 if head == "playsound" else 0
    return words[at] if at and len(words) > at else None


class ChatHold:
    """Held team lines, by team; only the owner thread calls it (see the module docstring).

    ``sink`` is the host's own (counting) sink, not the gated one, so sending held lines never
    recurses. ``hold`` gives the hold time in seconds, read at each line (``admin reload`` may change
    it). ``team_of`` names the team a player is on (``None``: none); the host sets it.
    """

    def __init__(
        self,
        sink: CommandSink,
        r: CommandRenderer,
        *,
        hold: Callable[[], float],
        clock: Callable[[], float],
        scheduler: Scheduler,
        post: Callable[[object], None],
        purposes: PurposeCounter | None = None,
    ) -> None:
        self.hold = hold
        self.team_of: Callable[[str], str | None] = lambda _player: None
        self.alone: Callable[[str], bool] = lambda _player: False
        """Whether a player is the only online member of their team (the host sets it)."""
        self._sink = sink
        self._r = r
        self._clock = clock
        self._scheduler = scheduler
        self._post = post
        self._purposes = purposes
        self._held: dict[str, _Held] = {}
        self._batches = 0

    def held(self, team: str) -> list[Text]:
        """The lines of ``team`` waiting now (tests)."""
        entry = self._held.get(team)
        return list(entry.lines) if entry is not None else []

    def gated(self) -> CommandSink:
        """``sink`` as everything else sends through it: held lines go before a message they precede."""
        return _GatedSink(self, self._sink)

    # ---- holding ------------------------------------------------------------------------------------
    def add(self, team: str, lines: Sequence[Text]) -> None:
        """Hold ``lines`` for ``team`` (or send them at once when holding is off)."""
        if not lines:
            return
        hold = self.hold()
        if hold <= 0:
            self.flush(team)  # lines held before the hold was turned off go first
            self._send(team, list(lines))
            return
        entry = self._held.get(team)
        if entry is None:
            self._batches += 1
            table = self._purposes.current_table() if self._purposes is not None else ""
            entry = _Held(self._batches, self._clock(), table)
            self._held[team] = entry
            due, post = ChatDue(team, entry.batch), self._post
            entry.job = self._scheduler.call_later(hold, lambda: post(due))
        entry.lines.extend(lines)

    def due(self, event: ChatDue) -> None:
        """The hold time of a batch passed: send it, unless it was sent already."""
        entry = self._held.get(event.team)
        if entry is not None and entry.batch == event.batch:
            self.flush(event.team)

    # ---- sending ------------------------------------------------------------------------------------
    def flush(self, team: str) -> None:
        """Send ``team``'s held lines now, in order."""
        entry = self._take(team)
        if entry is not None:
            self._send(team, entry.lines, entry.table)

    def _take(self, team: str) -> _Held | None:
        """Remove ``team``'s held lines (and disarm their wake) to send them one way or another."""
        entry = self._held.pop(team, None)
        if entry is not None and entry.job is not None:
            entry.job.cancel()
        return entry

    def flush_all(self) -> None:
        """Send every team's held lines now (shutdown, a message to everyone)."""
        for team in list(self._held):
            self.flush(team)

    def before(self, command: str) -> str:
        """``command`` is about to be sent: first send the held lines its recipients must see before it.

        Returns what to send: ``command``, or, for a ``tellraw`` to the only online member of a team
        with held lines, one ``tellraw`` carrying those lines and then its own message (a player
        practising alone against CPUs gets the last plays and their turn's prompt in one command).
        """
        if not self._held:
            return command
        target = chat_target(command)
        if target is None:
            return command
        if target.startswith(TEAM_SELECTOR):
            self.flush(target[len(TEAM_SELECTOR) : -1])
        elif target.startswith("@"):
            self.flush_all()  # everyone (or a selector we cannot resolve here)
        else:
            team = self.team_of(target)
            entry = self._held.get(team) if team is not None else None
            if team is None or entry is None:
                return command
            joined = self._r.tellraw_after(entry.lines, command) if self.alone(target) else None
            if joined is None:
                self.flush(team)
                return command
            self._take(team)
            return joined
        return command

    def _send(self, team: str, lines: list[Text], table: str | None = None) -> None:
        commands = self._r.tellraw_packed(self._r.team_members(team), lines)
        if self._purposes is None:
            for command in commands:
                self._sink.run(command)
            return
        with self._purposes.scope(table=table or None, purpose=Purpose.CHAT):
            for command in commands:
                self._sink.run(command)


class _GatedSink:
    """The host's sink with held team lines sent before any message they must precede."""

    def __init__(self, hold: ChatHold, inner: CommandSink) -> None:
        self._hold = hold
        self._inner = inner

    def run(self, command: str) -> str:
        return self._inner.run(self._hold.before(command))
