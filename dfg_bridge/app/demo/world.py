"""The demo's world (デモの舞台): a simulated Paper server, one table at the origin, the real daemon.

:class:`DemoWorld` starts them in this process (a temporary folder holds the server and the data)
and stops them on exit, giving every item back as a real shutdown does.
"""

from __future__ import annotations

import random
import tempfile
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

from dfg_bridge.app.logsetup import setup_logging
from dfg_bridge.app.run import Daemon, wire
from dfg_bridge.engine import Rules
from dfg_bridge.host import (
    Durations,
    HandBox,
    HostSettings,
    LockerLayout,
    Mode,
    SeatSpot,
    SignSpot,
    TableSettings,
)

STEVE = "Steve"


def demo_settings(rounds: int, delay: float) -> HostSettings:
    """One table at the world origin, CPUs that take ``delay`` seconds, short pauses."""
    seats = ((0, -3, 0.0), (3, 0, 90.0), (0, 3, 180.0), (-3, 0, -90.0))
    table = TableSettings(
        id="t1",
        name="卓1",
        seats=tuple(SeatSpot((x + 0.5, 64.5, z + 0.5), yaw) for x, z, yaw in seats),
        centre=(0.5, 65.6, 0.5),
        rules=Rules.preset("minecraft"),
        rounds=rounds,
        cpu_total=4,
        default_mode=Mode.CPU,
        durations=Durations(
            turn=60.0,
            exchange=30.0,
            cpu_min=delay * 0.6,
            cpu_max=delay * 1.4,
            round_pause=max(0.5, delay * 3),
        ),
        hand_boxes=tuple(HandBox((x, 64, z + 1), (x - 1, 64, z + 1), "north") for x, z, _ in seats),
        join_sign=SignSpot((-1, 64, 6), "south"),
        start_signs=((SignSpot((0, 64, 6), "south"), Mode.CPU),),
        leave_sign=SignSpot((1, 64, 6), "south"),
    )
    return HostSettings(tables=(table,), lockers=LockerLayout((-8, 5, -8), (16, 2, 16)))


def install_paper_alias(directory: Path) -> None:
    """Write the README's Paper ``commands.yml`` aliases, so Steve never sees "Unknown command"."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "commands.yml").write_text(
        "aliases:\n  dfg:\n  - trigger dfg set 0\n  daifugo:\n  - trigger dfg set 0\n", encoding="utf-8"
    )


class DemoWorld:
    """Sim + daemon (+ the spectator page with ``web_port``), as a context manager."""

    def __init__(self, version: str, rounds: int, cpu_delay: float, seed: int | None, *,
                 web_port: int | None = None) -> None:  # fmt: skip
        self.version = version
        self.rounds = rounds
        self.cpu_delay = cpu_delay
        self.seed = seed
        self.web_port = web_port
        self.web: Any = None
        self.messages: Any = None
        self.control: Any = None
        self._stack: list[Any] = []

    def __enter__(self) -> DemoWorld:
        setup_logging("ERROR")
        from dfg_bridge.i18n import Messages
        from dfg_bridge.sim import ServerFlavour, SimOptions, SimServer
        from dfg_bridge.sim.control import ControlClient

        self._tmp = tempfile.TemporaryDirectory(prefix="dfg-demo-")
        tmp = Path(self._tmp.name)
        directory = tmp / "server"
        options = SimOptions(
            version=self.version, flavor=ServerFlavour.PAPER, directory=directory, service_ms=0.2
        )
        install_paper_alias(directory)
        self.sim = SimServer(options)
        self.sim.start()
        # The documented Paper recipe (README step 4): no "Triggered [dfg]" echo after each /dfg.
        self.sim.run_command("gamerule sendCommandFeedback false")
        self.messages, _issues = Messages.load()
        self.daemon: Daemon = wire(
            demo_settings(self.rounds, self.cpu_delay),
            self.messages,
            rcon_host="127.0.0.1",
            rcon_port=self.sim.rcon_port,
            rcon_password=self.sim.options.rcon_password,
            version=self.version,
            data_dir=tmp / "data",
            log_path=self.sim.log_path,
            rng=random.Random(self.seed),
            log_poll=0.02,
        )
        if self.web_port is not None:
            from dfg_bridge.web import attach

            self.web = attach(self.daemon.host, port=self.web_port)
        self._loop = threading.Thread(target=self.daemon.run, name="dfg daemon", daemon=True)
        self.daemon.start()
        self._loop.start()
        self.control = ControlClient(self.sim.control_port)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:  # fmt: skip
        try:
            self.daemon.stop(restore=True)
            self._loop.join(timeout=10)
            if self.web is not None:
                self.web.close()
            self.daemon.close()
        finally:
            self.sim.stop()
            self._tmp.cleanup()


__all__ = ["STEVE", "DemoWorld", "demo_settings", "install_paper_alias"]
