"""What each RCON command is for (コマンドの用途), counted per table (issue 19).

Every command runs on the server's main thread, so operators want to see where the daemon's load
comes from: :class:`PurposeCounter` counts the commands sent through the host's sinks by table and by
:class:`Purpose`, and keeps the last minute for per-second rates (the metrics endpoint exposes both).

A command's purpose is the one of the sink it went through (:meth:`PurposeCounter.sink` — the differ's
sink says ``display``, custody's says ``custody``, the hand screens name theirs per command) or, for
the host's general sink, read from its shape (``tellraw``/``title`` are ``chat``). Its table is the one
whose event was being handled (:meth:`PurposeCounter.scope`), ``-`` for the server-wide work (start-up,
custody at join, the trigger poll).
"""

from __future__ import annotations

import collections
import contextlib
import enum
import threading
import time
from collections.abc import Callable, Iterator

from dfg_bridge.host.ports import CommandSink

__all__ = ["NO_TABLE", "Purpose", "PurposeCounter"]

NO_TABLE = "-"
"""The table label of server-wide commands."""
WINDOW = 60.0
"""Seconds the per-second rates average over."""


class Purpose(enum.StrEnum):
    """Why a command was sent."""

    POLL = "poll"
    """Looking for player input: the hand screens' questions and reads, the trigger poll."""
    DISPLAY = "display"
    """Showing the game: world displays (sidebar, bossbar, texts) and hand-screen slots."""
    CUSTODY = "custody"
    """Keeping players' items (預かり): lockers, freezing, giving back."""
    CHAT = "chat"
    """Messages to players (``tellraw``, ``title``)."""
    KEYS = "keys"
    """The seats' keys and taking our items back from players (hand screens)."""
    OTHER = "other"
    """Everything else (setup, teams, seating …)."""


_CHAT_WORDS = ("tellraw ", "title ", "playsound ", "dialog ")


def shape_purpose(command: str) -> Purpose:
    """The purpose of a command sent through the host's general sink, from its shape."""
    return Purpose.CHAT if command.startswith(_CHAT_WORDS) else Purpose.OTHER


class _CountingSink:
    """A view of a sink that counts what passes (the purpose fixed, or from the command's shape)."""

    def __init__(self, counter: PurposeCounter, inner: CommandSink, purpose: Purpose | None) -> None:
        self._counter = counter
        self._inner = inner
        self._purpose = purpose

    def run(self, command: str) -> str:
        self._counter.count(self._purpose or self._counter.current_purpose() or shape_purpose(command))
        return self._inner.run(command)


class PurposeCounter:
    """Commands by ``(table, purpose)``: totals since start and the last :data:`WINDOW` seconds.

    Thread-safe: the trigger poll counts from its own thread.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._totals: collections.Counter[tuple[str, str]] = collections.Counter()
        self._recent: collections.deque[tuple[float, tuple[str, str]]] = collections.deque()
        self._local = threading.local()

    # ---- where a command belongs --------------------------------------------------------------------
    @contextlib.contextmanager
    def scope(self, *, table: str | None = None, purpose: Purpose | None = None) -> Iterator[None]:
        """Commands sent inside are counted for ``table`` (and ``purpose``, unless their sink has one)."""
        before = getattr(self._local, "scope", (None, None))
        self._local.scope = (table if table is not None else before[0], purpose or before[1])
        try:
            yield
        finally:
            self._local.scope = before

    def current_purpose(self) -> Purpose | None:
        """The purpose of the enclosing :meth:`scope`, if any."""
        purpose: Purpose | None = getattr(self._local, "scope", (None, None))[1]
        return purpose

    def current_table(self) -> str:
        """The table of the enclosing :meth:`scope` (``-`` outside any)."""
        table: str | None = getattr(self._local, "scope", (None, None))[0]
        return table or NO_TABLE

    def sink(self, inner: CommandSink, *, purpose: Purpose | None = None) -> CommandSink:
        """``inner``, counting every command under ``purpose`` (or the scope's, or its shape's)."""
        return _CountingSink(self, inner, purpose)

    # ---- counting and reading -----------------------------------------------------------------------
    def count(self, purpose: Purpose, table: str | None = None) -> None:
        """Count one command."""
        key = (table or self.current_table(), purpose.value)
        now = self._clock()
        with self._lock:
            self._totals[key] += 1
            self._recent.append((now, key))
            self._trim(now)

    def totals(self) -> dict[tuple[str, str], int]:
        """Commands since start by ``(table, purpose)``."""
        with self._lock:
            return dict(self._totals)

    def by_purpose(self) -> dict[str, int]:
        """Commands since start by purpose, every table together."""
        out: collections.Counter[str] = collections.Counter()
        for (_table, purpose), n in self.totals().items():
            out[purpose] += n
        return dict(out)

    def rates(self) -> dict[tuple[str, str], float]:
        """Commands per second by ``(table, purpose)`` over the last :data:`WINDOW` seconds."""
        now = self._clock()
        with self._lock:
            self._trim(now)
            counts = collections.Counter(key for _at, key in self._recent)
        return {key: n / WINDOW for key, n in counts.items()}

    def _trim(self, now: float) -> None:
        while self._recent and self._recent[0][0] < now - WINDOW:
            self._recent.popleft()
