"""The daemon's RCON client (RCONクライアント): one connection, one request at a time, never a signal.

Why our own (ARCHITECTURE §1, §6.1): mcrcon 0.7.0 times out with ``SIGALRM`` (main thread only), spins at
100 % CPU on a closed socket, truncates multi-packet replies and never checks request ids.

Protocol rules this client keeps:

- **No pipelining.** Vanilla does one ``read(1460)`` per request and drops the connection when two
  requests share a read, so a request is sent only after the previous reply is complete. A lock makes
  that true even when several threads share the client (the trigger poll and the main loop).
- **Ids are checked.** Every reply packet must carry the id of the request it answers; anything else
  is a protocol error and the connection is reset.
- **Long replies are reassembled by probing.** Vanilla cuts replies every 4096 UTF-16 units into
  packets with the same id and no end marker. When the first packet is ≥ 4096 bytes the client sends
  a probe (an unknown packet type, answered ``Unknown request 64``) and collects packets until the
  probe's id comes back.
- **Commands over 1446 UTF-8 bytes are refused before sending** (vanilla would drop the connection).
- **Timeouts are socket timeouts.** A timeout resets the connection, so a late reply can never be
  mistaken for the answer to the next command.
- **A closed socket is noticed at once**: ``recv`` returning nothing raises immediately, and before
  each command a zero-timeout ``poll`` checks whether the server hung up while we were idle — then the
  client reconnects before sending, which is safe because nothing was sent yet.
- **Reconnects back off exponentially** (capped), and every up/down transition is reported to the
  ``on_link`` callback.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Self

from dfg_bridge.model.secret import Secret
from dfg_bridge.rcon import _packet
from dfg_bridge.rcon._connection import Connection
from dfg_bridge.rcon.backoff import Backoff
from dfg_bridge.rcon.errors import RconError, RconErrorCode
from dfg_bridge.rcon.linkstate import LinkListener, LinkState
from dfg_bridge.rcon.stats import RconStats

__all__ = ["MAX_COMMAND_BYTES", "RconClient", "encode_command"]

_log = logging.getLogger(__name__)

MAX_COMMAND_BYTES = _packet.MAX_REQUEST_PAYLOAD
"""Longest command vanilla accepts, in UTF-8 bytes (1446)."""


def encode_command(command: str) -> bytes:
    """The command's UTF-8 payload, or a typed error if vanilla could not take it in one read.

    >>> encode_command("say こんにちは")
    b'say \\xe3\\x81\\x93\\xe3\\x82\\x93\\xe3\\x81\\xab\\xe3\\x81\\xa1\\xe3\\x81\\xaf'
    >>> encode_command("x" * 1447)
    Traceback (most recent call last):
    ...
    dfg_bridge.rcon.errors.RconError: command is 1447 UTF-8 bytes; vanilla RCON takes at most 1446
    """
    try:
        payload = command.encode("utf-8")
    except UnicodeEncodeError:
        raise RconError(RconErrorCode.INVALID_COMMAND, "command contains a lone surrogate") from None
    if len(payload) > MAX_COMMAND_BYTES:
        raise RconError(
            RconErrorCode.TOO_LONG,
            f"command is {len(payload)} UTF-8 bytes; vanilla RCON takes at most {MAX_COMMAND_BYTES}",
        )
    if b"\x00" in payload:
        raise RconError(RconErrorCode.INVALID_COMMAND, "command contains a NUL character")
    return payload


class RconClient:
    """A reconnecting RCON connection to one server.

    ``run(command)`` sends one command and returns the complete reply text. When the link is down,
    ``run`` reconnects first if the backoff allows, otherwise it fails fast with ``disconnected``;
    it never sleeps. ``on_link(state, error)`` is called on every up/down transition from the thread
    that noticed it; keep it short (put a marker on the main queue) — it may call the client again.

    >>> client = RconClient("127.0.0.1", 25575, "secret")
    >>> client
    RconClient(127.0.0.1:25575, down)
    """

    def __init__(
        self,
        host: str,
        port: int,
        password: str | Secret,
        *,
        timeout: float = 5.0,
        connect_timeout: float = 3.0,
        backoff: Backoff | None = None,
        on_link: LinkListener | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if timeout <= 0 or connect_timeout <= 0:
            raise ValueError("timeouts must be positive")
        self.host = host
        """Server address."""
        self.port = port
        """Server RCON port."""
        self.timeout = timeout
        """Seconds allowed for one command's complete reply (probes included)."""
        self.connect_timeout = connect_timeout
        """Seconds allowed for TCP connect plus login."""
        self._password = password if isinstance(password, Secret) else Secret(password)
        self._backoff = backoff if backoff is not None else Backoff()
        self._on_link = on_link
        self._clock = clock
        self._lock = threading.RLock()
        self._conn: Connection | None = None
        self._state = LinkState.DOWN
        self._retry_at = clock() + self._backoff.next_delay()
        self._last_error: RconError | None = None
        self._down_since: float | None = None
        self._ever_up = False
        self.stats = RconStats()
        """Latency, busy time and connection counters; ``stats.snapshot()`` is safe from any thread."""

    # -- public ------------------------------------------------------------------------------------

    @property
    def state(self) -> LinkState:
        """``UP`` while logged in, else ``DOWN``."""
        return self._state

    @property
    def last_error(self) -> RconError | None:
        """Why the link last went down or failed to come up (None if it never did)."""
        return self._last_error

    def retry_in(self) -> float:
        """Seconds until the next reconnect attempt is allowed (0 when up or due now)."""
        if self._state is LinkState.UP:
            return 0.0
        return max(0.0, self._retry_at - self._clock())

    def run(self, command: str) -> str:
        """Send one command and return its complete reply (empty for silent commands).

        Raises :class:`RconError`: ``too_long``/``invalid_command`` before anything is sent;
        ``disconnected`` when the link is down or drops; ``timeout``; ``protocol``; ``auth_failed``.
        After ``disconnected``/``timeout`` during a command it may or may not have run.
        """
        payload = encode_command(command)
        with self._lock:
            conn = self._ensure_up()
            started = time.perf_counter()
            sent0, received0 = conn.sent, conn.received
            try:
                reply, probes = conn.exchange(payload, self.timeout)
            except RconError as err:
                self._drop(err)
                elapsed = time.perf_counter() - started
                self.stats.record_error(elapsed, conn.sent - sent0, conn.received - received0)
                raise
            elapsed = time.perf_counter() - started
            self.stats.record_command(elapsed, probes, conn.sent - sent0, conn.received - received0)
            return reply

    def connect(self) -> None:
        """Connect and log in now, ignoring the backoff; a no-op when already up."""
        with self._lock:
            if self._conn is not None:
                problem = self._conn.idle_problem()
                if problem is None:
                    return
                self._drop(problem)
            self._attempt()

    def poll_link(self) -> LinkState:
        """Check the link without sending anything; reconnect if it is down and a retry is due.

        Cheap (one zero-timeout ``poll``), so a main loop can call it every iteration to learn about
        a restart before it has a command to send. Never raises.
        """
        with self._lock:
            if self._conn is not None:
                problem = self._conn.idle_problem()
                if problem is None:
                    return LinkState.UP
                self._drop(problem)
            if self._clock() >= self._retry_at:
                with contextlib.suppress(RconError):
                    self._attempt()
            return self._state

    def check(self) -> LinkState:
        """The link's state after a look for a hang-up; never sends, never reconnects, never blocks.

        While another thread is in a command the link is in use, so the current state is the answer.
        """
        if not self._lock.acquire(blocking=False):
            return self._state
        try:
            if self._conn is not None:
                problem = self._conn.idle_problem()
                if problem is not None:
                    self._drop(problem)
            return self._state
        finally:
            self._lock.release()

    def wait_up(self, timeout: float, stop: threading.Event | None = None) -> bool:
        """Block until the link is up, retrying with backoff, for at most ``timeout`` seconds.

        Sleeps on ``stop`` (so setting it ends the wait early). Returns whether the link is up.
        """
        deadline = self._clock() + timeout
        waiter = stop if stop is not None else threading.Event()
        while True:
            if self.poll_link() is LinkState.UP:
                return True
            remaining = deadline - self._clock()
            if remaining <= 0 or waiter.is_set():
                return False
            if waiter.wait(min(max(self.retry_in(), 0.01), remaining)):
                return self._state is LinkState.UP

    def close(self) -> None:
        """Close the connection; the next :meth:`run` reconnects (without waiting for backoff)."""
        with self._lock:
            self._drop(None)
            self._retry_at = self._clock()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"RconClient({self.host}:{self.port}, {self._state.value})"

    # -- connection management -----------------------------------------------------------------------

    def _ensure_up(self) -> Connection:
        if self._conn is not None:
            problem = self._conn.idle_problem()
            if problem is None:
                return self._conn
            self._drop(problem)
        wait = self._retry_at - self._clock()
        if wait > 0:
            reason = f" ({self._last_error})" if self._last_error is not None else ""
            raise RconError(
                RconErrorCode.DISCONNECTED,
                f"RCON {self.host}:{self.port} is down{reason}; next retry in {wait:.2f}s",
            )
        return self._attempt()

    def _attempt(self) -> Connection:
        """One connect+login attempt; on failure schedule the next one and re-raise."""
        try:
            conn = Connection.open(
                self.host, self.port, self._password.reveal().encode("utf-8"), self.connect_timeout
            )
        except RconError as err:
            self._last_error = err
            self._retry_at = self._clock() + self._backoff.next_delay()
            raise
        self._conn = conn
        self._backoff.reset()
        self.stats.record_connect()
        self._set_state(LinkState.UP, None)
        return conn

    def _drop(self, error: RconError | None) -> None:
        """Forget the connection; report UP→DOWN once."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if error is not None:
            self._last_error = error
        if self._state is LinkState.UP:
            self.stats.record_disconnect()
            self._retry_at = self._clock() + self._backoff.next_delay()
            self._set_state(LinkState.DOWN, error)

    def _set_state(self, state: LinkState, error: RconError | None) -> None:
        if state is self._state:
            return
        self._state = state
        # One line when an outage starts and one when it ends, whatever happens in between.
        where = f"{self.host}:{self.port}"
        if state is LinkState.UP:
            if self._down_since is not None:
                _log.info("RCON %s back after %.1f s", where, self._clock() - self._down_since)
            elif not self._ever_up:
                _log.info("RCON %s connected", where)
            self._down_since = None
            self._ever_up = True
        elif error is not None:
            self._down_since = self._clock()
            _log.warning("RCON %s lost: %s; reconnecting in the background, game events wait for it",
                         where, error)  # fmt: skip
        else:
            _log.debug("RCON %s closed", where)
        if self._on_link is not None:
            try:
                self._on_link(state, error)
            except Exception:  # a listener's bug must not break the link
                _log.exception("RCON link listener failed")
