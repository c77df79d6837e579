"""The stats writer thread (成績の書き込み): the only code that waits for the database.

The host :meth:`StatsService.submit`\\ s request values and goes on; this thread puts each match
result in the durable outbox first, then writes the outbox to the database in order. Answers and
news reach the host as reply values posted on its queue. When the database is down, results stay
queued, queries are answered "unavailable" at once, and the writer retries with a growing delay
(1 s doubling to ``max_retry``) until it is back.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path

from dfg_bridge.stats.dan import Ladder
from dfg_bridge.stats.protocol import (
    AdminDone,
    AskProfile,
    AskTop,
    Health,
    NewSeason,
    ProfileAnswer,
    Record,
    Recorded,
    Reply,
    Request,
    ResetPlayer,
    TopAnswer,
    Unavailable,
    UuidSeen,
)
from dfg_bridge.stats.store.db import Db
from dfg_bridge.stats.store.errors import StatsDbError
from dfg_bridge.stats.store.ladder import LadderStore
from dfg_bridge.stats.store.outbox import Outbox

log = logging.getLogger(__name__)

_STOP = object()


class StatsService:
    """Owns the database connection and the outbox; one thread, fed by :meth:`submit`."""

    def __init__(
        self,
        connect: Callable[[], Db],
        ladder: Ladder,
        outbox_path: Path,
        post: Callable[[object], None],
        *,
        board_size: int = 5,
        max_retry: float = 30.0,
        name: str = "stats",
    ) -> None:
        self._connect = connect
        self._ladder = ladder
        self._outbox_path = outbox_path
        self.post = post
        """Where replies go (the host's queue); may be set after construction."""
        self.board_size = board_size
        self.max_retry = max_retry
        self._inbox: queue.Queue[object] = queue.Queue()
        self._store: LadderStore | None = None
        self._up = True
        self._delay = 1.0
        self._retry_at = 0.0
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.written = 0
        """Results written to the database so far (tests and metrics)."""

    # ---- the host's side ------------------------------------------------------------------------
    def submit(self, request: Request) -> None:
        """Queue a request for the writer thread (never blocks)."""
        self._inbox.put(request)

    def start(self) -> None:
        """Start the writer thread."""
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Finish what is queued in memory (into the outbox at least) and stop."""
        if self._thread.is_alive():
            self._inbox.put(_STOP)
            self._thread.join(timeout)

    @property
    def up(self) -> bool:
        """Whether the last database operation worked."""
        return self._up

    # ---- the thread -----------------------------------------------------------------------------
    def _run(self) -> None:
        outbox = Outbox(self._outbox_path)
        try:
            while True:
                wait = None
                if len(outbox):
                    wait = max(0.0, self._retry_at - time.monotonic()) if not self._up else 0.0
                try:
                    item = self._inbox.get(timeout=wait) if wait != 0.0 else self._inbox.get_nowait()
                except queue.Empty:
                    item = None
                if item is _STOP:
                    break
                if isinstance(item, Record):
                    outbox.put(item.result)
                elif item is not None:
                    self._answer(item)
                if len(outbox) and (self._up or time.monotonic() >= self._retry_at):
                    self._drain(outbox)
        except Exception:  # the thread must never die silently
            log.exception("stats writer stopped")
        finally:
            if self._store is not None:
                self._store.db.close()
            outbox.close()

    def _reply(self, reply: Reply) -> None:
        try:
            self.post(reply)
        except Exception:
            log.exception("could not post %r", reply)

    def _open(self) -> LadderStore:
        if self._store is None:
            store = LadderStore(self._connect(), self._ladder)
            try:
                store.migrate()
            except BaseException:
                store.db.close()
                raise
            self._store = store
        return self._store

    def _failed(self, exc: BaseException, outbox: Outbox | None = None) -> None:
        if self._store is not None:
            self._store.db.close()
            self._store = None
        if self._up:
            log.warning("stats database unavailable (%s); match results are kept and written later", exc)
            self._reply(Health(False, len(outbox) if outbox is not None else 0))
        self._up = False
        self._retry_at = time.monotonic() + self._delay
        self._delay = min(self.max_retry, self._delay * 2)

    def _recovered(self, outbox: Outbox) -> None:
        if not self._up:
            log.info("stats database is back")
            self._up = True
            self._reply(Health(True, len(outbox)))
        self._delay = 1.0

    def _is_outage(self, exc: BaseException) -> bool:
        if isinstance(exc, StatsDbError):
            return exc.code != "too_new"
        store = self._store
        return store is None or store.db.is_outage(exc)

    def _drain(self, outbox: Outbox) -> None:
        while (head := outbox.first()) is not None:
            seq, result = head
            try:
                store = self._open()
                written = store.record(result)
                board = store.top(self.board_size)[1] if written is not None else []
            except Exception as exc:
                if self._is_outage(exc):
                    self._failed(exc, outbox)
                    return
                log.exception("match %s cannot be recorded; set aside", result.match_id)
                outbox.reject(seq, f"{type(exc).__name__}: {exc}")
                continue
            outbox.done(seq)
            self._recovered(outbox)
            if written is not None:
                self.written += 1
                season, outcomes = written
                news = Recorded(result.match_id, result.table, result.ranked, season, tuple(outcomes),
                                tuple(board))  # fmt: skip
                self._reply(news)
            # Let queries in between a long backlog.
            if not self._inbox.empty():
                return

    def _answer(self, request: object) -> None:
        asker = getattr(request, "asker", None)
        if not self._up and time.monotonic() < self._retry_at:
            if not isinstance(request, UuidSeen):
                self._reply(Unavailable(asker, "down"))
            return
        try:
            store = self._open()
            reply = self._query(store, request)
        except Exception as exc:
            if not self._is_outage(exc):
                log.exception("stats request %r failed", request)
                self._reply(Unavailable(asker, "error"))
                return
            self._failed(exc)
            if not isinstance(request, UuidSeen):
                self._reply(Unavailable(asker, "down"))
            return
        if not self._up:
            self._up = True
            self._delay = 1.0
            self._reply(Health(True))
        if reply is not None:
            self._reply(reply)

    def _query(self, store: LadderStore, request: object) -> Reply | None:
        if isinstance(request, UuidSeen):
            store.seen(request.name, request.uuid)
            return None
        if isinstance(request, AskProfile):
            season, profile = store.profile(request.name, request.uuid)
            return ProfileAnswer(request.asker, request.name, season, profile, request.rank)
        if isinstance(request, AskTop):
            season, rows = store.top(request.count, request.season)
            return TopAnswer(request.asker, season, tuple(rows))
        if isinstance(request, NewSeason):
            return AdminDone(request.asker, "season", str(store.new_season()))
        if isinstance(request, ResetPlayer):
            return AdminDone(request.asker, "reset", request.name, store.reset(request.name))
        raise TypeError(f"unknown stats request {request!r}")
