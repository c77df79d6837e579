"""The daemon's HTTP endpoint (``--metrics-port``): ``/metrics`` and ``/healthz`` (死活監視).

* ``GET /metrics`` — the text exposition of :class:`~dfg_bridge.app.metrics.DaemonMetrics`.
* ``GET /healthz`` — ``200`` with a JSON body when the daemon works, ``503`` otherwise. "Works" means:
  the main loop answered within ``max_loop_age`` seconds, the RCON link is up, and every event source
  thread is alive. The body names each check, so ``curl`` shows what is wrong.

``python -m dfg_bridge.app.health [--url URL]`` fetches ``/healthz`` and exits 0 (healthy) or 1: the
Docker image's ``HEALTHCHECK`` runs it, because the slim image has no ``curl``.

Wiring (in ``dfg-bridge run``)::

    add_arguments(parser)                       # --metrics-port, --metrics-host
    endpoint = start_from_args(args, daemon)    # None without --metrics-port
    ...
    if endpoint is not None:
        endpoint.close()
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from dfg_bridge.app.metrics import CONTENT_TYPE, DaemonMetrics

log = logging.getLogger("dfg_bridge.health")

DEFAULT_PORT = 9108
"""Suggested ``--metrics-port`` (the Docker image uses it)."""
SAMPLE_INTERVAL = 1.0
"""Seconds between host samples on the owner thread."""
MAX_LOOP_AGE = 15.0
"""``/healthz`` fails when the main loop has not answered for this long."""


@dataclass(frozen=True, slots=True)
class Check:
    """One health check: its name, whether it passed, and what was seen."""

    name: str
    ok: bool
    detail: str


@dataclass(frozen=True, slots=True)
class Health:
    """The ``/healthz`` verdict."""

    checks: tuple[Check, ...]

    @property
    def ok(self) -> bool:
        """True when every check passed."""
        return all(c.ok for c in self.checks)

    def body(self) -> str:
        """The JSON body: ``{"status": "ok"|"fail", "checks": {name: {"ok": …, "detail": …}}}``."""
        checks = {c.name: {"ok": c.ok, "detail": c.detail} for c in self.checks}
        return json.dumps({"status": "ok" if self.ok else "fail", "checks": checks}, ensure_ascii=False)


def health_of(metrics: DaemonMetrics, *, max_loop_age: float = MAX_LOOP_AGE) -> Health:
    """Judge the daemon from its metrics and sources.

    >>> health_of(DaemonMetrics()).ok
    False
    """
    age = metrics.loop_age()
    if age is None:
        loop = Check("loop", False, "the main loop has not answered yet (starting?)")
    else:
        loop = Check("loop", age <= max_loop_age, f"answered {age:.1f} s ago")
    if metrics.rcon is None:
        rcon = Check("rcon", False, "no RCON client")
    else:
        rcon = Check("rcon", metrics.rcon_up(), "up" if metrics.rcon_up() else "down")
    dead = [str(getattr(s, "name", s)) for s in metrics.sources if not getattr(s, "running", True)]
    sources = Check(
        "sources",
        not dead,
        f"stopped: {', '.join(dead)}" if dead else f"{len(metrics.sources)} running",
    )
    return Health((loop, rcon, sources))


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path == "/metrics":
            self._send(200, CONTENT_TYPE, self.server.metrics.exposition())
        elif path in ("/healthz", "/health"):
            verdict = health_of(self.server.metrics, max_loop_age=self.server.max_loop_age)
            self._send(200 if verdict.ok else 503, "application/json", verdict.body() + "\n")
        elif path == "/":
            self._send(200, "text/plain; charset=utf-8", "dfg-bridge: /metrics /healthz\n")
        else:
            self._send(404, "text/plain; charset=utf-8", "not found\n")

    def _send(self, status: int, content_type: str, body: str) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        # Scrapes every few seconds would flood journald; keep them at DEBUG.
        log.debug("%s %s", self.address_string(), format % args)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], metrics: DaemonMetrics, max_loop_age: float) -> None:
        self.metrics = metrics
        self.max_loop_age = max_loop_age
        super().__init__(address, _Handler)


class Endpoint:
    """The running HTTP endpoint; :meth:`close` stops it (and the host sampler, if any)."""

    def __init__(
        self,
        metrics: DaemonMetrics,
        *,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        max_loop_age: float = MAX_LOOP_AGE,
    ) -> None:
        self.metrics = metrics
        self._server = _Server((host, port), metrics, max_loop_age)
        self._thread = threading.Thread(target=self._server.serve_forever, name="dfg metrics", daemon=True)
        self._thread.start()
        self._cancel: list[Callable[[], None]] = []

    @property
    def port(self) -> int:
        """The bound port (useful with port 0)."""
        return int(self._server.server_address[1])

    def on_close(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` when the endpoint closes."""
        self._cancel.append(fn)

    def close(self) -> None:
        """Stop serving and release the port."""
        for fn in self._cancel:
            fn()
        self._cancel.clear()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5.0)


def instrument(
    daemon: Any, metrics: DaemonMetrics, *, interval: float = SAMPLE_INTERVAL
) -> Callable[[], None]:
    """Connect ``metrics`` to a wired :class:`~dfg_bridge.app.run.Daemon`; returns an undo function.

    Reads the RCON client's stats and the sources' counters at scrape time, samples the host every
    ``interval`` seconds on its owner thread, and counts refused player commands.
    """
    host = daemon.host
    metrics.rcon = daemon.rcon
    metrics.replies = getattr(daemon, "guard", None)
    metrics.sources = list(daemon.sources)
    metrics.commands = getattr(host, "purposes", None)

    def sample() -> None:
        metrics.sample_host(host)

    job = daemon.scheduler.every(interval, lambda: host.call("dfg-metrics-sample", sample))
    host.call("dfg-metrics-sample", sample)
    _count_rejections(host, metrics)
    return job.cancel  # type: ignore[no-any-return]


def _count_rejections(host: Any, metrics: DaemonMetrics) -> None:
    # The host's hook: called on the owner thread with (player, machine code) for every refusal.
    host.on_rejected = lambda _player, code: metrics.command_rejected(str(code))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--metrics-port`` and ``--metrics-host`` to a ``dfg-bridge run`` parser."""
    parser.add_argument(
        "--metrics-port",
        type=int,
        default=None,
        help=f"serve /metrics and /healthz on this port (e.g. {DEFAULT_PORT}; default: off)",
    )
    parser.add_argument(
        "--metrics-host",
        default="127.0.0.1",
        help="address to bind the metrics port (0.0.0.0 to let Prometheus in from outside)",
    )


def start_from_args(args: argparse.Namespace, daemon: Any) -> Endpoint | None:
    """Start the endpoint if ``--metrics-port`` was given; instrument ``daemon`` either way it runs."""
    port = getattr(args, "metrics_port", None)
    if port is None:
        return None
    metrics = DaemonMetrics()
    endpoint = Endpoint(metrics, host=args.metrics_host, port=port)
    endpoint.on_close(instrument(daemon, metrics))
    log.info("metrics on http://%s:%d/metrics, health on /healthz", args.metrics_host, endpoint.port)
    return endpoint


# --- the probe (Docker HEALTHCHECK) -------------------------------------------------------------------


def probe(url: str, *, timeout: float = 3.0) -> tuple[bool, str]:
    """Fetch ``url`` (a ``/healthz``); (healthy, body or error)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status == 200, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return False, exc.read().decode("utf-8", "replace")
    except (urllib.error.URLError, OSError) as exc:
        return False, f"cannot reach {url}: {getattr(exc, 'reason', exc)}"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m dfg_bridge.app.health [--url URL] [--timeout S]``: exit 0 when healthy, 1 otherwise."""
    parser = argparse.ArgumentParser(prog="python -m dfg_bridge.app.health", description="Probe /healthz.")
    parser.add_argument("--url", default=f"http://127.0.0.1:{DEFAULT_PORT}/healthz", help="the /healthz URL")
    parser.add_argument("--timeout", type=float, default=3.0, help="seconds to wait")
    args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    ok, body = probe(args.url, timeout=args.timeout)
    print(body.strip())
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = [
    "DEFAULT_PORT",
    "Check",
    "Endpoint",
    "Health",
    "add_arguments",
    "health_of",
    "instrument",
    "main",
    "probe",
    "start_from_args",
]
