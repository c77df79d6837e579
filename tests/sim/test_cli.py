"""``dfg-bridge sim`` and ``python -m dfg_bridge.sim``: flags, busy ports, startup output, stop."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from pathlib import Path

from dfg_bridge.sim.cli import main
from dfg_bridge.sim.control import ControlClient


def test_unknown_flag_is_one_line_and_status_2(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--bogus"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unrecognized arguments: --bogus" in err


def test_bad_values_are_refused(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert main(["--version", "1.19.4", "--dir", str(tmp_path)]) == 2
    assert main(["--flavor", "spigot"]) == 2
    assert main(["--rcon-port", "70000"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3 and all(line.startswith("dfg-bridge sim: ") for line in lines)


def test_busy_port_is_one_line_and_status_2(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        assert main(["--rcon-port", str(port), "--dir", str(tmp_path), "--quiet"]) == 2
        assert main(["--rcon-port", "0", "--control-port", str(port), "--dir", str(tmp_path), "--quiet"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all("cannot bind a port" in line for line in err)


def test_python_dash_m_prints_ports_and_stops_via_the_api(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "dfg_bridge.sim",
            "--rcon-port",
            "0",
            "--control-port",
            "0",
            "--dir",
            str(tmp_path),
            "--flavor",
            "vanilla",
            "--service-ms",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        seen = []
        ports = None
        deadline = time.monotonic() + 30
        while ports is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            seen.append(line)
            ports = re.match(r"dfg-bridge sim: rcon 127\.0\.0\.1:(\d+) control 127\.0\.0\.1:(\d+) log ", line)
        assert ports is not None, seen
        # Console lines on stdout use vanilla's shape for the vanilla flavour.
        assert any(
            re.fullmatch(
                r"\[\d\d:\d\d:\d\d\] \[Server thread/INFO\]: Done \(\d+\.\d+s\)! For help, type \"help\"\n", s
            )
            for s in seen
        )
        ControlClient(int(ports[2])).stop()
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert (tmp_path / "logs" / "latest.log").read_text("utf-8").rstrip().endswith("Saving worlds")


def test_dispatcher_runs_the_sim_subcommand(capsys) -> None:  # type: ignore[no-untyped-def]
    from dfg_bridge.cli import main as top

    assert top(["sim", "--nope"]) == 2
    assert "unrecognized arguments" in capsys.readouterr().err
