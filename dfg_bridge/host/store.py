"""The daemon's durable state: one SQLite file in the data directory (永続化).

The custody ledger and the match journal live here. Every write is its own committed transaction
(``synchronous=FULL`` in WAL mode), so after a ``kill -9`` the file holds exactly the steps whose
commit returned — which is what the write-ahead orders in :mod:`dfg_bridge.host.custody` and
:mod:`dfg_bridge.host.journal` rely on.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

DB_NAME = "dfg_bridge.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS custody (
    player TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    lockers TEXT NOT NULL,
    slots TEXT NOT NULL,
    snapshot TEXT NOT NULL DEFAULT '{}',
    item_count INTEGER NOT NULL DEFAULT 0,
    updated REAL NOT NULL,
    plan TEXT NOT NULL DEFAULT '{}',
    delivered TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS frozen (
    player TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    place TEXT NOT NULL DEFAULT '[]',
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS custody_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player TEXT NOT NULL,
    step TEXT NOT NULL,
    at REAL NOT NULL,
    detail TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS lobby (
    table_id TEXT NOT NULL,
    player TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (table_id, player)
);
CREATE TABLE IF NOT EXISTS match_journal (
    table_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


def open_store(data_dir: Path | str) -> sqlite3.Connection:
    """Open (creating if needed) the state database in ``data_dir``.

    The connection is in autocommit mode; callers group writes with ``with conn:`` blocks.
    """
    path = Path(data_dir)
    path.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path / DB_NAME, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.executescript(_SCHEMA)
    _migrate(conn)
    return conn


_ADDED_COLUMNS = {
    "custody": (
        ("plan", "TEXT NOT NULL DEFAULT '{}'"),
        ("delivered", "TEXT NOT NULL DEFAULT '{}'"),
    ),
}
"""Columns added after the first release; an older file gets them (with their defaults) on open."""


def _migrate(conn: sqlite3.Connection) -> None:
    for table, columns in _ADDED_COLUMNS.items():
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        for name, decl in columns:
            if name not in have:
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {name} {decl}")
