"""``dfg-bridge run --config FILE`` as a real process: players join and play; SIGTERM gives items back."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from dfg_bridge.sim.control import ControlClient
from tests.app.helpers import write_config


def start_daemon(config: Path, log: Path) -> subprocess.Popen[bytes]:
    """The daemon as a child process (its stderr goes to ``log``)."""
    with log.open("ab") as err:
        return subprocess.Popen(
            [sys.executable, "-m", "dfg_bridge", "run", "--config", str(config), "--log-level", "INFO"],
            stdout=err,
            stderr=err,
            cwd=config.parent,
        )


def wait_for(predicate: Any, timeout: float = 15.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return bool(predicate())


def test_run_plays_and_sigterm_gives_everything_back(sim_factory: Any, tmp_path: Path) -> None:
    sim = sim_factory(version="1.21.6", flavor="paper")
    ctl = ControlClient(sim.control_port)
    ctl.join("Steve")
    assert sim.run_command('give Steve diamond_sword[custom_name="Excalibur"] 1').startswith("Gave")
    before = ctl.player("Steve")["inventory"]
    config = write_config(tmp_path, sim)
    proc = start_daemon(config, tmp_path / "daemon.log")
    try:
        assert wait_for(lambda: "dfg_t1" in str(ctl.world()["teams"]))  # the daemon is up
        ctl.command("Steve", "/dfg join")
        assert wait_for(lambda: ctl.player("Steve")["team_prefix"] == "【大富豪】")
        assert ctl.player("Steve")["inventory"] == {}
        ctl.command("Steve", "/dfg start cpu")
        assert wait_for(lambda: ctl.player("Steve")["vehicle"] is not None)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    steve = ctl.player("Steve")
    assert steve["inventory"] == before and steve["vehicle"] is None
    assert sim.stats()["commands_invalid"] == 0
    log = (tmp_path / "daemon.log").read_text(encoding="utf-8")
    assert sim.options.rcon_password not in log.replace("--", "")  # the password is never logged
    assert os.path.exists(tmp_path / "data" / "dfg_bridge.sqlite3")
