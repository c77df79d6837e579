"""A tiny RCON peer that misbehaves on purpose, for failures the faithful sim never produces.

It logs in any password, then hands each request to ``behaviour(conn, request_id, payload)``.
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from collections.abc import Callable

Behaviour = Callable[[socket.socket, int, bytes], None]

HEADER = struct.Struct("<iii")


def packet(request_id: int, kind: int, payload: bytes = b"") -> bytes:
    """One framed packet."""
    return HEADER.pack(len(payload) + 10, request_id, kind) + payload + b"\x00\x00"


def read_packet(conn: socket.socket) -> tuple[int, int, bytes] | None:
    """Read one whole packet (None on EOF)."""
    head = b""
    while len(head) < 4:
        chunk = conn.recv(4 - len(head))
        if not chunk:
            return None
        head += chunk
    (length,) = struct.unpack("<i", head)
    body = b""
    while len(body) < length:
        chunk = conn.recv(length - len(body))
        if not chunk:
            return None
        body += chunk
    request_id, kind = struct.unpack_from("<ii", body)
    return request_id, kind, body[8:-2]


class MisbehavingServer:
    """Accepts connections on 127.0.0.1 and serves each with ``behaviour`` after a normal login."""

    def __init__(self, behaviour: Behaviour, *, login: bool = True, port: int = 0) -> None:
        self.behaviour = behaviour
        self.login = login
        self.listener = socket.create_server(("127.0.0.1", port))
        self.port: int = self.listener.getsockname()[1]
        self.connections: list[socket.socket] = []
        self.requests: list[bytes] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.connections.append(conn)
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        with contextlib.suppress(OSError):
            if self.login:
                first = read_packet(conn)
                if first is None:
                    return
                conn.sendall(packet(first[0], 2))
            while (request := read_packet(conn)) is not None:
                self.requests.append(request[2])
                self.behaviour(conn, request[0], request[2])

    def close(self) -> None:
        """Stop accepting and close every connection."""
        self._stop.set()
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() so the port really closes
        with contextlib.suppress(OSError):
            self.listener.close()
        for conn in self.connections:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                conn.close()
