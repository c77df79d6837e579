"""Benchmarks of the stats ledger (run with ``make bench``): rating per match, ``top 10`` of 100,000.

Figures are printed; nothing here asserts a speed.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from dfg_bridge.stats import Ladder, Rating, rate
from dfg_bridge.stats.store.db import Db, PostgresDb, SqliteDb
from dfg_bridge.stats.store.ladder import LadderStore
from dfg_bridge.stats.tally import PlayerState, settle
from dfg_bridge.stats.values import Standing
from tests.stats.helpers import result

pytestmark = pytest.mark.bench

PLAYERS = 100_000


def _per(label: str, seconds: float, count: int) -> None:
    print(f"\n{label}: {seconds / count * 1e3:.3f} ms each ({count} in {seconds:.2f} s)")


def test_bench_rating_update_per_match() -> None:
    rng = random.Random(1)
    for n in (4, 6):
        ratings = [Rating(rng.uniform(15, 35), rng.uniform(2, 8)) for _ in range(n)]
        count = 2000
        start = time.perf_counter()
        for _ in range(count):
            ratings = rate(ratings, rng.sample(range(1, n + 1), n))
        _per(f"openskill rate(), {n} players", time.perf_counter() - start, count)
    res = result("A", "B", "C", "D")
    before = [PlayerState(Rating(), {}, Standing(1)) for _ in range(4)]
    start = time.perf_counter()
    for _ in range(count):
        settle(res, before, Ladder())
    _per("settle() (stats + rating + points), 4 players", time.perf_counter() - start, count)


def _fill(store: LadderStore) -> None:
    """100,000 players on season 1's ladder, written in bulk."""
    rng = random.Random(7)
    db = store.db
    db.begin()
    db.many("INSERT INTO players (uuid, name, name_key, mu, sigma, seen_at) VALUES (?, ?, ?, ?, ?, 0)",
            [(f"u{i}", f"P{i}", f"p{i}", 25.0, 8.0) for i in range(PLAYERS)])  # fmt: skip
    ids = [int(r[0]) for r in db.rows("SELECT id FROM players")]
    rows = []
    for pid in ids:
        mu, sigma = rng.uniform(10, 40), rng.uniform(1, 8)
        rows.append((pid, rng.randrange(0, 1500), rng.randrange(1, 50), mu, sigma, mu - 3 * sigma))
    db.many("INSERT INTO standings (season, player_id, points, plays, mu, sigma, rating) "
            "VALUES (1, ?, ?, ?, ?, ?, ?)", rows)  # fmt: skip
    db.commit()
    db.run("ANALYZE")  # as the database's own statistics would be after a while


def _bench_store(label: str, db: Db) -> None:
    store = LadderStore(db, Ladder())
    store.migrate()
    start = time.perf_counter()
    _fill(store)
    print(f"\n{label}: filled {PLAYERS} players in {time.perf_counter() - start:.1f} s")
    store.top(10)  # warm
    count = 200
    start = time.perf_counter()
    for _ in range(count):
        _, rows = store.top(10)
    assert len(rows) == 10 and rows[0].points >= rows[-1].points
    _per(f"{label}: top 10 of {PLAYERS}", time.perf_counter() - start, count)
    count = 200
    start = time.perf_counter()
    for _ in range(count):
        store.profile("P4242")  # /dfg rank: the position counts everybody ahead
    _per(f"{label}: profile + position among {PLAYERS}", time.perf_counter() - start, count)
    count = 200
    start = time.perf_counter()
    for _ in range(count):
        store.record(result("P1", "P2", "P3", "P4", uuids={f"P{i}": f"u{i}" for i in range(1, 5)}))
    _per(f"{label}: record one 4-player match (one transaction)", time.perf_counter() - start, count)


def test_bench_sqlite(tmp_path: Path) -> None:
    _bench_store("SQLite", SqliteDb(tmp_path / "bench.sqlite3"))


def test_bench_postgres(pg_url: str) -> None:
    _bench_store("PostgreSQL", PostgresDb(pg_url))
