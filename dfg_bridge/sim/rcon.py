"""The simulated server's RCON listener, byte-for-byte like vanilla's ``RconThread``/``RconClient``.

Vanilla quirks reproduced on purpose (ARCHITECTURE §6.1), because the daemon's client must survive them:

- one ``read(1460)`` per request into a per-connection buffer that is reused, so a request over 1446
  payload bytes, one split across two reads, or two requests arriving in one read all fail the
  ``declared length == bytes read - 4`` check and close the connection;
- fewer than 10 bytes read closes the connection;
- the command text ends at the first NUL (or one byte before the end of the read);
- replies are cut every 4096 UTF-16 code units into packets with the request's id, each written
  separately, with no end marker; an empty reply is still one (empty) packet;
- a wrong password (or a command before login) is answered with id -1, type 2;
- any other packet type gets ``Unknown request <hex>`` (Java ``Integer.toHexString``);
- every connection shares **one** console output buffer (``RconConsoleSource``): a command clears it
  on its connection's thread, runs on the server thread, and its reply is whatever the buffer holds
  when the connection thread reads it back. Two connections at once therefore get each other's
  output (ARCHITECTURE §9, seen on a real 1.21.8 server three times in 30 minutes: a reply empty on one
  connection while the other's carries its output; once one output in both). :meth:`MixUps.stage`
  makes such a mix-up happen deterministically, as another RCON client would.
"""

from __future__ import annotations

import contextlib
import enum
import re
import socket
import struct
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = [
    "READ_SIZE",
    "REPLY_CHUNK",
    "MixShape",
    "MixUpRecord",
    "MixUps",
    "RconServer",
    "SharedConsole",
    "encode_packet",
    "split_reply",
]

READ_SIZE = 1460
"""Bytes vanilla reads per request (``RconClient`` buffer size)."""

REPLY_CHUNK = 4096
"""UTF-16 code units per reply packet (``RconClient.sendCmdResponse``)."""

_TYPE_RESPONSE = 0
_TYPE_COMMAND = 2
_TYPE_AUTH_RESPONSE = 2
_TYPE_LOGIN = 3
_HEADER = struct.Struct("<iii")


def encode_packet(request_id: int, packet_type: int, text: str) -> bytes:
    """Encode one packet the way vanilla's ``RconClient.send`` does.

    Lone surrogates (from a reply cut inside a surrogate pair) become ``?`` like Java's UTF-8 encoder.

    >>> encode_packet(7, 0, "hi")
    b'\\x0c\\x00\\x00\\x00\\x07\\x00\\x00\\x00\\x00\\x00\\x00\\x00hi\\x00\\x00'
    """
    body = text.encode("utf-8", errors="replace")
    return _HEADER.pack(len(body) + 10, request_id, packet_type) + body + b"\x00\x00"


def split_reply(text: str) -> list[str]:
    """Cut a reply every 4096 UTF-16 code units, as Java's ``String.substring`` does.

    A cut inside a surrogate pair leaves lone surrogates on both sides (encoded as ``?`` later).

    >>> [len(part) for part in split_reply("a" * 5000)]
    [4096, 904]
    >>> split_reply("")
    ['']
    """
    if len(text) <= REPLY_CHUNK and all(ord(ch) < 0x10000 for ch in text):
        return [text]
    units = text.encode("utf-16-le", errors="surrogatepass")
    step = REPLY_CHUNK * 2
    return [
        units[start : start + step].decode("utf-16-le", errors="surrogatepass")
        for start in range(0, max(len(units), 1), step)
    ]


def _unknown_type_text(packet_type: int) -> str:
    # Java's Integer.toHexString prints the two's-complement bits of a negative int.
    return f"Unknown request {packet_type & 0xFFFFFFFF:x}"


def _payload_text(buf: bytearray, length: int) -> str:
    """Vanilla ``PktUtils.stringFromByteArray(buf, 12, length)``: up to the first NUL or ``length - 1``."""
    last = length - 1
    end = min(12, last)
    while buf[end] != 0 and end < last:
        end += 1
    if end < 12:
        # Java throws StringIndexOutOfBoundsException here, which ends the connection.
        raise _ProtocolClose
    return bytes(buf[12:end]).decode("utf-8", errors="replace")


class _ProtocolClose(Exception):
    """Internal: vanilla would drop the connection at this point."""


class SharedConsole(Protocol):
    """Vanilla's ``RconConsoleSource`` as three steps (the executor implements them)."""

    def rcon_prepare(self) -> None:
        """Clear the shared output buffer (on the connection's thread)."""

    def rcon_execute(self, command: str) -> None:
        """Run the command on the server thread; its feedback is appended to the buffer."""

    def rcon_response(self) -> str:
        """The buffer's text now (on the connection's thread)."""


class MixShape(enum.Enum):
    """How another RCON client's command interleaves with ours (ARCHITECTURE §9)."""

    EMPTY = "empty"
    """The other connection reads our output, then clears the buffer for its next command: our reply is
    empty and the other's carries our output."""
    SWAP = "swap"
    """The other clears the buffer after our command ran and runs its own: both replies are its output
    (one output in both); ours is lost."""
    APPEND = "append"
    """The other's command runs between ours and our read: our reply is our output plus the other's."""


@dataclass
class _StagedMixUp:
    pattern: re.Pattern[str]
    shape: MixShape
    command: str
    times: int


@dataclass
class MixUpRecord:
    """One staged mix-up that happened: our command, its reply, and what the other client got."""

    command: str
    shape: MixShape
    reply: str
    other_command: str
    other_reply: str

    def as_dict(self) -> dict[str, Any]:
        """JSON form for the control API."""
        return {"command": self.command, "shape": self.shape.value, "reply": self.reply,
                "other_command": self.other_command, "other_reply": self.other_reply}  # fmt: skip


@dataclass
class MixUps:
    """Mix-ups staged by tests (``POST /rcon/mixups``) and those that happened; kept across restarts."""

    staged: list[_StagedMixUp] = field(default_factory=list)
    happened: list[MixUpRecord] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def stage(self, pattern: str, shape: MixShape | str, *, command: str = "list", times: int = 1) -> None:
        """Make the next ``times`` commands matching ``pattern`` (a regex, searched) collide with another
        RCON client's ``command`` in the given shape, as on a real server with a second RCON tool."""
        if times < 1:
            raise ValueError("times must be at least 1")
        try:
            compiled = re.compile(pattern)
        except re.error as exc:
            raise ValueError(f"not a regular expression: {exc}") from None
        staged = _StagedMixUp(compiled, MixShape(shape), command, times)
        with self.lock:
            self.staged.append(staged)

    def view(self) -> dict[str, Any]:
        """Staged mix-ups still waiting, and those that happened (``GET /rcon/mixups``)."""
        with self.lock:
            staged = [
                {"match": s.pattern.pattern, "shape": s.shape.value, "command": s.command, "times": s.times}
                for s in self.staged
            ]
            return {"staged": staged, "happened": [m.as_dict() for m in self.happened]}

    def take(self, command: str) -> _StagedMixUp | None:
        """The staged mix-up ``command`` triggers, if any (counted down)."""
        with self.lock:
            for stage in self.staged:
                if stage.pattern.search(command):
                    stage.times -= 1
                    if stage.times <= 0:
                        self.staged.remove(stage)
                    return stage
        return None

    def record(self, happened: MixUpRecord) -> None:
        """Remember a mix-up that happened."""
        with self.lock:
            self.happened.append(happened)


ConnectionHook = Callable[[str, str, str], None]
"""Called with (``started``/``shutting down``/``error``, client name, thread name) for vanilla's log lines."""


class RconServer:
    """A loopback RCON listener (RCON) that hands each authenticated command to ``run_command``.

    ``port=0`` picks a free port; read :attr:`port` after :meth:`start`.
    """

    def __init__(
        self,
        password: str,
        console: SharedConsole,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        on_connection: ConnectionHook | None = None,
        mixups: MixUps | None = None,
    ) -> None:
        self._password = password
        self._console = console
        self._mixups = mixups if mixups is not None else MixUps()
        self._host = host
        self._requested_port = port
        self._on_connection = on_connection
        self._listener: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._clients: set[socket.socket] = set()
        self._client_threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._running = False
        self._counter = 0
        self.port = 0
        self.connections_total = 0
        self.connections_dropped = 0
        self.packets_total = 0

    def start(self) -> None:
        """Bind and start accepting; raises ``OSError`` if the port is busy."""
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        # Java's ServerSocket sets SO_REUSEADDR: a restart rebinds while old connections sit in TIME_WAIT.
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind((self._host, self._requested_port))
            listener.listen(16)
        except OSError:
            listener.close()
            raise
        self._listener = listener
        self.port = listener.getsockname()[1]
        self._running = True
        self._thread = threading.Thread(target=self._accept_loop, name="RCON Listener #1", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Close the listener and every client connection, and wait for the listener thread."""
        self._running = False
        if self._listener is not None:
            with contextlib.suppress(OSError):
                self._listener.shutdown(socket.SHUT_RDWR)
            self._listener.close()
        with self._lock:
            clients = list(self._clients)
        for conn in clients:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        # Like GenericThread.stop: wait for each client thread, so its "shutting down" line comes first.
        for thread in self._client_threads:
            thread.join(timeout=5)
        self._client_threads.clear()
        self._listener = None

    def _command_reply(self, command: str) -> str:
        """Vanilla's ``runCommand`` for one connection: prepare, execute on the server thread, read back."""
        console = self._console
        console.rcon_prepare()
        console.rcon_execute(command)
        stage = self._mixups.take(command)
        if stage is not None:
            other = self._interleave(stage)
            reply = console.rcon_response()
            self._mixups.record(MixUpRecord(command, stage.shape, reply, stage.command, other))
            return reply
        # Between the execute above and this read another connection may clear the buffer or add
        # to it, as in vanilla (where this thread is woken after the server thread finished).
        return console.rcon_response()

    def _interleave(self, stage: _StagedMixUp) -> str:
        """The other client's steps between our execute and our read; returns the other's reply."""
        console = self._console
        if stage.shape is MixShape.EMPTY:
            other = console.rcon_response()  # the other client reads its (empty) command's reply: ours
            console.rcon_prepare()  # ... and prepares its next command
            return other
        if stage.shape is MixShape.SWAP:
            console.rcon_prepare()
        console.rcon_execute(stage.command)
        return console.rcon_response()

    @property
    def client_count(self) -> int:
        """Connections currently open."""
        with self._lock:
            return len(self._clients)

    def _accept_loop(self) -> None:
        listener = self._listener
        assert listener is not None
        while self._running:
            try:
                conn, addr = listener.accept()
            except OSError:
                break
            with self._lock:
                if not self._running:
                    conn.close()
                    break
                self._clients.add(conn)
                self._counter += 1
                number = self._counter + 1
                self.connections_total += 1
            name = f"RCON Client /{addr[0]} #{number}"
            if self._on_connection is not None:
                self._on_connection("started", f"RCON Client /{addr[0]}", "RCON Listener #1")
            thread = threading.Thread(target=self._serve, args=(conn, name, addr[0]), name=name, daemon=True)
            with self._lock:
                self._client_threads = [t for t in self._client_threads if t.is_alive()]
                self._client_threads.append(thread)
            thread.start()

    def _send(self, conn: socket.socket, request_id: int, packet_type: int, text: str) -> None:
        conn.sendall(encode_packet(request_id, packet_type, text))

    def _send_reply(self, conn: socket.socket, request_id: int, text: str) -> None:
        # One write per packet, like vanilla: a client must not assume one segment per reply.
        for part in split_reply(text):
            self._send(conn, request_id, _TYPE_RESPONSE, part)

    def _serve(self, conn: socket.socket, name: str, ip: str) -> None:
        buf = bytearray(READ_SIZE)
        view = memoryview(buf)
        authed = False
        try:
            while self._running:
                read = conn.recv_into(view, READ_SIZE)
                if read < 10:
                    break
                length, request_id, packet_type = _HEADER.unpack_from(buf, 0)
                if length != read - 4:
                    self.connections_dropped += 1
                    break
                self.packets_total += 1
                if packet_type == _TYPE_COMMAND:
                    if not authed:
                        self._send(conn, -1, _TYPE_AUTH_RESPONSE, "")
                        continue
                    command = _payload_text(buf, read)
                    try:
                        reply = self._command_reply(command)
                    except Exception as exc:  # vanilla turns any failure into this reply text
                        reply = f"Error executing: {command} ({exc})"
                    self._send_reply(conn, request_id, reply)
                elif packet_type == _TYPE_LOGIN:
                    given = _payload_text(buf, read)
                    if given and given == self._password:
                        authed = True
                        self._send(conn, request_id, _TYPE_AUTH_RESPONSE, "")
                    else:
                        authed = False
                        self._send(conn, -1, _TYPE_AUTH_RESPONSE, "")
                else:
                    self._send_reply(conn, request_id, _unknown_type_text(packet_type))
        except _ProtocolClose:
            if self._on_connection is not None:
                self._on_connection("error", f"RCON Client /{ip}", name)
        except OSError:
            pass
        finally:
            with self._lock:
                self._clients.discard(conn)
            with contextlib.suppress(OSError):
                conn.close()
            if self._on_connection is not None:
                self._on_connection("shutting down", f"RCON Client /{ip}", name)
