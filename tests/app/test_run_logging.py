"""``dfg-bridge run`` logs through ``logsetup``: ``--log-level`` works and the RCON password never shows."""

from __future__ import annotations

import logging
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dfg_bridge.app.run import log_engine_build
from dfg_bridge.engine import native
from tests.app.helpers import SEATS

# The password is a phrase the daemon itself logs when RCON is unreachable ("RCON not reachable yet"):
# it stands for any path that might put the password into a log line, and proves the redactor is on.
PASSWORD = "not reachable"


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _config(directory: Path) -> Path:
    text = f"""
rcon:
  host: 127.0.0.1
  port: {_closed_port()}
  password: "{PASSWORD}"
source:
  kind: log
  log_path: {directory / "latest.log"}
server:
  flavour: paper
  version: "1.21.6"
data_dir: {directory / "data"}
custody:
  locker:
    corner1: [-8, 5, -8]
    corner2: [7, 6, 7]
tables:
  - id: t1
    centre: [0, 64, 0]
    seats:{SEATS}
"""
    path = directory / "dfg.yml"
    path.write_text(text, encoding="utf-8")
    return path


def _run(config: Path, level: str, *, until: str) -> str:
    """Run the daemon until ``until`` shows on stderr (or 15 s), then SIGTERM; return its stderr."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "dfg_bridge", "run", "--config", str(config), "--log-level", level],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=config.parent,
    )
    assert proc.stderr is not None
    seen: list[bytes] = []
    deadline = time.monotonic() + 15.0
    try:
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line:
                break
            seen.append(line)
            if until.encode() in line:
                break
        proc.send_signal(signal.SIGTERM)
        _, rest = proc.communicate(timeout=20)
        seen.append(rest)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return b"".join(seen).decode("utf-8", errors="replace")


def test_a_failing_connection_logs_errors_but_never_the_password(tmp_path: Path) -> None:
    err = _run(_config(tmp_path), "debug", until="retrying")
    assert "WARNING dfg_bridge.run: RCON *** yet (cannot connect to 127.0.0.1:" in err  # masked in place
    assert "DEBUG " in err  # --log-level reached the root logger (case-insensitive)
    assert PASSWORD not in err
    assert "%(asctime)s" not in err and not err.startswith("20")  # logsetup's format, not basicConfig's
    assert f"dfg_bridge.run: CPU engine: {native.build()}" in err  # said at start, compiled or not


@pytest.mark.parametrize(
    ("build", "level"),
    [("compiled", logging.INFO), ("pure", logging.WARNING), ("partly compiled (3 of 15)", logging.WARNING)],
)
def test_the_engine_build_is_logged_and_a_slow_one_is_a_warning(
    caplog: pytest.LogCaptureFixture, build: str, level: int
) -> None:
    # Without a C compiler pip installs the engine as Python source without a word, and strong plays
    # out a third as many deals: the operator should read it in the log with what to do about it.
    with caplog.at_level(logging.INFO, logger="dfg_bridge.run"):
        log_engine_build(build)
    [record] = caplog.records
    assert record.levelno == level
    assert record.getMessage().startswith(f"CPU engine: {build}")
    assert ("gcc python3-dev" in record.getMessage()) == (level == logging.WARNING)


def test_a_bad_log_level_is_a_usage_error(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "dfg_bridge", "run", "--config", str(_config(tmp_path)), "--log-level", "x"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert proc.returncode == 2
    assert "log level must be one of" in proc.stderr
