"""Host test fixtures: no daemon outlives its test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.host.rig import LIVE


@pytest.fixture(autouse=True)
def _stop_leftover_daemons() -> Iterator[None]:
    """Kill (as ``kill -9`` would) every rig daemon a test left running: their threads would keep
    polling a stopped server through the rest of the session and race the interpreter's exit."""
    yield
    for rig in list(LIVE):
        rig.kill_daemon()
