"""``dfg-bridge sim`` / ``python -m dfg_bridge.sim``: run the simulated server in the foreground.

``--rcon-port 0`` / ``--control-port 0`` pick free ports; the chosen ports are printed on startup.
Unknown flags, bad values or a busy port print one line to stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from dfg_bridge.sim.errors import SimError
from dfg_bridge.sim.log import ServerFlavour
from dfg_bridge.sim.server import SimOptions, SimServer

__all__ = ["main"]


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="dfg-bridge sim", description="Run the simulated Minecraft server.")
    p.add_argument("--version", default="1.21.6", help="Minecraft version to imitate (1.20.5-26.1.x)")
    p.add_argument(
        "--flavor", choices=[f.value for f in ServerFlavour], default="paper", help="log and command flavour"
    )
    p.add_argument("--rcon-port", type=int, default=25575, help="RCON port on 127.0.0.1 (0 = any free port)")
    p.add_argument("--rcon-password", default="dfg-sim", help="RCON password (empty disables RCON)")
    p.add_argument("--control-port", type=int, default=0, help="control API port (0 = any free port)")
    p.add_argument("--dir", default=".", help="server directory; logs/ is created in it")
    p.add_argument("--service-ms", type=float, default=0.5, help="simulated main-thread time per command")
    p.add_argument("--no-broadcast-rcon", action="store_true", help="broadcast-rcon-to-ops=false")
    p.add_argument("--offline", action="store_true", help="online-mode=false: no UUID lines at login")
    p.add_argument("--quiet", action="store_true", help="do not echo console lines to stdout")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run until SIGINT/SIGTERM or ``POST /server/stop``; returns the exit status."""
    try:
        args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
        for name in ("rcon_port", "control_port"):
            port = getattr(args, name)
            if not 0 <= port <= 65535:
                raise _UsageError(f"--{name.replace('_', '-')} must be 0-65535")
        options = SimOptions(
            version=args.version,
            flavor=ServerFlavour(args.flavor),
            directory=Path(args.dir),
            rcon_port=args.rcon_port,
            rcon_password=args.rcon_password,
            control_port=args.control_port,
            service_ms=args.service_ms,
            broadcast_rcon_to_ops=not args.no_broadcast_rcon,
            online_mode=not args.offline,
            console=None if args.quiet else sys.stdout,
        )
        server = SimServer(options)
    except (_UsageError, SimError) as exc:
        print(f"dfg-bridge sim: {exc}", file=sys.stderr)
        return 2
    try:
        server.start()
    except OSError as exc:
        print(f"dfg-bridge sim: cannot bind a port: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(
        f"dfg-bridge sim: rcon 127.0.0.1:{server.rcon_port} control 127.0.0.1:{server.control_port} "
        f"log {server.log_path}",
        flush=True,
    )
    stopped = threading.Event()

    def on_signal(signum: int, frame: object) -> None:
        stopped.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        while not stopped.wait(0.2):
            if not server.running and server.control_port < 0:
                break
    finally:
        server.stop()
    return 0
