"""Benchmark (issue 19): 20 tables of 4 CPUs send as many RCON commands per table-second as one does.

A look at the hand screens or a table's displays must not grow with the number of tables (nothing is
server-wide per table, nothing per table is polled when nobody is seated). One table, then twenty,
each against its own ``python -m dfg_bridge.sim --service-ms 0.5`` for ``DFG_BENCH_SECONDS`` (default
60) seconds; the daemon's own counter (:class:`dfg_bridge.host.purposes.PurposeCounter`) gives the
split by purpose. Run with ``make bench`` or ``pytest -m bench -s tests/host/test_bench_scaling.py``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dfg_bridge.host import Durations, Mode
from dfg_bridge.sim.control import ControlClient
from tests.host.rig import Rig, settings, table
from tests.host.test_bench_tables import ExternalSim, _Options

_PORTS = re.compile(r"rcon 127\.0\.0\.1:(\d+) control 127\.0\.0\.1:(\d+) log (\S+)")


def _run(tmp_path: Path, tables: int, seconds: float) -> tuple[float, dict[str, float]]:
    """Commands per table-second, in all and by purpose, for ``tables`` CPU tables."""
    command = [sys.executable, "-m", "dfg_bridge.sim", "--rcon-port", "0", "--control-port", "0",
               "--dir", str(tmp_path / f"sim{tables}"), "--service-ms", "0.5", "--quiet"]  # fmt: skip
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        found = _PORTS.search(proc.stdout.readline())
        assert found, "the sim did not print its ports"
        sim = ExternalSim(int(found.group(1)), int(found.group(2)), Path(found.group(3)), _Options())
        durations = Durations(cpu_min=0.6, cpu_max=1.4, round_pause=2.0)
        configured = [table(f"b{i}", origin=(40 * i, 64, 200), rounds=20, durations=durations)
                      for i in range(tables)]  # fmt: skip
        rig = Rig(
            sim, ControlClient(sim.control_port), tmp_path / f"data{tables}", settings(*configured), "1.21.6"
        )  # type: ignore[arg-type]
        host = rig.start_daemon(log_poll=0.1)
        for tbl in host.tables.values():
            tbl.start_match(Mode.CPU, [])
        rig.until(lambda: False, 2.0)  # every table past its first draw
        before, started = _counts(rig, host), time.monotonic()
        end = started + seconds
        while time.monotonic() < end:
            rig.until(lambda: False, 1.0)
            for tbl in host.tables.values():
                if tbl.run is None:
                    tbl.start_match(Mode.CPU, [])
        after, wall = _counts(rig, host), time.monotonic() - started
        rig.stop_daemon(restore=False)
        assert rig.invalid() == []
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    per = {k: (after.get(k, 0) - before.get(k, 0)) / (tables * wall) for k in after}
    return sum(per.values()), per


def _counts(rig: Rig, host: object) -> dict[str, int]:
    """The daemon's commands by purpose (all of them as ``all`` for a daemon without the counter)."""
    purposes = getattr(host, "purposes", None)
    if purposes is not None:
        return dict(purposes.by_purpose())
    assert rig.daemon is not None
    return {"all": rig.daemon.rcon.stats.snapshot().commands}


@pytest.mark.bench
def test_commands_per_table_second_do_not_grow_with_tables(tmp_path: Path) -> None:
    seconds = float(os.environ.get("DFG_BENCH_SECONDS", "60"))
    one, one_by = _run(tmp_path, 1, seconds)
    many, many_by = _run(tmp_path, 20, seconds)

    def fmt(by: dict[str, float]) -> str:
        return ", ".join(f"{k} {v:.2f}" for k, v in sorted(by.items()) if v)

    print(f"\ncommands per table-second over {seconds:.0f} s, 4 CPUs a table, sim --service-ms 0.5: "
          f"1 table {one:.2f} ({fmt(one_by)}); 20 tables {many:.2f} ({fmt(many_by)}); "
          f"ratio {many / one:.3f}")  # fmt: skip
    assert abs(many / one - 1) <= 0.10
