"""``dfg-bridge run`` honours every config key of the log parser and the trigger poll (issue 13 §17).

Each test loads a config file the way ``run`` does (``run.load`` + ``run.daemon_from_config``), runs
the daemon against the simulated server and drives a player through it. Before the fix the parser
and the trigger poll were built with defaults, so ``!daifu join`` with ``chat_prefix: "!daifu"`` did
nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.app import run
from dfg_bridge.app.wiring import Daemon
from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient
from tests.app.helpers import write_config


@pytest.fixture
def started() -> Iterator[Callable[[Path], Daemon]]:
    daemons: list[Daemon] = []

    def start(config_path: Path) -> Daemon:
        config, settings, messages, _lines = run.load(config_path)
        daemon = run.daemon_from_config(config, settings, messages)
        daemons.append(daemon)
        daemon.start()
        assert daemon.host.run_until(lambda: daemon.host.started, 15), "daemon did not start"
        return daemon

    yield start
    for daemon in daemons:
        daemon.stop(restore=False)
        daemon.host.run_until(lambda d=daemon: d.host.stopped, 5)  # type: ignore[misc]
        daemon.close()
        daemon.host.conn.close()


def _joined(daemon: Daemon, name: str, timeout: float = 3.0) -> bool:
    return daemon.host.run_until(lambda: name in daemon.host.tables["t1"].lobby, timeout)


def _online(daemon: Daemon, ctl: ControlClient, name: str) -> None:
    ctl.join(name)
    assert daemon.host.run_until(lambda: name in daemon.host.ctx.online, 5)


def test_chat_prefix_is_the_configured_one(sim_factory: Any, tmp_path: Path, started: Any) -> None:
    sim: SimServer = sim_factory(flavor="vanilla")
    daemon = started(write_config(tmp_path, sim, signs=False, extra='commands:\n  chat_prefix: "!daifu"\n'))
    ctl = ControlClient(sim.control_port)
    _online(daemon, ctl, "Ann")
    ctl.chat("Ann", "!dfg join")  # the default prefix is not ours any more
    assert not _joined(daemon, "Ann", 1.0)
    ctl.chat("Ann", "!daifu join")
    assert _joined(daemon, "Ann")


def test_command_names_are_the_configured_ones(sim_factory: Any, tmp_path: Path, started: Any) -> None:
    sim: SimServer = sim_factory(flavor="paper")
    daemon = started(write_config(tmp_path, sim, signs=False, extra="commands:\n  names: [daifu]\n"))
    ctl = ControlClient(sim.control_port)
    _online(daemon, ctl, "Ann")
    ctl.command("Ann", "/dfg join")
    assert not _joined(daemon, "Ann", 1.0)
    ctl.command("Ann", "/daifu join")
    assert _joined(daemon, "Ann")


def test_log_prefix_regex_replaces_the_built_in_line_shapes(
    sim_factory: Any, tmp_path: Path, started: Any
) -> None:
    # Vanilla writes chat on the server thread and nothing else on "Async Chat Thread"; a prefix that
    # accepts only that thread name proves the parser uses the operator's regex, not its own shapes.
    sim: SimServer = sim_factory(flavor="vanilla")
    regex = r"log_prefix_regex: '\[\d\d:\d\d:\d\d\] \[Async Chat Thread/(?P<level>INFO)\]: '" + "\n"
    daemon = started(write_config(tmp_path, sim, signs=False, server="  " + regex))
    ctl = ControlClient(sim.control_port)
    ctl.join("Ann")
    assert daemon.host.run_until(lambda: False, 0.5) is False
    ctl.chat("Ann", "!dfg join")
    assert not _joined(daemon, "Ann", 1.0), "a line the operator's prefix does not match was parsed"
    lines = [x for x in sim.log_path.read_text(encoding="utf-8").splitlines() if "<Ann> !dfg join" in x]
    assert lines and "Server thread" in lines[-1]


def test_log_prefix_regex_parses_a_matching_log(sim_factory: Any, tmp_path: Path, started: Any) -> None:
    sim: SimServer = sim_factory(flavor="vanilla")
    regex = r"log_prefix_regex: '\[\d\d:\d\d:\d\d\] \[Server thread/(?P<level>INFO)\]: '" + "\n"
    daemon = started(write_config(tmp_path, sim, signs=False, server="  " + regex))
    ctl = ControlClient(sim.control_port)
    _online(daemon, ctl, "Ann")
    ctl.chat("Ann", "!dfg join")
    assert _joined(daemon, "Ann")


def test_floodgate_prefix_is_the_configured_one(sim_factory: Any, tmp_path: Path, started: Any) -> None:
    # With no Floodgate prefix configured a ".Bob" cannot be a player name: its chat is not a command.
    sim: SimServer = sim_factory(flavor="vanilla")
    daemon = started(write_config(tmp_path, sim, server='  floodgate_prefix: ""\n'))  # signs: trigger poll
    ctl = ControlClient(sim.control_port)
    ctl.join(".Bob")
    _online(daemon, ctl, "Ann")
    ctl.chat(".Bob", "!dfg join")
    ctl.chat("Ann", "!dfg join")
    assert _joined(daemon, "Ann")
    assert ".Bob" not in daemon.host.tables["t1"].lobby
    poll = next(s for s in daemon.sources if type(s).__name__ == "TriggerPoll")
    assert poll._entry.pattern.startswith("(?P<name>[A-Za-z0-9_]")  # the poll's names follow it too
