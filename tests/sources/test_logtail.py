"""LogTail follows latest.log by name like ``tail -F`` (files written by hand here; the sim test is
in test_sources_sim.py)."""

from __future__ import annotations

import gzip
import os
import queue
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from dfg_bridge.model.events import PlayerJoined, PlayerLeft, ServerEvent, ServerStopping
from dfg_bridge.sources import LogParser, LogTail
from tests.sources.helpers import settle, take, wait_for

P = "[12:00:00] [Server thread/INFO]: "


def joined(name: str) -> str:
    return f"{P}{name} joined the game\n"


@pytest.fixture
def events() -> queue.Queue[ServerEvent]:
    return queue.Queue()


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "logs" / "latest.log"
    path.parent.mkdir()
    return path


@pytest.fixture
def tails() -> Iterator[list[LogTail]]:
    made: list[LogTail] = []
    yield made
    for tail in made:
        assert tail.stop(2.0)
        assert tail.error is None


def start_tail(tails: list[LogTail], path: Path, events: queue.Queue[ServerEvent], **kw: object) -> LogTail:
    tail = LogTail(path, events, LogParser(), poll_interval=0.02, **kw)  # type: ignore[arg-type]
    tail.start()
    tails.append(tail)
    return tail


def append(path: Path, text: str) -> None:
    with path.open("a", encoding="utf-8") as file:
        file.write(text)


def test_starts_at_the_end(log: Path, events: queue.Queue[ServerEvent], tails: list[LogTail]) -> None:
    log.write_text(joined("Old_one") * 3, encoding="utf-8")
    tail = start_tail(tails, log, events)
    wait_for(lambda: tail.running)
    settle(events, 0.1)
    append(log, joined("Steve"))
    assert take(events, 1) == [PlayerJoined("Steve")]
    assert settle(events, 0.1) == []


def test_skipped_history_still_gives_the_version(
    log: Path, events: queue.Queue[ServerEvent], tails: list[LogTail]
) -> None:
    log.write_text(
        f"{P}Starting minecraft server version 1.21.4\n" + f'{P}Done (1.0s)! For help, type "help"\n',
        encoding="utf-8",
    )
    tail = start_tail(tails, log, events)
    wait_for(lambda: tail.parser.version == "1.21.4")
    assert settle(events, 0.1) == []  # the history itself is not replayed
    append(log, f"{P}Stopping server\n")
    assert take(events, 1) == [ServerStopping()]


def test_from_start_when_asked(log: Path, events: queue.Queue[ServerEvent], tails: list[LogTail]) -> None:
    log.write_text(joined("Old_one"), encoding="utf-8")
    start_tail(tails, log, events, from_end=False)
    assert take(events, 1) == [PlayerJoined("Old_one")]


def test_missing_at_start_then_read_from_its_beginning(
    log: Path, events: queue.Queue[ServerEvent], tails: list[LogTail]
) -> None:
    tail = start_tail(tails, log, events)
    assert settle(events, 0.15) == []
    log.write_text(joined("Steve") + joined("Alex"), encoding="utf-8")
    assert take(events, 2) == [PlayerJoined("Steve"), PlayerJoined("Alex")]
    assert tail.reopens == 1


def test_rotation_by_rename_drains_the_old_file_first(
    log: Path, events: queue.Queue[ServerEvent], tails: list[LogTail]
) -> None:
    log.write_text("", encoding="utf-8")
    tail = start_tail(tails, log, events)
    wait_for(lambda: tail.running)
    settle(events, 0.1)
    with log.open("a", encoding="utf-8") as old:
        old.write(joined("Steve"))
        old.flush()
        os.rename(log, log.with_name("2024-05-01-1.log"))
        old.write(joined("Late_line"))  # the writer finishes its last line after the rename
    log.write_text(joined("Alex"), encoding="utf-8")
    assert take(events, 3) == [PlayerJoined("Steve"), PlayerJoined("Late_line"), PlayerJoined("Alex")]
    assert tail.reopens == 1


def test_rotation_gzip_and_delete_like_log4j(
    log: Path, events: queue.Queue[ServerEvent], tails: list[LogTail]
) -> None:
    log.write_text("", encoding="utf-8")
    start_tail(tails, log, events)
    settle(events, 0.1)
    append(log, joined("Steve"))
    assert take(events, 1) == [PlayerJoined("Steve")]
    with log.open("rb") as src, gzip.open(log.with_name("2024-05-01-1.log.gz"), "wb") as dst:
        shutil.copyfileobj(src, dst)
    log.unlink()
    assert settle(events, 0.1) == []
    append(log, joined("Alex"))
    assert take(events, 1) == [PlayerJoined("Alex")]


def test_truncation_restarts_at_zero(
    log: Path, events: queue.Queue[ServerEvent], tails: list[LogTail]
) -> None:
    log.write_text("", encoding="utf-8")
    tail = start_tail(tails, log, events)
    settle(events, 0.1)
    append(log, joined("Steve") + f"{P}Steve left the game\n")
    assert take(events, 2) == [PlayerJoined("Steve"), PlayerLeft("Steve")]
    with log.open("r+", encoding="utf-8") as file:  # copytruncate: same inode, size 0
        file.truncate(0)
    wait_for(lambda: tail.truncations == 1)
    append(log, joined("Alex"))
    assert take(events, 1) == [PlayerJoined("Alex")]


def test_partial_lines_wait_for_their_newline(
    log: Path, events: queue.Queue[ServerEvent], tails: list[LogTail]
) -> None:
    log.write_text("", encoding="utf-8")
    seen: list[str] = []
    start_tail(tails, log, events, on_line=seen.append)
    settle(events, 0.1)
    line = joined("Steve")
    append(log, line[:20])
    assert settle(events, 0.15) == []
    append(log, line[20:-1] + "\r\n")
    assert take(events, 1) == [PlayerJoined("Steve")]
    assert seen == [line[:-1]]


def test_invalid_utf8_is_replaced_not_fatal(
    log: Path, events: queue.Queue[ServerEvent], tails: list[LogTail]
) -> None:
    log.write_text("", encoding="utf-8")
    tail = start_tail(tails, log, events)
    settle(events, 0.1)
    with log.open("ab") as file:
        file.write(b"[12:00:00] [Server thread/INFO]: \xff\xfe broken\n" + joined("Steve").encode())
    assert take(events, 1) == [PlayerJoined("Steve")]
    assert tail.lines == 2


def test_stop_is_prompt(log: Path, events: queue.Queue[ServerEvent]) -> None:
    tail = LogTail(log, events, poll_interval=10.0)
    tail.start()
    wait_for(lambda: tail.running)
    assert tail.stop(1.0)
