"""Run the server as our child (サーバープロセスのラップ), like MCDReforged: read its console, feed its stdin.

The child's stdout (stderr merged) is read line by line, echoed to our stdout so the operator still
sees the console, and parsed into events. Lines typed on our console (or given to :meth:`send`) go
to the child's stdin, so server commands still work from the terminal.

The child runs in its own session: a Ctrl-C meant for the daemon does not hit the server directly;
:meth:`ServerProcess.stop` shuts it down properly (``stop`` on its console, then terminate, then
kill).
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import BinaryIO

from dfg_bridge.sources.base import EventSink, SourceThread
from dfg_bridge.sources.parser import LogParser

__all__ = ["ServerProcess"]

_log = logging.getLogger(__name__)


class ServerProcess(SourceThread):
    """The server as a child process, as an event source.

    ``console_in`` is a readable binary stream whose lines are forwarded to the child (our stdin in
    production; a pipe in tests; None to forward nothing). ``echo`` receives the child's output
    verbatim (our stdout's buffer in production; None to keep quiet).
    """

    def __init__(
        self,
        argv: Sequence[str],
        sink: EventSink,
        parser: LogParser | None = None,
        *,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
        echo: BinaryIO | None = None,
        console_in: BinaryIO | None = None,
        stop_command: str = "stop",
        on_line: Callable[[str], None] | None = None,
        name: str = "dfg server process",
    ) -> None:
        super().__init__(sink, name)
        if not argv:
            raise ValueError("empty server command")
        self.argv = tuple(argv)
        """The server command line."""
        self.parser = parser if parser is not None else LogParser()
        """Parser state is per stream."""
        self.stop_command = stop_command
        """Console command that shuts the server down cleanly."""
        self._cwd = cwd
        self._env = dict(env) if env is not None else None
        self._echo = echo
        self._console_in = console_in
        self._on_line = on_line
        self._proc: subprocess.Popen[bytes] | None = None
        self._stdin_lock = threading.Lock()
        self._forwarder: threading.Thread | None = None
        self.lines = 0
        """Lines read from the child."""
        self.events = 0
        """Events put on the sink."""
        self.last_line_at: float | None = None
        """``time.monotonic()`` of the last line."""

    # -- lifecycle -------------------------------------------------------------------------------------

    def start(self) -> None:
        """Launch the child, then the reader (and the console forwarder if ``console_in`` is set)."""
        self._proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            cwd=self._cwd,
            env=self._env,
            start_new_session=True,
        )
        super().start()
        if self._console_in is not None:
            self._forwarder = threading.Thread(
                target=self._forward, args=(self._console_in,), name=f"{self.name} stdin", daemon=True
            )
            self._forwarder.start()

    @property
    def pid(self) -> int | None:
        """The child's process id once started."""
        return self._proc.pid if self._proc is not None else None

    @property
    def returncode(self) -> int | None:
        """The child's exit status, or None while it runs (or before start)."""
        return self._proc.poll() if self._proc is not None else None

    def send(self, line: str) -> bool:
        """Write one console line to the child's stdin; False if it is gone."""
        proc = self._proc
        if proc is None or proc.stdin is None or proc.poll() is not None:
            return False
        data = line.rstrip("\r\n").encode("utf-8") + b"\n"
        with self._stdin_lock:
            try:
                proc.stdin.write(data)
                proc.stdin.flush()
            except (BrokenPipeError, ValueError, OSError):
                return False
        return True

    def stop(self, timeout: float = 30.0) -> bool:
        """Shut the server down: console ``stop``, then SIGTERM, then SIGKILL; wait for the reader.

        Returns True if the child has exited and the threads ended.
        """
        self._stop.set()
        proc = self._proc
        if proc is not None and proc.poll() is None:
            self.send(self.stop_command)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                _log.warning("server did not stop within %.0fs; terminating", timeout)
                proc.terminate()
                try:
                    proc.wait(5.0)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        ended = self.join(5.0)
        if self._forwarder is not None:
            self._forwarder.join(1.0)
            ended = ended and not self._forwarder.is_alive()
        if proc is not None and proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        return ended and (proc is None or proc.poll() is not None)

    def wait(self, timeout: float | None = None) -> int | None:
        """Wait for the child to exit on its own; its exit status, or None on timeout."""
        if self._proc is None:
            return None
        try:
            return self._proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    # -- threads ----------------------------------------------------------------------------------------

    def _run(self) -> None:
        proc = self._proc
        assert proc is not None and proc.stdout is not None
        with proc.stdout:
            for raw in iter(proc.stdout.readline, b""):
                if self._echo is not None:
                    with contextlib.suppress(OSError, ValueError):
                        self._echo.write(raw)
                        self._echo.flush()
                self._line(raw)
        proc.wait()

    def _line(self, raw: bytes) -> None:
        text = raw.decode("utf-8", errors="replace").rstrip("\r\n")
        self.lines += 1
        self.last_line_at = time.monotonic()
        if self._on_line is not None:
            with contextlib.suppress(Exception):
                self._on_line(text)
        event = self.parser.parse(text)
        if event is not None:
            self.events += 1
            self.sink.put(event)

    def _forward(self, source: BinaryIO) -> None:
        """Copy console lines to the child until stop, EOF on our console, or the child exits."""
        try:
            fd = source.fileno()
        except (OSError, ValueError):
            fd = None
        poller = None
        if fd is not None:
            poller = select.poll()
            poller.register(fd, select.POLLIN | select.POLLHUP)
        pending = b""
        while not self._stop.is_set() and self.returncode is None:
            try:
                if poller is not None and fd is not None:
                    if not poller.poll(200):  # wake up regularly to notice stop()
                        continue
                    chunk = os.read(fd, 4096)
                else:
                    chunk = source.readline()
            except (OSError, ValueError):  # our console was closed under us: nothing more to forward
                return
            if not chunk:
                return
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                self.send(line.decode("utf-8", errors="replace"))
