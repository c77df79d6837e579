"""Follow ``logs/latest.log`` by name like ``tail -F`` (ログ追跡) and turn its lines into events.

- Starts at the end of the file if it exists (old lines are history, not new actions); the skipped
  history is only searched for ``Starting minecraft server version`` so the version is still known.
- A missing file is waited for; once it appears it is read from the beginning.
- Rotation (the server renames/gzips ``latest.log`` and starts a new one, on restart and daily) is
  noticed when the path points at another inode: the old file is drained, then the new one is read
  from its start.
- Truncation (``copytruncate``-style rotation) is noticed when the file becomes shorter than our
  position: reading restarts at 0.

Polling (default every 0.1 s) keeps it dependency-free and portable; while data is flowing it reads
without waiting.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from dfg_bridge.sources.base import EventSink, SourceThread
from dfg_bridge.sources.parser import LogParser

__all__ = ["LogTail"]

_CHUNK = 65536
_VERSION_SCAN = 1 << 20
"""How much of a skipped log is searched for the version line (it is among the first lines)."""


class LogTail(SourceThread):
    """Tails one log file in a thread and puts parsed events on ``sink``.

    ``on_line(text)``, if given, sees every complete line (without its newline) before parsing — for
    ``dfg-bridge check`` ("a line seen within N seconds") or for debugging.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        sink: EventSink,
        parser: LogParser | None = None,
        *,
        poll_interval: float = 0.1,
        from_end: bool = True,
        on_line: Callable[[str], None] | None = None,
        name: str = "dfg log tail",
    ) -> None:
        super().__init__(sink, name)
        if poll_interval <= 0:
            raise ValueError("poll_interval must be positive")
        self.path = Path(path)
        """The followed path (re-resolved on every check, never cached as an inode)."""
        self.parser = parser if parser is not None else LogParser()
        """Shared state (version, join/leave pairing) lives here."""
        self.poll_interval = poll_interval
        """Seconds to wait at end of file before looking again."""
        self.from_end = from_end
        """Skip what the file already holds when it exists at start."""
        self._on_line = on_line
        self.lines = 0
        """Complete lines read so far."""
        self.events = 0
        """Events put on the sink so far."""
        self.reopens = 0
        """Times the file was (re)opened after rotation or appearing."""
        self.truncations = 0
        """Times the file shrank under us."""
        self.last_line_at: float | None = None
        """``time.monotonic()`` of the last complete line."""

    def _run(self) -> None:
        file: BinaryIO | None = None
        ident: tuple[int, int] | None = None
        partial = b""
        seek_end = self.from_end
        try:
            while not self._stop.is_set():
                if file is None:
                    opened = self._open(seek_end)
                    seek_end = False  # only a file present at start is skipped; later ones are new
                    if opened is None:
                        self._stop.wait(self.poll_interval)
                        continue
                    file, ident = opened
                    partial = b""
                data = file.read(_CHUNK)
                if data:
                    partial = self._feed(partial + data)
                    continue
                now_ident = self._ident()
                if now_ident != ident:
                    # rotated or deleted: take what the writer added before it let go, then switch
                    while data := file.read(_CHUNK):
                        partial = self._feed(partial + data)
                    if partial:
                        self._line(partial)
                    file.close()
                    file, partial = None, b""
                    if now_ident is not None:
                        continue
                elif os.fstat(file.fileno()).st_size < file.tell():
                    self.truncations += 1
                    file.seek(0)
                    partial = b""
                    continue
                self._stop.wait(self.poll_interval)
        finally:
            if file is not None:
                file.close()

    def _open(self, seek_end: bool) -> tuple[BinaryIO, tuple[int, int]] | None:
        try:
            file = self.path.open("rb", buffering=0)
        except OSError:
            return None
        st = os.fstat(file.fileno())
        if seek_end:
            self._learn_version(file)
            file.seek(0, os.SEEK_END)
        else:
            self.reopens += 1
        return file, (st.st_dev, st.st_ino)

    def _learn_version(self, file: BinaryIO) -> None:
        """The history we skip still tells which version is running (it is logged at the top)."""
        head = file.read(_VERSION_SCAN)
        for raw in head.split(b"\n"):
            if b"Starting minecraft server version" in raw:
                self.parser.observe_version(raw.decode("utf-8", errors="replace"))

    def _ident(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _feed(self, data: bytes) -> bytes:
        """Handle every complete line in ``data``; return the unfinished rest."""
        *lines, rest = data.split(b"\n")
        for raw in lines:
            self._line(raw)
        return rest

    def _line(self, raw: bytes) -> None:
        text = raw.decode("utf-8", errors="replace").rstrip("\r")
        self.lines += 1
        self.last_line_at = time.monotonic()
        if self._on_line is not None:
            with contextlib.suppress(Exception):  # an observer must not stop the tail
                self._on_line(text)
        event = self.parser.parse(text)
        if event is not None:
            self.events += 1
            self.sink.put(event)
