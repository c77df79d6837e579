"""The simulated server's log (サーバーログ): ``logs/latest.log`` and console lines in two flavours.

Line shapes (ARCHITECTURE §6.3), both taken from the servers' default log4j patterns:

- the file, in both flavours, and vanilla's console: ``[12:34:56] [Server thread/INFO]: message``
- Paper's console: ``[12:34:56 INFO]: message``

On restart the old ``latest.log`` is gzipped to ``logs/<date>-<n>.log.gz`` and a new one is started, as
log4j's ``OnStartupTriggeringPolicy`` does on a real server.
"""

from __future__ import annotations

import datetime as dt
import enum
import gzip
import shutil
import sys
import threading
from pathlib import Path
from typing import IO

__all__ = ["ServerFlavour", "ServerLog"]


class ServerFlavour(enum.Enum):
    """Which server software the sim imitates (サーバーの種類)."""

    VANILLA = "vanilla"
    """Mojang's server (Fabric logs the same way): typed commands are not logged."""
    PAPER = "paper"
    """Paper/Spigot: every typed command is logged as ``issued server command``, even unknown ones."""


SERVER_THREAD = "Server thread"


class ServerLog:
    """Writes log lines to ``<dir>/logs/latest.log`` and, optionally, to a console stream.

    Thread-safe: RCON client threads, the control API and the server thread all log.
    """

    def __init__(
        self,
        directory: Path,
        flavor: ServerFlavour,
        *,
        console: IO[str] | None = None,
        clock: type[dt.datetime] = dt.datetime,
    ) -> None:
        self.directory = directory
        self.flavor = flavor
        self._console = console
        self._clock = clock
        self._lock = threading.Lock()
        self._file: IO[str] | None = None
        self.lines_written = 0

    @property
    def path(self) -> Path:
        """``<dir>/logs/latest.log``."""
        return self.directory / "logs" / "latest.log"

    def open(self) -> None:
        """Start a fresh ``latest.log``, rotating an existing one away first."""
        with self._lock:
            self._close_locked()
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists():
                self._rotate_locked()
            self._file = self.path.open("a", encoding="utf-8", newline="\n")

    def close(self) -> None:
        """Flush and close the file (the console stream is left open)."""
        with self._lock:
            self._close_locked()

    def info(self, message: str, *, thread: str = SERVER_THREAD) -> None:
        """Log one INFO line."""
        self.write(message, thread=thread, level="INFO")

    def chat(self, line: str, *, signed: bool, thread: str = SERVER_THREAD) -> None:
        """Log a chat message (``<Steve> hi``, ``[Rcon] hi``) as ``MinecraftServer.logChatMessage`` does.

        Since 1.19.1 a message without a valid signature — every ``say`` from RCON, the console or a
        command block, and chat from a client without secure chat — gets the tag ``[Not Secure]``:
        ``[Not Secure] [Rcon] hi`` (seen on a real 1.21.8 server, ARCHITECTURE §9). Paper keeps the tag.
        """
        self.info(line if signed else f"[Not Secure] {line}", thread=thread)

    def write(self, message: str, *, thread: str = SERVER_THREAD, level: str = "INFO") -> None:
        """Log one line per line of ``message`` in this flavour's shapes."""
        stamp = self._clock.now().strftime("%H:%M:%S")
        with self._lock:
            for line in message.split("\n"):
                if self._file is not None:
                    self._file.write(f"[{stamp}] [{thread}/{level}]: {line}\n")
                    self._file.flush()
                if self._console is not None:
                    if self.flavor is ServerFlavour.PAPER:
                        self._console.write(f"[{stamp} {level}]: {line}\n")
                    else:
                        self._console.write(f"[{stamp}] [{thread}/{level}]: {line}\n")
                    self._console.flush()
                self.lines_written += 1

    def _close_locked(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _rotate_locked(self) -> None:
        day = dt.date.fromtimestamp(self.path.stat().st_mtime).isoformat()
        number = 1
        while (target := self.path.parent / f"{day}-{number}.log.gz").exists():
            number += 1
        with self.path.open("rb") as src, gzip.open(target, "wb") as dst:
            shutil.copyfileobj(src, dst)
        self.path.unlink()


def stdout_console() -> IO[str]:
    """The process's stdout, for the CLI (a wrapped server's console is its stdout)."""
    return sys.stdout
