"""The reply guard (返答の検査): every reply is checked against its command before anyone acts on it.

Another RCON client on the same server shares vanilla's one console buffer (ARCHITECTURE §9), so a reply
may belong to the other client, or ours may have gone to it. :class:`ReplyGuard` wraps the RCON
client and, for every command:

* a **read** whose reply does not fit (:func:`~dfg_bridge.rcon.replies.judge`) is asked again, up to
  ``retries`` times; if it never fits, :class:`~dfg_bridge.rcon.RconError` ``mixed_reply`` is raised
  — the caller treats it as a failed read, never as an answer;
* a **write** cannot be asked again (it would act twice); a reply that does not fit is dropped and the
  caller gets ``""`` (nothing confirmed), which every caller already treats as "no success seen";
* a reply in which the server refuses the command as malformed (``Unknown item``, ``Incorrect
  argument``, ``…<--[HERE]``) is logged once per shape at WARNING with the command's shape.

Both are counted (:class:`ReplyStats`) for the metrics.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Protocol

from dfg_bridge.rcon.errors import RconError, RconErrorCode
from dfg_bridge.rcon.replies import Fit, command_shape, is_read, judge, server_error

__all__ = ["ReplyGuard", "ReplyStats", "ReplyStatsSnapshot"]

_log = logging.getLogger("dfg_bridge.rcon.replies")

MAX_SHAPES = 64
"""Distinct error shapes counted one by one; later ones are counted as ``other``."""


class _Runner(Protocol):
    def run(self, command: str) -> str: ...


@dataclass(frozen=True, slots=True)
class ReplyStatsSnapshot:
    """The guard's counters at one moment."""

    mixed_reads: int = 0
    """Reads whose reply did not fit (each was asked again)."""
    mixed_writes: int = 0
    """Writes whose reply did not fit (the reply was dropped)."""
    unresolved: int = 0
    """Reads that never got a fitting reply (raised ``mixed_reply``)."""
    server_errors: tuple[tuple[str, int], ...] = ()
    """(error shape, count): commands the server refused as malformed."""


@dataclass
class ReplyStats:
    """Thread-safe counters of :class:`ReplyGuard` (the host thread and the trigger poll share it)."""

    _lock: threading.Lock = field(default_factory=threading.Lock)
    _mixed_reads: int = 0
    _mixed_writes: int = 0
    _unresolved: int = 0
    _errors: dict[str, int] = field(default_factory=dict)

    def mixed(self, *, read: bool) -> None:
        """Count one reply that did not fit."""
        with self._lock:
            if read:
                self._mixed_reads += 1
            else:
                self._mixed_writes += 1

    def gave_up(self) -> None:
        """Count one read that never fitted."""
        with self._lock:
            self._unresolved += 1

    def server_error(self, shape: str) -> bool:
        """Count one refusal of ``shape``; ``True`` the first time this shape is seen."""
        with self._lock:
            if shape not in self._errors and len(self._errors) >= MAX_SHAPES:
                shape = "other"
            first = shape not in self._errors
            self._errors[shape] = self._errors.get(shape, 0) + 1
            return first

    def snapshot(self) -> ReplyStatsSnapshot:
        """A consistent copy."""
        with self._lock:
            return ReplyStatsSnapshot(
                self._mixed_reads, self._mixed_writes, self._unresolved, tuple(sorted(self._errors.items()))
            )


class ReplyGuard:
    """A command sink that checks replies (see the module doc); wraps an :class:`RconClient`.

    >>> class Echo:
    ...     def __init__(self): self.replies = ["", "1, 2, 3 has the following block data: []"]
    ...     def run(self, command): return self.replies.pop(0)
    >>> guard = ReplyGuard(Echo())
    >>> guard.run("data get block 1 2 3 Items")
    '1, 2, 3 has the following block data: []'
    >>> guard.stats.snapshot().mixed_reads
    1
    """

    def __init__(self, inner: _Runner, *, retries: int = 3) -> None:
        self.inner = inner
        """The client commands go through."""
        self.retries = retries
        """How many times a read whose reply does not fit is asked again."""
        self.stats = ReplyStats()
        """Counters for the metrics."""
        self._warned_mixup = False

    def run(self, command: str) -> str:
        """Run ``command`` and return a reply that fits it (``""`` for a write whose reply did not)."""
        reply = self.inner.run(command)
        read = is_read(command)
        attempts = 0
        while judge(command, reply) is Fit.MISFIT:
            self.stats.mixed(read=read)
            self._note_mixup(command, reply, read=read)
            if not read:
                return ""
            if attempts >= self.retries:
                self.stats.gave_up()
                raise RconError(
                    RconErrorCode.MIXED_REPLY,
                    f"no reply fitting {command_shape(command)!r} after {attempts + 1} tries",
                )
            attempts += 1
            reply = self.inner.run(command)
        shape = server_error(command, reply)
        if shape is not None and self.stats.server_error(shape):
            _log.warning(
                "the server refused a command: %s (command: %s); later refusals of this kind are only "
                "counted (dfg_server_error_replies_total)",
                shape,
                command_shape(command),
            )
        return reply

    def _note_mixup(self, command: str, reply: str, *, read: bool) -> None:
        if not self._warned_mixup:
            self._warned_mixup = True
            _log.warning(
                "a reply did not fit its command (%s): another RCON client seems to use this server's "
                "console at the same time; reads are asked again and such replies are never acted on "
                "(counted in dfg_rcon_mixed_replies_total; see docs/OPERATORS.md)",
                command_shape(command),
            )
        else:
            _log.debug("mixed reply for %s (%s): %.80r", command_shape(command),
                       "asked again" if read else "dropped", reply)  # fmt: skip
