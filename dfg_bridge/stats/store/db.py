"""The two databases behind one small interface (データベース接続): SQLite and PostgreSQL.

:class:`Db` is what the ladder store needs of a connection: explicit transactions, rows, a ladder
lock, and a way to tell an outage (retry later) from a bug (never retried). SQL is written once
with ``?`` placeholders; the PostgreSQL side rewrites them for psycopg.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from dfg_bridge.stats.store.errors import StatsDbError

Row = tuple[Any, ...]

LADDER_LOCK = 0x64666731
"""PostgreSQL advisory lock key ("dfg1") every match update and season roll holds."""


class Db(Protocol):
    """A connection the ladder store runs its transactions on."""

    id_column: str
    """DDL of an auto-numbered primary key."""

    def begin(self) -> None:
        """Start a write transaction."""

    def commit(self) -> None:
        """Commit it."""

    def rollback(self) -> None:
        """Roll it back (never raises)."""

    def lock_ladder(self) -> None:
        """Serialize with every other daemon's ladder writes until the transaction ends."""

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run a query, return every row."""

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement, return the row count."""

    def many(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        """Run a statement for each parameter row."""

    def is_outage(self, exc: BaseException) -> bool:
        """Whether ``exc`` means the database is unreachable or busy (worth retrying)."""

    def close(self) -> None:
        """Close the connection (never raises)."""


class SqliteDb:
    """A SQLite file (the default, no set-up); ``BEGIN IMMEDIATE`` takes the write lock."""

    id_column = "INTEGER PRIMARY KEY"

    def __init__(self, path: Path | str, *, timeout: float = 10.0) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._conn = sqlite3.connect(str(path), timeout=timeout, isolation_level=None,
                                         check_same_thread=False)  # fmt: skip
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.Error as exc:
            raise StatsDbError(f"cannot open {path}: {exc}", code="unreachable") from exc

    def begin(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE")

    def commit(self) -> None:
        self._conn.execute("COMMIT")

    def rollback(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._conn.execute("ROLLBACK")

    def lock_ladder(self) -> None:
        return None  # BEGIN IMMEDIATE already excludes every other writer of the file

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(self._conn.execute(sql, tuple(params)).fetchall())

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(self._conn.execute(sql, tuple(params)).rowcount)

    def many(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        self._conn.executemany(sql, (tuple(p) for p in params))

    def is_outage(self, exc: BaseException) -> bool:
        return isinstance(exc, sqlite3.OperationalError | StatsDbError)

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._conn.close()


_QMARK = re.compile(r"\?")


class PostgresDb:
    """A PostgreSQL server through psycopg 3 (the ``dfg-bridge[postgres]`` extra)."""

    id_column = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"

    def __init__(self, url: str, *, connect_timeout: float = 3.0) -> None:
        try:
            import psycopg
        except ImportError as exc:
            raise StatsDbError(
                "stats.database is PostgreSQL but psycopg is missing: pip install 'dfg-bridge[postgres]'",
                code="no_driver",
            ) from exc
        self._psycopg = psycopg
        try:
            self._conn = psycopg.connect(url, autocommit=True, connect_timeout=max(1, round(connect_timeout)))
        except psycopg.Error as exc:
            raise StatsDbError(f"cannot connect: {type(exc).__name__}", code="unreachable") from exc

    def begin(self) -> None:
        self._conn.execute("BEGIN")

    def commit(self) -> None:
        self._conn.execute("COMMIT")

    def rollback(self) -> None:
        with contextlib.suppress(self._psycopg.Error):
            self._conn.execute("ROLLBACK")

    def lock_ladder(self) -> None:
        self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (LADDER_LOCK,))

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        cur = self._conn.execute(_QMARK.sub("%s", sql), tuple(params))
        return [tuple(r) for r in cur.fetchall()]

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        cur = self._conn.execute(_QMARK.sub("%s", sql), tuple(params))
        return int(cur.rowcount)

    def many(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        with self._conn.cursor() as cur:
            cur.executemany(_QMARK.sub("%s", sql), [tuple(p) for p in params])

    def is_outage(self, exc: BaseException) -> bool:
        errors = self._psycopg.errors
        return isinstance(
            exc,
            self._psycopg.OperationalError
            | self._psycopg.InterfaceError
            | errors.SerializationFailure
            | errors.DeadlockDetected
            | errors.AdminShutdown
            | StatsDbError,
        ) or bool(self._conn.closed)

    def close(self) -> None:
        with contextlib.suppress(self._psycopg.Error):
            self._conn.close()


def is_postgres(database: str) -> bool:
    """Whether ``stats.database`` names a PostgreSQL server (else it is a SQLite file).

    >>> is_postgres("postgresql://dfg@db/ladder"), is_postgres("postgres://x"), is_postgres("stats.sqlite3")
    (True, True, False)
    """
    return database.startswith(("postgresql://", "postgres://"))


def redact(database: str) -> str:
    """The database name fit for a log line: a URL's password is replaced by ``***``.

    >>> redact("postgresql://dfg:s3cret@db:5432/ladder")
    'postgresql://dfg:***@db:5432/ladder'
    """
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", database)
