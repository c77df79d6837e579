"""The command executor (コマンド実行): parse with the grammar, run against the world, route feedback.

Feedback follows vanilla's ``CommandSourceStack.sendSuccess``/``sendFailure``: the source gets the text
(RCON collects every message into one reply without separators), and a success marked for admins is
echoed as ``[Name: text]`` to online operators and into the log while ``logAdminCommands`` is on — which is
how ``Triggered [dfg] (set value to 105)`` and the ``[Rcon: …]`` echoes reach ``latest.log``.
"""

from __future__ import annotations

import collections
import itertools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from dfg_bridge.sim.commands.call import Call
from dfg_bridge.sim.commands.source import Source, SourceKind
from dfg_bridge.sim.errors import CommandFailure
from dfg_bridge.sim.grammar import CommandGrammar, CommandSyntaxError
from dfg_bridge.sim.lang import Texts
from dfg_bridge.sim.log import ServerFlavour, ServerLog
from dfg_bridge.sim.world import World
from dfg_bridge.sim.world.entities import Entity, Player, ReceivedMessage

if TYPE_CHECKING:
    from dfg_bridge.sim.server import SimOptions

__all__ = ["CommandRecord", "Executor", "Handler"]

Handler = Callable[["Executor", Source, Call], int]
"""Runs one command for one source; returns Brigadier's result; raises ``CommandFailure``."""

# Commands a level-0 player can see in vanilla's tree; everything else needs operator status.
PLAYER_COMMANDS = frozenset({"trigger", "help", "list", "me", "msg", "tell", "w", "teammsg", "tm", "random"})
RECORD_LIMIT = 20_000
ROLLOVER_TEXT = "Unknown or incomplete command, see below for error"


class CommandHook(Protocol):
    """Something that acts just before RCON commands (see :class:`dfg_bridge.sim.races.Races`)."""

    def armed(self) -> bool:
        """Whether anything may fire (checked for every command, so it must be cheap)."""
        ...

    def before_command(self, ex: Executor, command: str) -> None:
        """Run whatever is due before ``command``."""
        ...


class CommandRecord(dict[str, Any]):
    """One RCON command as ``GET /commands`` lists it: seq, command, valid, error, reply."""


class Executor:
    """Runs commands on the server thread (one re-entrant lock) and keeps the command ledger."""

    def __init__(self, world: World, log: ServerLog, options: SimOptions) -> None:
        from dfg_bridge.sim.commands.registry import HANDLERS

        self.world = world
        self.log = log
        self.options = options
        self.texts = Texts.for_version(options.version)
        self.grammar = CommandGrammar.for_version(options.version)
        self.lock = threading.RLock()
        self.handlers: dict[str, Handler] = HANDLERS
        self._rcon_buffer: list[str] = []
        self._private: list[str] | None = None
        """While :meth:`run_console` runs a command: where its RCON feedback goes instead."""
        self._seq = itertools.count(1)
        self.records: collections.deque[CommandRecord] = collections.deque(maxlen=RECORD_LIMIT)
        self.invalid: collections.deque[CommandRecord] = collections.deque(maxlen=RECORD_LIMIT)
        self.counts: collections.Counter[str] = collections.Counter()
        self.unmodelled: collections.Counter[str] = collections.Counter()
        self.rcon_total = 0
        self.rcon_invalid = 0
        self._service_s = options.service_ms / 1000.0
        self.on_stop: Callable[[], None] | None = None
        """Set by the server: what ``/stop`` does after its feedback."""
        self.hook: CommandHook | None = None
        """Runs just before each RCON command (the server's staged races and chaos)."""

    # -- texts ------------------------------------------------------------------------------------------

    def tr(self, key: str, *args: object) -> str:
        """Vanilla's en_us text for ``key`` in this version."""
        return self.texts.tr(key, *args)

    @property
    def rcon_source(self) -> Source:
        """The RCON console source (level 4, at world spawn)."""
        spawn = self.world.spawn
        # Vanilla puts the console at the lower corner of the spawn block.
        return Source(
            SourceKind.RCON, "Rcon", "Rcon", 4, None, (float(int(spawn[0])), spawn[1], float(int(spawn[2])))
        )

    # -- feedback ---------------------------------------------------------------------------------------

    def success(self, src: Source, text: str, *, broadcast: bool) -> None:
        """``sendSuccess(text, allowLogging=broadcast)``."""
        if self._accepts_success(src):
            self._deliver(src, text)
        if broadcast and self._informs_admins(src):
            self._broadcast_to_admins(src, text)

    def failure(self, src: Source, text: str) -> None:
        """``sendFailure(text)``."""
        if src.kind is not SourceKind.SIGN:
            self._deliver(src, text)

    def _accepts_success(self, src: Source) -> bool:
        if src.kind is SourceKind.PLAYER:
            return bool(self.world.gamerules.get("sendCommandFeedback", True))
        return src.kind is not SourceKind.SIGN

    def _informs_admins(self, src: Source) -> bool:
        if src.kind is SourceKind.RCON:
            return self.options.broadcast_rcon_to_ops
        return src.kind in (SourceKind.PLAYER, SourceKind.SERVER)

    def _deliver(self, src: Source, text: str) -> None:
        if src.kind is SourceKind.RCON:
            self._rcon_target().append(text)
        elif src.kind is SourceKind.PLAYER and src.origin_player is not None:
            src.origin_player.messages.append(ReceivedMessage({"text": text}, "feedback"))
        elif src.kind is SourceKind.SERVER:
            self.log.info(text)

    def _broadcast_to_admins(self, src: Source, text: str) -> None:
        line = self.tr("chat.type.admin", src.display, text)
        if self.world.gamerules.get("sendCommandFeedback", True):
            for player in self.world.online_players():
                if player.permission >= 2 and player is not src.entity and player is not src.origin_player:
                    player.messages.append(
                        ReceivedMessage({"text": line, "color": "gray", "italic": True}, "system")
                    )
        if src.kind is not SourceKind.SERVER and self.world.gamerules.get("logAdminCommands", True):
            self.log.info(line)

    def tell(self, player: Player, component: dict[str, Any], kind: str = "system") -> None:
        """Deliver a component to a player's chat."""
        player.messages.append(ReceivedMessage(component, kind))

    # -- running ----------------------------------------------------------------------------------------

    @contextmanager
    def server_thread(self) -> Iterator[None]:
        """Hold the server thread (for the control API's world reads and actions)."""
        with self.lock:
            yield

    def run_rcon(self, command: str) -> str:
        """What ``DedicatedServer.runCommand`` does for RCON: clear the shared buffer, run, read it.

        The buffer is shared by every RCON connection and cleared outside the server thread, exactly
        as vanilla's ``RconConsoleSource``: two connections at once can mix or lose each other's output.
        The RCON listener calls the three steps itself (:meth:`rcon_prepare`, :meth:`rcon_execute`,
        :meth:`rcon_response`) so that the windows between them exist as they do in vanilla.
        """
        self.rcon_prepare()
        self.rcon_execute(command)
        return self.rcon_response()

    def run_console(self, command: str) -> str:
        """Run ``command`` as the RCON console and return only its own feedback.

        For tests and tools in this process: unlike an RCON connection (:meth:`run_rcon`), nothing
        another connection does can empty this reply or add to it.
        """
        own: list[str] = []
        with self.lock:
            self._private = own
            try:
                self.rcon_execute(command)
            finally:
                self._private = None
        return "".join(own)

    def _rcon_target(self) -> list[str]:
        return self._private if self._private is not None else self._rcon_buffer

    def rcon_prepare(self) -> None:
        """``RconConsoleSource.prepareForCommand``: empty the one buffer all RCON connections share.

        Vanilla calls it on the connection's own thread, before the command waits for the server thread.
        """
        self._rcon_buffer.clear()

    def rcon_execute(self, command: str) -> None:
        """``executeBlocking(performPrefixedCommand)``: run on the server thread, feedback into the buffer."""
        with self.lock:
            if self._service_s > 0:
                time.sleep(self._service_s)
            if self.hook is not None and self.hook.armed():
                self.hook.before_command(self, command)
                self._rcon_buffer.clear()  # an action's own feedback is not this command's reply
            self.rcon_total += 1
            record = CommandRecord(seq=next(self._seq), command=command, valid=True, error=None)
            self.records.append(record)
            try:
                self.perform(self.rcon_source, command, record=record)
            finally:
                record["reply"] = "".join(self._rcon_target())[:2000]

    def rcon_response(self) -> str:
        """``RconConsoleSource.getCommandResponse``: the shared buffer now (on the connection thread)."""
        return "".join(self._rcon_buffer)

    def perform(self, src: Source, command: str, *, record: CommandRecord | None = None) -> int:
        """``Commands.performPrefixedCommand``: parse, report syntax errors, execute."""
        try:
            parsed = self.grammar.parse(command)
        except CommandSyntaxError as err:
            if record is not None:
                self.rcon_invalid += 1
                record["valid"] = False
                record["error"] = err.message
                self.invalid.append(record)
            self.counts["invalid"] += 1
            self._syntax_failure(src, err.raw, err.message)
            return 0
        self.counts["valid"] += 1
        return self.execute_nodes(src, parsed.nodes)

    def _syntax_failure(self, src: Source, raw: str, message: str) -> None:
        # Vanilla sends the error and the context line as two messages; RCON concatenates them.
        self.failure(src, raw)
        if message != raw:
            self.failure(src, message[len(raw) :])

    def execute_nodes(self, src: Source, nodes: tuple[tuple[str, object | None], ...]) -> int:
        """Run a parsed command (``execute`` chains included) for ``src``."""
        if not nodes:
            return 0
        root = nodes[0][0]
        self.counts[root] += 1
        if root == "execute":
            from dfg_bridge.sim.commands.execute import run_execute

            try:
                return run_execute(self, src, nodes)
            except CommandFailure as failure:
                self.failure(src, failure.message)
                return 0
        return self.run_call(src, Call(nodes))

    def run_call(self, src: Source, call: Call) -> int:
        """Run one non-``execute`` command; turn ``CommandFailure`` into failure feedback."""
        handler = self.handlers.get(call.root)
        if handler is None:
            self.unmodelled[call.root] += 1
            return 0
        try:
            return handler(self, src, call)
        except CommandFailure as failure:
            self.failure(src, failure.message)
            return 0

    # -- helpers for handlers ---------------------------------------------------------------------------

    def entity_tag(self, tag: str) -> frozenset[str]:
        """Members of an entity type tag (only the few the sim knows)."""
        from dfg_bridge.sim.commands.nbtio import ENTITY_TAGS

        return ENTITY_TAGS.get(tag if ":" in tag else f"minecraft:{tag}", frozenset())

    def entity_nbt(self, entity: Entity) -> dict[str, Any]:
        """The entity's full NBT as ``data get entity`` shows it."""
        from dfg_bridge.sim.commands.nbtio import entity_to_nbt

        return entity_to_nbt(self, entity)

    def display_name(self, entity: Entity) -> str:
        """``entity.getDisplayName()`` as plain text (team prefix included)."""
        return self.world.display_name(entity)

    def player_source(self, player: Player, kind: SourceKind = SourceKind.PLAYER) -> Source:
        """A player's own source: at their position, their permission level (a sign gives level 2)."""
        permission = max(2, player.permission) if kind is SourceKind.SIGN else player.permission
        return Source(
            kind,
            player.name,
            self.display_name(player),
            permission,
            player,
            player.pos,
            player.rot,
            origin_player=player if kind is SourceKind.PLAYER else None,
        )

    def stats(self) -> dict[str, Any]:
        """Counters for ``GET /stats``."""
        return {
            "rcon_commands": self.rcon_total,
            "rcon_invalid": self.rcon_invalid,
            "commands_valid": self.counts["valid"],
            "commands_invalid": self.counts["invalid"],
            "by_command": {k: v for k, v in self.counts.items() if k not in ("valid", "invalid")},
            "unmodelled": dict(self.unmodelled),
            "log_lines": self.log.lines_written,
            **self.world.summary(),
        }

    @property
    def service_ms(self) -> float:
        """Simulated main-thread time per command (settable while running, e.g. to simulate lag)."""
        return self._service_s * 1000.0

    @service_ms.setter
    def service_ms(self, value: float) -> None:
        self._service_s = max(0.0, value) / 1000.0

    @property
    def paper(self) -> bool:
        """Whether the sim imitates Paper."""
        return self.options.flavor is ServerFlavour.PAPER
