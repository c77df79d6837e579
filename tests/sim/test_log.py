"""Log lines and rotation (ARCHITECTURE §6.3)."""

from __future__ import annotations

import datetime as dt
import gzip
import io
import os
from pathlib import Path

from dfg_bridge.sim.log import ServerFlavour, ServerLog


class _Clock(dt.datetime):
    @classmethod
    def now(cls, tz: dt.tzinfo | None = None) -> _Clock:
        return cls(2025, 6, 1, 12, 34, 56)


def test_file_and_console_shapes_per_flavour(tmp_path: Path) -> None:
    for flavor, console_line in (
        (ServerFlavour.PAPER, "[12:34:56 INFO]: Steve issued server command: /dfg join\n"),
        (ServerFlavour.VANILLA, "[12:34:56] [Server thread/INFO]: Steve issued server command: /dfg join\n"),
    ):
        console = io.StringIO()
        log = ServerLog(tmp_path / flavor.value, flavor, console=console, clock=_Clock)
        log.open()
        log.info("Steve issued server command: /dfg join")
        log.info("<Steve> hi", thread="Async Chat Thread - #0")
        log.close()
        assert console.getvalue().splitlines(keepends=True)[0] == console_line
        assert log.path.read_text("utf-8").splitlines() == [
            "[12:34:56] [Server thread/INFO]: Steve issued server command: /dfg join",
            "[12:34:56] [Async Chat Thread - #0/INFO]: <Steve> hi",
        ]


def test_rotation_gzips_latest_log_with_increasing_numbers(tmp_path: Path) -> None:
    log = ServerLog(tmp_path, ServerFlavour.VANILLA, clock=_Clock)
    for text in ("first", "second", "third"):
        log.open()
        log.info(text)
        log.close()
    day = dt.date.today().isoformat()
    rotated = sorted(p.name for p in (tmp_path / "logs").glob("*.log.gz"))
    assert rotated == [f"{day}-1.log.gz", f"{day}-2.log.gz"]
    assert gzip.decompress((tmp_path / "logs" / f"{day}-1.log.gz").read_bytes()).decode().endswith("first\n")
    assert log.path.read_text("utf-8").endswith("third\n")


def test_rotation_names_the_file_after_its_last_write(tmp_path: Path) -> None:
    log = ServerLog(tmp_path, ServerFlavour.VANILLA, clock=_Clock)
    log.open()
    log.info("old")
    log.close()
    old = dt.datetime(2024, 2, 29, 23, 0).timestamp()
    os.utime(log.path, (old, old))
    log.open()
    log.close()
    assert (tmp_path / "logs" / "2024-02-29-1.log.gz").exists()


def test_multi_line_messages_become_one_line_each(tmp_path: Path) -> None:
    log = ServerLog(tmp_path, ServerFlavour.VANILLA, clock=_Clock)
    log.open()
    log.info("a\nb")
    log.close()
    assert log.path.read_text("utf-8").splitlines() == [
        "[12:34:56] [Server thread/INFO]: a",
        "[12:34:56] [Server thread/INFO]: b",
    ]


def test_chat_lines_are_tagged_not_secure_unless_signed(tmp_path: Path) -> None:
    log = ServerLog(tmp_path, ServerFlavour.VANILLA, clock=_Clock)
    log.open()
    log.chat("[Rcon] hello", signed=False)
    log.chat("<Steve> hi", signed=True, thread="Async Chat Thread - #0")
    log.close()
    assert log.path.read_text("utf-8").splitlines() == [
        "[12:34:56] [Server thread/INFO]: [Not Secure] [Rcon] hello",
        "[12:34:56] [Async Chat Thread - #0/INFO]: <Steve> hi",
    ]
