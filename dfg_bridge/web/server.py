"""The spectator web server (観戦サーバー): stdlib HTTP on its own threads, reading only the board.

Routes:

=====================  ==========================================================================
``/``                  the page: a list of the tables
``/tables/<id>``       the page: one table, live
``/static/<file>``     the page's script and style sheet
``/api/tables``        JSON: every table (``{"tables": [...], "delay": s, "hands": bool}``)
``/api/tables/<id>``   JSON: one table (the same object as in the list), for overlays
``/api/events``        server-sent events: ``event: table`` with one table's JSON on every change
                       (``?table=<id>`` for one table); ``: ping`` comments keep it open
=====================  ==========================================================================

The server never touches the host: it reads the :class:`~dfg_bridge.web.board.Board`, to which the
host's thread publishes frozen views. It binds to loopback unless told otherwise.
"""

from __future__ import annotations

import logging
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

from dfg_bridge.web.board import Board
from dfg_bridge.web.payload import encode, table_json

log = logging.getLogger("dfg_bridge.web")

KEEPALIVE = 15.0
"""Seconds between ``: ping`` comments on an idle event stream."""
MAX_STREAMS = 64
"""Event streams served at once; more are answered ``503`` (each holds a thread)."""

_STATIC = {
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}
_SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'; "
    "form-action 'none'",
}


def _asset(name: str) -> bytes:
    return resources.files("dfg_bridge.web").joinpath("static", name).read_bytes()


class WebServer:
    """Serves the board at ``http://host:port``; :meth:`start` it, :meth:`close` it."""

    def __init__(
        self, board: Board, *, host: str = "127.0.0.1", port: int = 0, hands: bool = False,
        keepalive: float = KEEPALIVE, max_streams: int = MAX_STREAMS,
    ) -> None:  # fmt: skip
        self.board = board
        self.hands = hands
        """Whether hands are shown (broadcast mode); the board's delay applies to everything."""
        self.keepalive = keepalive
        self.streams = threading.BoundedSemaphore(max_streams)
        self.stopping = threading.Event()
        handler = type("_BoundHandler", (_Handler,), {"web": self})
        self._httpd = ThreadingHTTPServer((host, port), handler)
        self._httpd.daemon_threads = True
        self.host = host
        self.port: int = self._httpd.server_address[1]
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The page's address."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def start(self) -> None:
        """Serve in a background thread."""
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.2}, name="dfg-web", daemon=True
        )
        self._thread.start()
        log.info("spectator page on %s", self.url)

    def close(self) -> None:
        """Stop serving; open event streams end."""
        self.stopping.set()
        self.board.close()
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    # ---- what the routes answer -----------------------------------------------------------------
    def tables(self) -> list[dict[str, Any]]:
        """Every visible table's JSON, in the order the tables first published."""
        visible = self.board.visible()
        return [table_json(visible[t], hands=self.hands) for t in self.board.table_ids() if t in visible]

    def summary(self) -> dict[str, Any]:
        """``/api/tables``."""
        return {"tables": self.tables(), "delay": self.board.delay, "hands": self.hands}


class _Handler(BaseHTTPRequestHandler):
    web: WebServer
    protocol_version = "HTTP/1.1"
    server_version = "dfg-bridge-web"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: access lines go to DEBUG."""
        log.debug("%s %s", self.address_string(), format % args)

    def do_HEAD(self) -> None:
        """Like GET, without a body."""
        self._get(body=False)

    def do_GET(self) -> None:
        """Dispatch a GET."""
        self._get(body=True)

    def _get(self, *, body: bool) -> None:
        url = urllib.parse.urlsplit(self.path)
        parts = [urllib.parse.unquote(p) for p in url.path.split("/") if p]
        query = urllib.parse.parse_qs(url.query)
        try:
            if not parts or (len(parts) == 2 and parts[0] == "tables"):
                self._send(200, "text/html; charset=utf-8", _asset("index.html"), body=body)
            elif len(parts) == 2 and parts[0] == "static" and parts[1] in _STATIC:
                self._send(200, _STATIC[parts[1]], _asset(parts[1]), body=body)
            elif parts == ["api", "tables"]:
                self._json(200, self.web.summary(), body=body)
            elif len(parts) == 3 and parts[:2] == ["api", "tables"]:
                found = [t for t in self.web.tables() if t["id"] == parts[2]]
                if found:
                    self._json(200, found[0], body=body)
                else:
                    missing = {"error": "no such table (or not visible yet)", "code": "no_table"}
                    self._json(404, missing, body=body)
            elif parts == ["api", "events"] and body:
                self._events(query.get("table", [None])[0])
            else:
                self._json(404, {"error": "not found", "code": "not_found"}, body=body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser went away

    def _send(self, status: int, kind: str, data: bytes, *, body: bool, api: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for name, value in _SECURITY.items():
            self.send_header(name, value)
        if api:
            # Overlays (a streaming tool's browser source) may live on another origin; the data is public.
            self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _json(self, status: int, payload: object, *, body: bool) -> None:
        self._send(status, "application/json; charset=utf-8", encode(payload), body=body, api=True)

    def _events(self, only: str | None) -> None:
        web = self.web
        if not web.streams.acquire(blocking=False):
            self._json(503, {"error": "too many open event streams", "code": "busy"}, body=True)
            return
        try:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Connection", "close")
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("X-Accel-Buffering", "no")  # behind nginx: do not buffer the stream
            for name, value in _SECURITY.items():
                self.send_header(name, value)
            self.end_headers()
            self.close_connection = True
            self._stream(only)
        finally:
            web.streams.release()

    def _stream(self, only: str | None) -> None:
        web, board = self.web, self.web.board
        self.wfile.write(b"retry: 1000\n\n")
        self.wfile.flush()
        sent: dict[str, int] = {}
        seen = -1
        quiet_since = time.monotonic()
        while not web.stopping.is_set() and not board.closed:
            visible = board.visible()
            for table in board.table_ids():
                release = visible.get(table)
                if release is None or (only is not None and table != only) or sent.get(table) == release.seq:
                    continue
                sent[table] = release.seq
                data = encode(table_json(release, hands=web.hands))
                self.wfile.write(b"event: table\ndata: " + data + b"\n\n")
                quiet_since = time.monotonic()
            if time.monotonic() - quiet_since >= web.keepalive:
                self.wfile.write(b": ping\n\n")
                quiet_since = time.monotonic()
            self.wfile.flush()
            timeout = web.keepalive
            upcoming = board.next_release()
            if upcoming is not None:
                timeout = min(timeout, upcoming + 0.01)
            seen = board.wait(seen, timeout)


def start_web(board: Board, *, host: str, port: int, hands: bool) -> WebServer:
    """Start a server on ``host:port`` (``OSError`` if the port is taken)."""
    server = WebServer(board, host=host, port=port, hands=hands)
    server.start()
    return server


__all__ = ["KEEPALIVE", "MAX_STREAMS", "WebServer", "start_web"]
