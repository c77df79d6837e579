"""``SimServer``: the simulated Minecraft server (模擬サーバー) as one object — RCON, log, world, control API.

One lock stands for vanilla's server thread: every command, from RCON or from a fake player, runs
under it one at a time (vanilla's ``executeBlocking``), after ``service_ms`` of simulated work.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from pathlib import Path
from typing import IO, Any, Self

from dfg_bridge.sim.errors import SimError
from dfg_bridge.sim.log import ServerFlavour, ServerLog
from dfg_bridge.sim.races import Races
from dfg_bridge.sim.rcon import MixUps, RconServer

__all__ = ["SimOptions", "SimServer"]


@dataclasses.dataclass(frozen=True)
class SimOptions:
    """How to run a simulated server (the CLI flags, as a value)."""

    version: str = "1.21.6"
    """Minecraft version imitated (1.20.5–26.1.x); selects the command tree and text format."""
    flavor: ServerFlavour = ServerFlavour.PAPER
    """Vanilla or Paper log lines and command logging."""
    directory: Path = Path()
    """Server directory; ``logs/`` is created in it."""
    rcon_port: int = 0
    """RCON port on 127.0.0.1; 0 picks a free one."""
    rcon_password: str = "dfg-sim"
    """``rcon.password``; an empty one disables RCON like vanilla."""
    control_port: int = 0
    """HTTP control API port on 127.0.0.1; 0 picks a free one; -1 disables the API."""
    service_ms: float = 0.5
    """Simulated main-thread time spent per command."""
    broadcast_rcon_to_ops: bool = True
    """``broadcast-rcon-to-ops``: log ``[Rcon: …]`` echoes of RCON command feedback."""
    online_mode: bool = True
    """``online-mode``: logins are authenticated and log ``UUID of player … is …``; offline, no such line."""
    console: IO[str] | None = None
    """Stream that receives console lines (the CLI passes stdout); None for none."""
    host: str = "127.0.0.1"
    """Interface to bind; loopback by design."""

    def __post_init__(self) -> None:
        if isinstance(self.flavor, str):  # accept "paper" from callers that pass strings
            object.__setattr__(self, "flavor", ServerFlavour(self.flavor))
        object.__setattr__(self, "directory", Path(self.directory))
        if self.service_ms < 0:
            raise SimError("service_ms must be >= 0", code="bad_option")


class SimServer:
    """A running simulated server. Use as a context manager or call :meth:`start`/:meth:`stop`.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d, SimServer(SimOptions(directory=Path(d))) as srv:
    ...     srv.rcon_port > 0 and srv.log_path.name
    'latest.log'
    """

    def __init__(self, options: SimOptions) -> None:
        from dfg_bridge.sim.commands import Executor
        from dfg_bridge.sim.world import World

        self.options = options
        self.log = ServerLog(options.directory, options.flavor, console=options.console)
        self.world = World(options.version)
        self.executor = Executor(self.world, self.log, options)
        self.races = Races()
        """Staged races and chaos (``/races``, ``/chaos``): player actions just before matching commands."""
        self.executor.hook = self.races
        self.server_thread = self.executor.lock
        self.executor.on_stop = self._stop_soon
        self._rcon: RconServer | None = None
        self._control: Any = None
        self._rcon_port = options.rcon_port
        self._running = False
        self._started_at = 0.0
        self.restarts = 0
        self.mixups = MixUps()
        """RCON mix-ups with another client, staged by tests (they survive a restart)."""

    # -- lifecycle ---------------------------------------------------------------------------------------

    def start(self) -> None:
        """Open the log, print the startup lines, and bind RCON and the control API."""
        if self._running:
            return
        self._boot()
        if self.options.control_port >= 0 and self._control is None:
            from dfg_bridge.sim.control_server import ControlServer

            try:
                self._control = ControlServer(self, self.options.host, self.options.control_port)
                self._control.start()
            except OSError:
                self._control = None
                self._shutdown(reason="Server closed")
                raise

    def stop(self) -> None:
        """Log ``Stopping server``, disconnect everyone, close RCON, the log and the control API."""
        if self._running:
            self._shutdown(reason="Server closed")
        if self._control is not None:
            self._control.stop()
            self._control = None

    def restart(self, *, downtime_s: float = 0.0, rejoin: bool = False) -> None:
        """Stop and start again keeping the world: RCON drops, ``latest.log`` is rotated to ``.log.gz``."""
        online = [p.name for p in self.world.online_players()]
        if self._running:
            self._shutdown(reason="Server closed")
        if downtime_s > 0:
            time.sleep(downtime_s)
        self.restarts += 1
        self._boot()
        if rejoin:
            from dfg_bridge.sim import actions

            with self.executor.lock:
                for name in online:
                    actions.join(self.executor, name)

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def running(self) -> bool:
        """True between start and stop (False while a restart is in progress)."""
        return self._running

    @property
    def rcon_port(self) -> int:
        """The bound RCON port (stable across restarts)."""
        return self._rcon_port

    @property
    def control_port(self) -> int:
        """The bound control API port, or -1 when disabled."""
        return self._control.port if self._control is not None else -1

    @property
    def log_path(self) -> Path:
        """``<dir>/logs/latest.log``."""
        return self.log.path

    def run_command(self, command: str) -> str:
        """Run a console command as RCON does and return its reply text.

        The reply is the command's own feedback: RCON connections sharing the console buffer (ARCHITECTURE
        §9) cannot mix into it, so a test may call this while a daemon talks to the server.
        """
        return self.executor.run_console(command)

    # -- internals ---------------------------------------------------------------------------------------

    def _boot(self) -> None:
        started = time.monotonic()
        self.log.open()
        version = self.options.version
        self.log.info(f"Starting minecraft server version {version}")
        if self.options.flavor is ServerFlavour.PAPER:
            self.log.info(
                f"This server is running Paper version {version}-DEV-dfg-sim (MC: {version}) "
                f"(Implementing API version {version}-R0.1-SNAPSHOT)"
            )
        self.log.info("Loading properties")
        self.log.info("Default game type: SURVIVAL")
        self.log.info('Preparing level "world"')
        elapsed = time.monotonic() - started
        self.log.info(f'Done ({elapsed:.3f}s)! For help, type "help"')
        with self.server_thread:
            self.world.reset_transient()
        if self.options.rcon_password:
            self.log.info("Starting remote control listener")
            rcon = RconServer(
                self.options.rcon_password,
                self.executor,
                host=self.options.host,
                port=self._rcon_port,
                on_connection=self._rcon_connection,
                mixups=self.mixups,
            )
            try:
                rcon.start()
            except OSError:
                self.log.close()
                raise
            self._rcon = rcon
            self._rcon_port = rcon.port
            self.log.info("Thread RCON Listener started")
            self.log.info(f"RCON running on {self.options.host}:{rcon.port}")
        else:
            self.log.info("No rcon password set in server.properties, rcon disabled!")
        self._started_at = time.monotonic()
        self._running = True

    def _shutdown(self, *, reason: str) -> None:
        self._running = False
        self.log.info("Stopping server")
        if self._rcon is not None:
            self._rcon.stop()
            self._rcon = None
        self.log.info("Saving players")
        from dfg_bridge.sim import actions

        with self.executor.lock:
            for player in list(self.world.online_players()):
                actions.leave(self.executor, player.name, reason=reason)
        self.log.info("Saving worlds")
        self.log.close()

    def _stop_soon(self) -> None:
        # /stop runs on the server thread inside an RCON request: halt from another thread so the reply
        # still goes out first, as vanilla's halt(false) lets the current tick finish.
        threading.Thread(target=self._halt, name="Server Shutdown Thread", daemon=True).start()

    def _halt(self) -> None:
        time.sleep(0.05)
        if self._running:
            self._shutdown(reason="Server closed")

    @property
    def service_ms(self) -> float:
        """Per-command service time; set it while running to simulate a lagging server."""
        return self.executor.service_ms

    @service_ms.setter
    def service_ms(self, value: float) -> None:
        self.executor.service_ms = value

    def _rcon_connection(self, event: str, client: str, thread: str) -> None:
        if event == "error":
            # What vanilla logs when PktUtils.stringFromByteArray throws on a 10-12 byte request.
            self.log.write("Exception whilst parsing RCON input", thread=thread, level="ERROR")
            self.log.write(
                "java.lang.StringIndexOutOfBoundsException: length -1", thread=thread, level="ERROR"
            )
            return
        self.log.info(f"Thread {client} {event}", thread=thread)

    def stats(self) -> dict[str, Any]:
        """Counters for ``GET /stats``: commands, world sizes, RCON traffic, uptime."""
        with self.executor.lock:
            out = self.executor.stats()
        rcon = self._rcon
        out.update(
            {
                "running": self._running,
                "restarts": self.restarts,
                "uptime_s": round(time.monotonic() - self._started_at, 3) if self._running else 0.0,
                "rcon_connections_open": rcon.client_count if rcon is not None else 0,
                "rcon_connections_total": rcon.connections_total if rcon is not None else 0,
                "rcon_connections_dropped": rcon.connections_dropped if rcon is not None else 0,
                "rcon_packets": rcon.packets_total if rcon is not None else 0,
                "control_requests": self._control.requests if self._control is not None else 0,
                "control_errors": self._control.errors if self._control is not None else 0,
                "version": self.options.version,
                "flavor": self.options.flavor.value,
            }
        )
        return out
