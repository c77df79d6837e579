"""Sources against the simulated server: its latest.log, its console as a child process."""

from __future__ import annotations

import queue
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.model.events import (
    CommandSource,
    PlayerCommand,
    PlayerIdentified,
    PlayerJoined,
    PlayerLeft,
    ServerEvent,
    ServerStarted,
    ServerStopping,
    ServerVersionSeen,
    TriggerFired,
)
from dfg_bridge.rcon import RconClient
from dfg_bridge.sim.control import ControlClient
from dfg_bridge.sources import LogParser, LogTail, ParserOptions, ServerProcess
from tests.sources.helpers import settle, take, wait_for

SimFactory = Callable[..., Any]


@pytest.fixture
def events() -> queue.Queue[ServerEvent]:
    return queue.Queue()


@pytest.fixture
def tails() -> Iterator[list[LogTail]]:
    made: list[LogTail] = []
    yield made
    for tail in made:
        assert tail.stop(2.0)
        assert tail.error is None


def tail_of(sim: Any, events: queue.Queue[ServerEvent], tails: list[LogTail], **options: Any) -> LogTail:
    tail = LogTail(sim.log_path, events, LogParser(ParserOptions(**options)), poll_interval=0.02)
    tail.start()
    tails.append(tail)
    wait_for(lambda: tail.running)
    settle(events, 0.1)  # from the end: the startup lines already there are history
    return tail


def rcon(sim: Any) -> RconClient:
    return RconClient("127.0.0.1", sim.rcon_port, sim.options.rcon_password)


def login(control: ControlClient, name: str) -> list[ServerEvent]:
    """Join a fake player; the events an online-mode login yields (its UUID line, then the join)."""
    uuid = control.join(name)["uuid"]
    return [PlayerIdentified(name, uuid), PlayerJoined(name)]


def test_paper_log_session(
    sim_factory: SimFactory, events: queue.Queue[ServerEvent], tails: list[LogTail]
) -> None:
    sim = sim_factory(flavor="paper")
    tail_of(sim, events, tails)
    control = ControlClient(sim.control_port)
    client = rcon(sim)
    client.run("scoreboard objectives add dfg trigger")  # echoed as "[Rcon: …]": must not count
    steve = login(control, "Steve")
    client.run("scoreboard players enable Steve dfg")
    control.chat("Steve", "!dfg join")
    control.command("Steve", "dfg hand")  # unknown on Paper too, but logged before parsing
    assert control.command("Steve", "trigger dfg set 105")["result"] > 0
    control.chat("Steve", "<Alex> !dfg leave")
    control.chat("Steve", "Alex issued server command: /dfg leave")
    control.disconnect("Steve")
    assert take(events, 6) == [
        *steve,
        PlayerCommand("Steve", ("join",), CommandSource.CHAT),
        PlayerCommand("Steve", ("hand",), CommandSource.TYPED),
        TriggerFired("Steve", "dfg", 105),
        PlayerLeft("Steve", "Disconnected"),
    ]
    assert settle(events, 0.2) == []


def test_vanilla_log_has_no_typed_commands_but_insecure_chat_works(
    sim_factory: SimFactory, events: queue.Queue[ServerEvent], tails: list[LogTail]
) -> None:
    sim = sim_factory(flavor="vanilla")
    tail_of(sim, events, tails)
    control = ControlClient(sim.control_port)
    alex = login(control, "Alex_01")
    control.command("Alex_01", "dfg join")  # "Unknown or incomplete command": nothing logged
    control.chat("Alex_01", "!dfg join", secure=False)
    assert take(events, 3) == [
        *alex,
        PlayerCommand("Alex_01", ("join",), CommandSource.CHAT),
    ]
    assert settle(events, 0.2) == []


def test_team_prefix_on_display_names(
    sim_factory: SimFactory, events: queue.Queue[ServerEvent], tails: list[LogTail]
) -> None:
    sim = sim_factory()
    tail_of(sim, events, tails, display_prefixes=("【大富豪】",))
    control = ControlClient(sim.control_port)
    client = rcon(sim)
    for command in (
        "team add dfg",
        'team modify dfg prefix "【大富豪】"',
        "scoreboard objectives add dfg trigger",
    ):
        client.run(command)
    steve = login(control, "Steve")
    client.run("team join dfg Steve")
    client.run("scoreboard players enable Steve dfg")
    control.chat("Steve", "!dfg pass")
    control.command("Steve", "trigger dfg set 3")
    control.disconnect("Steve")
    lines = sim.log_path.read_text(encoding="utf-8")
    assert "<【大富豪】Steve> !dfg pass" in lines  # the sim decorates like vanilla does
    assert take(events, 5) == [
        *steve,
        PlayerCommand("Steve", ("pass",), CommandSource.CHAT),
        TriggerFired("Steve", "dfg", 3),
        PlayerLeft("Steve", "Disconnected"),
    ]


def test_log_rotation_on_restart(
    sim_factory: SimFactory, events: queue.Queue[ServerEvent], tails: list[LogTail]
) -> None:
    sim = sim_factory(version="1.21.4")
    tail = tail_of(sim, events, tails)
    control = ControlClient(sim.control_port)
    steve = login(control, "Steve")
    assert take(events, 2) == steve
    control.restart()
    assert list(sim.log_path.parent.glob("*.log.gz")), "the sim rotated latest.log away"
    assert take(events, 4) == [
        ServerStopping(),
        PlayerLeft("Steve", "Server closed"),
        ServerVersionSeen("1.21.4"),
        ServerStarted("1.21.4"),
    ]
    alex = login(control, "Alex")
    assert take(events, 2) == alex
    assert tail.reopens == 1


def test_server_process_wraps_the_sim_console(tmp_path: Path, events: queue.Queue[ServerEvent]) -> None:
    ports: list[int] = []

    def on_line(text: str) -> None:
        if m := re.search(r"control 127\.0\.0\.1:(\d+)", text):
            ports.append(int(m[1]))

    argv = [sys.executable, "-m", "dfg_bridge.sim", "--flavor", "paper", "--rcon-port", "0"]
    argv += ["--control-port", "0", "--dir", str(tmp_path), "--service-ms", "0"]
    proc = ServerProcess(argv, events, LogParser(), on_line=on_line)
    proc.start()
    try:
        assert take(events, 2, timeout=20.0) == [ServerVersionSeen("1.21.6"), ServerStarted("1.21.6")]
        wait_for(lambda: bool(ports))
        control = ControlClient(ports[0])
        steve = login(control, "Steve")
        control.chat("Steve", "!dfg start cpu")
        assert take(events, 3) == [
            *steve,
            PlayerCommand("Steve", ("start", "cpu"), CommandSource.CHAT),
        ]
    finally:
        # the sim has no console input, so "stop" goes unheard and SIGTERM follows; it still stops cleanly
        assert proc.stop(timeout=1.0)
    assert proc.returncode == 0
    assert ServerStopping() in settle(events, 0.2)
