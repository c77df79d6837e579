"""``kill -9`` soak (slow): the real daemon process is SIGKILLed at random moments while players join,
play and leave; a new process on the same data directory must give every item back exactly once.

Run with ``make soak`` (``pytest -m slow``); ``DFG_SOAK_RUNS`` sets the number of kills (default 40).
"""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.sim.control import ControlClient
from tests.app.helpers import write_config
from tests.app.test_run_cli import start_daemon, wait_for

ITEMS = [('diamond_sword[enchantments={sharpness:5},custom_name="Excalibur"]', 1), ("dirt", 64), ("torch", 9)]


def started(ctl: ControlClient) -> bool:
    """A daemon finished starting since the last call: it drew the table after its recovery."""
    received = ctl.commands(since=started.seen)["received"]  # type: ignore[attr-defined]
    if received:
        started.seen = received[-1]["seq"]  # type: ignore[attr-defined]
    return any(r["command"].startswith("bossbar set dfg:t1 players") for r in received)


@pytest.mark.slow
def test_kill9_at_random_moments_loses_and_duplicates_nothing(sim_factory: Any, tmp_path: Path) -> None:
    runs = int(os.environ.get("DFG_SOAK_RUNS", "40"))
    started.seen = 0  # type: ignore[attr-defined]
    sim = sim_factory(version="1.21.6", flavor="paper")
    ctl = ControlClient(sim.control_port)
    config = write_config(tmp_path, sim, signs=False)
    rng = random.Random(99)
    log = tmp_path / "daemon.log"
    killed_during: dict[str, int] = {}
    for i in range(runs):
        a, b = f"Ka{i}", f"Kb{i}"
        for name in (a, b):
            ctl.join(name)
            for item, count in ITEMS:
                assert sim.run_command(f"give {name} {item} {count}").startswith("Gave")
        expected = {name: ctl.player(name)["inventory"] for name in (a, b)}
        started(ctl)
        proc = start_daemon(config, log)
        assert wait_for(lambda: started(ctl), 20)
        for name in (a, b):
            ctl.command(name, "/dfg join")
        ctl.command(a, "/dfg start cpu")
        time.sleep(rng.uniform(0.0, 0.25) if rng.random() < 0.5 else rng.uniform(0.25, 1.5))
        seated = ctl.player(a)["vehicle"] is not None
        phase = "in a match" if seated else "joined" if ctl.player(b)["team_prefix"] else "joining"
        killed_during[phase] = killed_during.get(phase, 0) + 1
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        started(ctl)  # forget what the dead daemon sent
        proc = start_daemon(config, log)
        try:
            assert wait_for(lambda: started(ctl), 20)  # the new daemon recovered
            for name in (a, b):
                ctl.command(name, "/dfg leave")

            def restored(e: dict[str, Any] = expected, names: tuple[str, str] = (a, b)) -> bool:
                return all(ctl.player(n)["inventory"] == e[n] for n in names)

            assert wait_for(restored, 20), i
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=20) == 0
        for name in (a, b):
            assert ctl.player(name)["inventory"] == expected[name], (i, name)
            ctl.disconnect(name)
    assert [c for c in ctl.world()["containers"] if c.get("items")] == []
    assert sim.stats()["commands_invalid"] == 0
    print(f"\nkill -9 soak: {runs} kills ({killed_during}), 0 items lost or duplicated")
