"""A test rig: a simulated server, the real daemon wiring, and fake players driven by the control API.

Every player action goes through the sim (``/dfg …`` typed on paper, ``/trigger`` or ``!dfg`` chat on
vanilla), reaches the daemon through the real log tail, and every command the daemon sends is
checked by the sim's grammar. The test thread is the daemon's owner thread: it runs the host loop
with :meth:`Rig.until` and may read host state between events.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from dfg_bridge.app.run import Daemon, wire
from dfg_bridge.engine import Give, Play, Rules
from dfg_bridge.host import (
    Durations,
    GameHost,
    HandBox,
    HostSettings,
    LockerLayout,
    Mode,
    SeatSpot,
    SignSpot,
    TableSettings,
)
from dfg_bridge.host.table import Table
from dfg_bridge.i18n import Messages
from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient

FAST = Durations(
    turn=2.0, exchange=2.0, cpu_min=0.0, cpu_max=0.01, round_pause=0.05, grace=1.0, rejoin_wait=2.0
)
"""Short durations for tests (the turn timer is long enough for scripted players)."""

SEAT_OFFSETS = ((0, -3), (3, 0), (0, 3), (-3, 0), (2, -2), (-2, 2))

LIVE: list[Rig] = []
"""Rigs with a running daemon; ``tests/host/conftest.py`` stops what a test leaves behind."""


def table(table_id: str = "t1", *, origin: tuple[int, int, int] = (0, 64, 0), seats: int = 4,
          durations: Durations = FAST, rounds: int = 2, **kw: Any) -> TableSettings:  # fmt: skip
    """A table around ``origin`` with signs and hand chests."""
    x, y, z = origin
    spots = tuple(SeatSpot((x + dx + 0.5, y + 0.5, z + dz + 0.5), 0.0) for dx, dz in SEAT_OFFSETS[:seats])
    boxes = tuple(HandBox((x + dx, y, z + dz + 1), (x + dx - 1, y, z + dz + 1), "north") for dx, dz in
                  SEAT_OFFSETS[:seats])  # fmt: skip
    return TableSettings(
        id=table_id,
        name=f"卓{table_id}",
        seats=spots,
        centre=(x + 0.5, y + 1.6, z + 0.5),
        rules=kw.pop("rules", Rules.preset("minecraft")),
        rounds=rounds,
        durations=durations,
        hand_boxes=boxes,
        join_sign=SignSpot((x - 1, y, z + 6), "south"),
        leave_sign=SignSpot((x + 2, y, z + 6), "south"),
        start_signs=(
            (SignSpot((x, y, z + 6), "south"), Mode.NORMAL),
            (SignSpot((x + 1, y, z + 6), "south"), Mode.CPU),
        ),
        **kw,
    )


def settings(*tables: TableSettings, **kw: Any) -> HostSettings:
    """Host settings with a locker box under the world's spawn."""
    return HostSettings(
        tables=tables or (table(),),
        lockers=LockerLayout((-8, 5, -8), (16, 2, 16)),
        admins=frozenset(kw.pop("admins", {"Admin", "Steve"})),
        **kw,
    )


def messages() -> Messages:
    """The packaged catalogues."""
    loaded, _issues = Messages.load()
    return loaded


@dataclass
class Rig:
    """A sim + a daemon on a data directory."""

    sim: SimServer
    ctl: ControlClient
    data_dir: Path
    settings: HostSettings
    version: str
    seed: int = 1
    daemon: Daemon | None = None
    players: list[str] = field(default_factory=list)

    # ---- daemon life ---------------------------------------------------------------------------
    def start_daemon(self, *, wrap: Callable[[Any], Any] | None = None, **kw: Any) -> GameHost:
        """Wire and start a daemon; ``wrap`` may wrap the RCON client as the host's sink."""
        daemon = wire(
            self.settings,
            messages(),
            rcon_host="127.0.0.1",
            rcon_port=self.sim.rcon_port,
            rcon_password=self.sim.options.rcon_password,
            version=self.version,
            data_dir=self.data_dir,
            log_path=self.sim.log_path,
            rng=random.Random(self.seed),
            wrap_sink=wrap,
            log_poll=kw.pop("log_poll", 0.01),
            **kw,
        )
        self.daemon = daemon
        LIVE.append(self)
        daemon.start()
        assert self.until(lambda: daemon.host.started, 10), "daemon did not start"
        return daemon.host

    @property
    def host(self) -> GameHost:
        assert self.daemon is not None
        return self.daemon.host

    def table(self, table_id: str = "t1") -> Table:
        return self.host.tables[table_id]

    def stop_daemon(self, *, restore: bool = True) -> None:
        """Shut the daemon down cleanly (SIGTERM path)."""
        if self.daemon is None:
            return
        self.daemon.stop(restore=restore)
        self.until(lambda: self.host.stopped, 10)
        self.daemon.close()
        self.daemon = None
        LIVE[:] = [rig for rig in LIVE if rig is not self]

    def kill_daemon(self) -> None:
        """Drop the daemon without any cleanup (its state stays in the data directory)."""
        if self.daemon is None:
            return
        daemon = self.daemon
        for source in daemon.sources:
            source.stop(timeout=2.0)
        daemon.scheduler.shutdown()
        daemon.rcon.close()
        daemon.host.conn.close()
        self.daemon = None
        LIVE[:] = [rig for rig in LIVE if rig is not self]

    def until(self, done: Callable[[], bool], timeout: float = 10.0) -> bool:
        """Run the host loop (if any) until ``done()``."""
        if self.daemon is None:
            end = time.monotonic() + timeout
            while not done() and time.monotonic() < end:
                time.sleep(0.02)
            return done()
        return self.daemon.host.run_until(done, timeout)

    def settle(self, seconds: float = 0.3) -> None:
        """Let queued events arrive and be handled."""
        self.until(lambda: False, seconds)

    # ---- players --------------------------------------------------------------------------------
    def join(self, *names: str) -> None:
        for name in names:
            self.ctl.join(name)
            self.players.append(name)
        if self.daemon is not None:
            self.until(lambda: all(n in self.host.ctx.online for n in names), 5)

    def start_match(self, people: list[str], *, table_id: str = "t1") -> Table:
        """``people`` (online already) join the table's lobby and the first starts a match; its table."""
        tbl = self.table(table_id)
        for name in people:
            self.dfg(name, "join")
        assert self.until(lambda: all(n in tbl.lobby for n in people)), "the joins did not arrive"
        self.dfg(people[0], "start")
        assert self.until(lambda: tbl.run is not None and tbl.run.round is not None), "no match started"
        return tbl

    def dfg(self, name: str, text: str) -> None:
        """The player types ``/dfg <text>`` (paper) or chats ``!dfg <text>`` (vanilla)."""
        if self.sim.options.flavor.value == "paper":
            self.ctl.command(name, f"/dfg {text}")
        else:
            self.ctl.chat(name, f"!dfg {text}")

    def give(self, name: str, item: str, count: int = 1) -> None:
        reply = self.sim.run_command(f"give {name} {item} {count}")
        assert reply.startswith("Gave"), reply

    def inventory(self, name: str) -> dict[str, Any]:
        """``{slot: snbt}`` of the player's inventory and ender chest (as the sim stores them)."""
        player = self.ctl.player(name)
        out = {f"inv.{k}": v.get("snbt") for k, v in player["inventory"].items()}
        out.update({f"ender.{k}": v.get("snbt") for k, v in player["ender_chest"].items()})
        return out

    def invalid(self) -> list[Any]:
        """Commands the sim's grammar rejected."""
        invalid: list[Any] = self.ctl.commands()["invalid"]
        return invalid

    def chat(self, name: str) -> list[str]:
        return [m["text"] if isinstance(m, dict) else str(m) for m in self.ctl.player(name)["chat"]]

    # ---- scripted play ----------------------------------------------------------------------
    def move_for(self, table_id: str, name: str) -> str | None:
        """The ``/dfg`` words a simple player would use now, or ``None`` if it is not their turn."""
        run = self.table(table_id).run
        if run is None or run.round is None or run.round.over:
            return None
        seat = run.seat_of(name)
        if seat is None or seat not in run.round.awaiting():
            return None
        action = run.round.timeout_action(seat)
        if isinstance(action, Play):
            return "play " + action.meld.ascii()
        if isinstance(action, Give):
            return "play " + " ".join(c.ascii() for c in action.cards)
        return "pass"

    def play_out(self, table_id: str, humans: Iterable[str], *, timeout: float = 60.0,
                 stop: Callable[[], bool] | None = None) -> None:  # fmt: skip
        """Humans play (weakest move, as typed commands) until the match at ``table_id`` ends."""
        humans = list(humans)
        end = time.monotonic() + timeout
        tbl = self.table(table_id)
        pending: dict[str, int] = {}
        while tbl.run is not None and time.monotonic() < end:
            if stop is not None and stop():
                return
            step = tbl.flow.step
            for name in humans:
                words = self.move_for(table_id, name)
                if words is not None and pending.get(name) != step:
                    pending[name] = step
                    self.dfg(name, words)
            self.host.step(0.05)
        assert tbl.run is None, "match did not end in time"


def make_rig(sim_factory: Callable[..., SimServer], tmp_path: Path, *, version: str = "1.21.6",
             flavor: str = "paper", host_settings: HostSettings | None = None,
             seed: int = 1, service_ms: float = 0.0) -> Rig:  # fmt: skip
    """A started sim and (not yet started) daemon settings."""
    sim = sim_factory(version=version, flavor=flavor, service_ms=service_ms)
    control = ControlClient(sim.control_port)
    return Rig(sim, control, tmp_path / "data", host_settings or settings(), version, seed)


def with_durations(base: TableSettings, **kw: float) -> TableSettings:
    """``base`` with some durations changed."""
    return replace(base, durations=replace(base.durations, **kw))
