"""The durable outbox (未送信の結果): match results wait here until the database has them.

A local SQLite file in ``data_dir``, written by the writer thread the moment a result arrives, so
a database outage — or a daemon restart during one — loses nothing. Entries leave in order, and
only after the database committed them.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from dfg_bridge.stats.values import MatchResult


class Outbox:
    """An ordered, durable queue of :class:`~dfg_bridge.stats.values.MatchResult` values."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, match_id TEXT UNIQUE,"
            " result TEXT NOT NULL)"
        )
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS rejected (seq INTEGER PRIMARY KEY, result TEXT NOT NULL,"
            " problem TEXT)"
        )

    def put(self, result: MatchResult) -> None:
        """Keep a result (a second copy of the same match is ignored)."""
        self._conn.execute(
            "INSERT INTO outbox (match_id, result) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (result.match_id, result.to_json()),
        )

    def first(self) -> tuple[int, MatchResult] | None:
        """The oldest waiting result."""
        row = self._conn.execute("SELECT seq, result FROM outbox ORDER BY seq LIMIT 1").fetchone()
        return None if row is None else (int(row[0]), MatchResult.from_json(str(row[1])))

    def done(self, seq: int) -> None:
        """The database has it."""
        self._conn.execute("DELETE FROM outbox WHERE seq = ?", (seq,))

    def reject(self, seq: int, problem: str) -> None:
        """Set a result the database refuses for good aside (kept for the operator, never retried)."""
        with self._conn:
            self._conn.execute("BEGIN")
            self._conn.execute(
                "INSERT INTO rejected (seq, result, problem) SELECT seq, result, ? FROM outbox WHERE seq = ?",
                (problem, seq),
            )
            self._conn.execute("DELETE FROM outbox WHERE seq = ?", (seq,))

    def __len__(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM outbox").fetchone()[0])

    def close(self) -> None:
        """Close the file."""
        self._conn.close()
