"""A deliberately raw RCON peer for protocol tests: sends exact bytes and reads exact packets."""

from __future__ import annotations

import socket
import struct
import time

HEADER = struct.Struct("<iii")


def packet(request_id: int, packet_type: int, payload: bytes) -> bytes:
    """One request as bytes."""
    body = struct.pack("<ii", request_id, packet_type) + payload + b"\x00\x00"
    return struct.pack("<i", len(body)) + body


class RawRcon:
    """A socket plus helpers to read whole packets."""

    def __init__(self, port: int, timeout: float = 5.0) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buf = b""

    def close(self) -> None:
        self.sock.close()

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _fill(self, n: int) -> bool:
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                return False
            self.buf += chunk
        return True

    def read_packet(self) -> tuple[int, int, bytes] | None:
        """(id, type, payload) or None when the server closed the connection."""
        if not self._fill(4):
            return None
        (length,) = struct.unpack_from("<i", self.buf)
        if not self._fill(4 + length):
            return None
        request_id, packet_type = struct.unpack_from("<ii", self.buf, 4)
        payload = self.buf[12 : 4 + length - 2]
        assert self.buf[4 + length - 2 : 4 + length] == b"\x00\x00"
        self.buf = self.buf[4 + length :]
        return request_id, packet_type, payload

    def login(self, password: str, request_id: int = 1) -> tuple[int, int, bytes] | None:
        self.send(packet(request_id, 3, password.encode()))
        return self.read_packet()

    def command(self, text: str, request_id: int = 2) -> str:
        """Send a command, then read the reply with the probe method (ARCHITECTURE §6.1)."""
        self.send(packet(request_id, 2, text.encode("utf-8")))
        first = self.read_packet()
        assert first is not None and first[0] == request_id
        parts = [first[2]]
        if len(first[2]) >= 4096:
            probe = request_id + 1_000_000
            self.send(packet(probe, 100, b""))
            while True:
                nxt = self.read_packet()
                assert nxt is not None
                if nxt[0] == probe:
                    assert nxt[2] == b"Unknown request 64"
                    break
                assert nxt[0] == request_id
                parts.append(nxt[2])
        return b"".join(parts).decode("utf-8")

    def closed_within(self, seconds: float) -> bool:
        """Whether the server closes the connection within ``seconds`` (reads until EOF)."""
        deadline = time.monotonic() + seconds
        self.sock.settimeout(0.1)
        while time.monotonic() < deadline:
            try:
                if self.sock.recv(65536) == b"":
                    return True
            except TimeoutError:
                continue
            except OSError:
                return True
        return False
