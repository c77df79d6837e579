"""One logged-in RCON session over one TCP connection; thrown away at the first error.

The reconnecting policy lives in :mod:`dfg_bridge.rcon.client`; this module only speaks the wire
protocol (framing, ids, the probe method) with socket timeouts.
"""

from __future__ import annotations

import contextlib
import select
import socket
import time

from dfg_bridge.rcon import _packet
from dfg_bridge.rcon.errors import RconError, RconErrorCode

_MAX_ID = 0x7FFFFFFF

_QUICKACK: int | None = getattr(socket, "TCP_QUICKACK", None)
"""Linux only. The server writes each reply chunk separately with Nagle on (Java's default), so after
the first chunk it holds the next write until we ACK; our kernel's delayed ACK would add ~40 ms to
every multi-packet reply. Asking for immediate ACKs while collecting chunks removes that stall."""


class Connection:
    """A connected, authenticated session. Not thread-safe: the client serialises access."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._poller = select.poll()
        self._poller.register(sock, select.POLLIN)
        self._rbuf = bytearray()
        self._next_id = 0
        self._quickack = False
        self.sent = 0
        """Bytes written so far."""
        self.received = 0
        """Bytes read so far."""

    @classmethod
    def open(cls, host: str, port: int, password: bytes, timeout: float) -> Connection:
        """Connect and log in within ``timeout`` seconds, or raise :class:`RconError`."""
        if len(password) > _packet.MAX_REQUEST_PAYLOAD:
            raise RconError(RconErrorCode.TOO_LONG, "the RCON password is over 1446 UTF-8 bytes")
        deadline = time.perf_counter() + timeout
        try:
            sock = socket.create_connection((host, port), timeout=timeout)
        except TimeoutError:
            raise RconError(RconErrorCode.TIMEOUT, f"connect to {host}:{port} timed out") from None
        except OSError as exc:
            raise RconError(
                RconErrorCode.DISCONNECTED, f"cannot connect to {host}:{port}: {exc.strerror or exc}"
            ) from None
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        conn = cls(sock)
        try:
            conn._login(password, deadline, f"{host}:{port}")
        except BaseException:
            conn.close()
            raise
        return conn

    def _login(self, password: bytes, deadline: float, where: str) -> None:
        login_id = self._new_id()
        self._send(_packet.encode(login_id, _packet.TYPE_LOGIN, password), deadline)
        while True:
            reply_id, kind, _ = self._recv_packet(deadline)
            if reply_id == -1:
                raise RconError(RconErrorCode.AUTH_FAILED, f"RCON {where} rejected the password")
            if reply_id == login_id and kind == _packet.TYPE_AUTH_RESPONSE:
                return
            if reply_id == login_id and kind == _packet.TYPE_RESPONSE:
                continue  # Source-engine servers send an empty response before the auth reply
            raise RconError(RconErrorCode.PROTOCOL, f"unexpected login reply (id {reply_id}, type {kind})")

    def close(self) -> None:
        """Close the socket (idempotent)."""
        with contextlib.suppress(OSError):
            self._sock.close()
        self._rbuf.clear()

    def idle_problem(self) -> RconError | None:
        """Between commands nothing may be readable; EOF means the server hung up. No blocking."""
        if self._rbuf:
            return RconError(RconErrorCode.PROTOCOL, "unsolicited data from the server")
        if not self._poller.poll(0):
            return None
        try:
            chunk = self._sock.recv(65536, socket.MSG_DONTWAIT)
        except BlockingIOError:
            return None
        except OSError as exc:
            return RconError(RconErrorCode.DISCONNECTED, f"connection lost: {exc.strerror or exc}")
        if not chunk:
            return RconError(RconErrorCode.DISCONNECTED, "server closed the connection")
        return RconError(RconErrorCode.PROTOCOL, "unsolicited data from the server")

    def exchange(self, payload: bytes, timeout: float) -> tuple[str, int]:
        """Send one command and read its whole reply; returns (text, probes used)."""
        deadline = time.perf_counter() + timeout
        request_id = self._new_id()
        self._send(_packet.encode(request_id, _packet.TYPE_COMMAND, payload), deadline)
        body = self._recv_reply(request_id, None, deadline)
        assert body is not None
        if len(body) < _packet.SPLIT_THRESHOLD:
            return body.decode("utf-8", errors="replace"), 0
        # Possibly split: the server has already queued every chunk, so the probe cannot share a read
        # with our command, and its answer marks the end of the reply.
        parts = [body]
        probe_id = self._new_id()
        self._send(_packet.encode(probe_id, _packet.TYPE_PROBE, b""), deadline)
        self._quickack = True
        try:
            while (chunk := self._recv_reply(request_id, probe_id, deadline)) is not None:
                parts.append(chunk)
        finally:
            self._quickack = False
        return b"".join(parts).decode("utf-8", errors="replace"), 1

    def _new_id(self) -> int:
        self._next_id = self._next_id % _MAX_ID + 1
        return self._next_id

    def _recv_reply(self, request_id: int, probe_id: int | None, deadline: float) -> bytes | None:
        """The next reply packet's payload for ``request_id``; None when the probe's answer arrives."""
        reply_id, kind, body = self._recv_packet(deadline)
        if reply_id == request_id and kind == _packet.TYPE_RESPONSE:
            return body
        if probe_id is not None and reply_id == probe_id and kind == _packet.TYPE_RESPONSE:
            return None
        raise RconError(
            RconErrorCode.PROTOCOL, f"reply id {reply_id} type {kind} does not answer request {request_id}"
        )

    def _send(self, data: bytes, deadline: float) -> None:
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            raise RconError(RconErrorCode.TIMEOUT, "no time left to send")
        self._sock.settimeout(remaining)
        try:
            self._sock.sendall(data)
        except TimeoutError:
            raise RconError(RconErrorCode.TIMEOUT, "send timed out") from None
        except OSError as exc:
            raise RconError(
                RconErrorCode.DISCONNECTED, f"connection lost while sending: {exc.strerror or exc}"
            ) from None
        self.sent += len(data)

    def _recv_packet(self, deadline: float) -> tuple[int, int, bytes]:
        self._fill(4, deadline)
        (length,) = _packet.LENGTH.unpack_from(self._rbuf, 0)
        if not _packet.MIN_PACKET_LENGTH <= length <= _packet.MAX_PACKET_LENGTH:
            raise RconError(RconErrorCode.PROTOCOL, f"bad packet length {length}")
        self._fill(4 + length, deadline)
        _, reply_id, kind = _packet.HEADER.unpack_from(self._rbuf, 0)
        body = bytes(self._rbuf[12 : 4 + length - 2])
        del self._rbuf[: 4 + length]
        return reply_id, kind, body

    def _fill(self, need: int, deadline: float) -> None:
        sock = self._sock
        while len(self._rbuf) < need:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise RconError(RconErrorCode.TIMEOUT, "no complete reply in time")
            sock.settimeout(remaining)
            if self._quickack and _QUICKACK is not None:
                # the kernel clears this flag by itself, so it is set again before every read
                sock.setsockopt(socket.IPPROTO_TCP, _QUICKACK, 1)
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                raise RconError(RconErrorCode.TIMEOUT, "no complete reply in time") from None
            except OSError as exc:
                message = f"connection lost: {exc.strerror or exc}"
                raise RconError(RconErrorCode.DISCONNECTED, message) from None
            if not chunk:
                raise RconError(RconErrorCode.DISCONNECTED, "server closed the connection")
            self.received += len(chunk)
            self._rbuf += chunk
