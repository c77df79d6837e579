"""What every event source shares (イベントソース): a stoppable thread that only puts events on a sink."""

from __future__ import annotations

import logging
import threading
from typing import Protocol

from dfg_bridge.model.events import ServerEvent

__all__ = ["CommandRunner", "EventSink", "SourceThread"]

_log = logging.getLogger(__name__)


class EventSink(Protocol):
    """Where events go: the main loop's ``queue.Queue`` (anything with ``put``)."""

    def put(self, item: ServerEvent, /) -> None:
        """Hand one event to the main loop; must not block for long."""


class CommandRunner(Protocol):
    """The ``Commands`` port: run one server command, return its output (an ``RconClient``)."""

    def run(self, command: str) -> str:
        """Run ``command`` and return the reply text; raise on failure."""


class SourceThread:
    """Base for sources: ``start()`` runs :meth:`_run` in a daemon thread, ``stop()`` ends it.

    Subclasses loop until :attr:`_stop` is set and wait on it (never ``time.sleep``), so ``stop`` is
    prompt. If the loop dies with an exception it is logged and kept in :attr:`error`.
    """

    def __init__(self, sink: EventSink, name: str) -> None:
        self.sink = sink
        """Where events are put."""
        self.name = name
        """Thread name (shows in logs and thread dumps)."""
        self.error: BaseException | None = None
        """The exception that ended the loop, if any."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start the thread (once)."""
        if self._thread is not None:
            raise RuntimeError(f"{self.name} already started")
        self._thread = threading.Thread(target=self._guarded, name=self.name, daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> bool:
        """Ask the loop to end and wait up to ``timeout`` seconds; True if it ended."""
        self._stop.set()
        return self.join(timeout)

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end; True if it has (or never started)."""
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()

    @property
    def running(self) -> bool:
        """True while the thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    def _guarded(self) -> None:
        try:
            self._run()
        except BaseException as exc:  # keep it for the owner; a source must not die silently
            self.error = exc
            _log.exception("%s stopped by an error", self.name)

    def _run(self) -> None:
        raise NotImplementedError
