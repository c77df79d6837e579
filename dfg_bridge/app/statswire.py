"""Opening the stats ledger for the daemon and the CLI (成績の接続): SQLite or PostgreSQL.

``stats.database`` is ``null`` (``stats.sqlite3`` in ``data_dir``), a SQLite file (relative paths
are inside ``data_dir``), or a ``postgresql://`` URL. The writer's durable outbox is always a local
file in ``data_dir``, so results outlive a database outage and a daemon restart.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable
from pathlib import Path

from dfg_bridge.stats import Ladder
from dfg_bridge.stats.store.db import Db, PostgresDb, SqliteDb, is_postgres
from dfg_bridge.stats.store.service import StatsService

DEFAULT_FILE = "stats.sqlite3"
OUTBOX_FILE = "stats-outbox.sqlite3"


def connector(database: str | None, data_dir: Path) -> Callable[[], Db]:
    """A function that opens a connection to the configured database."""
    if database and is_postgres(database):
        url = database
        return lambda: PostgresDb(url)
    path = Path(database) if database else Path(DEFAULT_FILE)
    if not path.is_absolute():
        path = data_dir / path
    return lambda: SqliteDb(path)


def password_of(database: str | None) -> str | None:
    """The password inside a database URL (to keep it out of the logs).

    >>> password_of("postgresql://dfg:s3cret@db/ladder"), password_of("stats.sqlite3")
    ('s3cret', None)
    """
    if not database or not is_postgres(database):
        return None
    return urllib.parse.urlsplit(database).password


def open_stats(database: str | None, data_dir: Path, ladder: Ladder, *, board_size: int = 5) -> StatsService:
    """The writer service (not started; set its ``post`` to the host's queue)."""
    return StatsService(connector(database, Path(data_dir)), ladder, Path(data_dir) / OUTBOX_FILE,
                        post=lambda _event: None, board_size=board_size)  # fmt: skip
