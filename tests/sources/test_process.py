"""ServerProcess: a real child process whose console we read and whose stdin we feed."""

from __future__ import annotations

import io
import os
import queue
import sys
import textwrap
from collections.abc import Iterator

import pytest

from dfg_bridge.model.events import (
    CommandSource,
    PlayerCommand,
    PlayerJoined,
    ServerEvent,
    ServerStarted,
    ServerStopping,
    ServerVersionSeen,
)
from dfg_bridge.sources import LogParser, ServerProcess
from tests.sources.helpers import take, wait_for

# A stand-in server console in Paper's console shape: prints its startup lines, then logs every
# console line it receives, and stops on "stop" (or ignores it when told to be stubborn).
CHILD = textwrap.dedent(
    """
    import sys
    stubborn = "stubborn" in sys.argv
    def log(msg):
        sys.stdout.write(f"[12:00:00 INFO]: {msg}\\n")
        sys.stdout.flush()
    log("Starting minecraft server version 1.21.4")
    log('Done (0.100s)! For help, type "help"')
    for line in sys.stdin:
        line = line.rstrip("\\n")
        if line == "stop" and not stubborn:
            log("Stopping server")
            sys.exit(0)
        log(line)
    """
)


@pytest.fixture
def events() -> queue.Queue[ServerEvent]:
    return queue.Queue()


@pytest.fixture
def processes() -> Iterator[list[ServerProcess]]:
    made: list[ServerProcess] = []
    yield made
    for proc in made:
        proc.stop(2.0)
        assert proc.error is None


def launch(
    processes: list[ServerProcess], events: queue.Queue[ServerEvent], *extra: str, **kw: object
) -> ServerProcess:
    argv = [sys.executable, "-u", "-c", CHILD, *extra]
    proc = ServerProcess(argv, events, LogParser(), **kw)  # type: ignore[arg-type]
    proc.start()
    processes.append(proc)
    return proc


def test_console_lines_become_events_and_are_echoed(
    events: queue.Queue[ServerEvent], processes: list[ServerProcess]
) -> None:
    echo = io.BytesIO()
    proc = launch(processes, events, echo=echo)
    assert take(events, 2) == [ServerVersionSeen("1.21.4"), ServerStarted("1.21.4")]
    assert proc.send("Steve issued server command: /dfg join")
    assert take(events, 1) == [PlayerCommand("Steve", ("join",), CommandSource.TYPED)]
    wait_for(lambda: b"issued server command" in echo.getvalue())
    assert echo.getvalue().startswith(b"[12:00:00 INFO]: Starting minecraft server version 1.21.4\n")


def test_our_console_input_is_forwarded(
    events: queue.Queue[ServerEvent], processes: list[ServerProcess]
) -> None:
    read_end, write_end = os.pipe()
    with os.fdopen(read_end, "rb", buffering=0) as console_in:
        proc = launch(processes, events, console_in=console_in)
        take(events, 2)
        os.write(write_end, b"Steve joined the game\nAlex ")
        assert take(events, 1) == [PlayerJoined("Steve")]
        os.write(write_end, b"joined the game\n")  # a line split across two reads
        assert take(events, 1) == [PlayerJoined("Alex")]
        os.write(write_end, b"stop\n")  # the operator types "stop" on our console
        assert proc.wait(5.0) == 0
        os.close(write_end)
        assert proc.stop(2.0)


def test_stop_sends_stop_and_the_server_exits_cleanly(
    events: queue.Queue[ServerEvent], processes: list[ServerProcess]
) -> None:
    proc = launch(processes, events)
    take(events, 2)
    assert proc.returncode is None and proc.pid is not None
    assert proc.stop(5.0)
    assert take(events, 1) == [ServerStopping()]
    assert proc.returncode == 0
    assert not proc.running


def test_a_server_that_ignores_stop_is_terminated(
    events: queue.Queue[ServerEvent], processes: list[ServerProcess]
) -> None:
    proc = launch(processes, events, "stubborn")
    take(events, 2)
    assert proc.stop(0.5)
    assert proc.returncode is not None and proc.returncode != 0


def test_a_server_that_exits_by_itself_ends_the_source(
    events: queue.Queue[ServerEvent], processes: list[ServerProcess]
) -> None:
    proc = launch(processes, events)
    take(events, 2)
    assert proc.send("stop")
    assert proc.wait(5.0) == 0
    wait_for(lambda: not proc.running)
    assert proc.send("anything") is False


def test_empty_command_is_refused(events: queue.Queue[ServerEvent]) -> None:
    with pytest.raises(ValueError, match="empty"):
        ServerProcess([], events)
