"""The ladder store on SQLite and on a real PostgreSQL server: one transaction per match."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from dfg_bridge.stats import Dan, Ladder, Rating
from dfg_bridge.stats.store.db import Db, PostgresDb, SqliteDb
from dfg_bridge.stats.store.ladder import LadderStore
from dfg_bridge.stats.store.schema import VERSION
from tests.stats.helpers import result


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LadderStore]:
    db: Db
    if request.param == "sqlite":
        db = SqliteDb(tmp_path / "stats.sqlite3")
    else:
        db = PostgresDb(request.getfixturevalue("pg_url"))
    store = LadderStore(db, Ladder())
    assert store.migrate() == 0
    yield store
    db.close()


def test_migrations_are_versioned_and_idempotent(store: LadderStore) -> None:
    assert store.migrate() == VERSION
    assert store.season() == 1


def test_a_match_is_recorded_once(store: LadderStore) -> None:
    res = result("A", "B", "C", "D")
    written = store.record(res)
    assert written is not None
    season, outcomes = written
    assert season == 1 and [o.points_change for o in outcomes] == [30, 15, 0, 0]
    assert store.record(res) is None  # the same match again (a retry) counts once
    _, profile = store.profile("A")
    assert profile is not None
    line = profile.line("all")
    assert line is not None and line.matches == 1 and line.wins == 1 and line.rounds == 3
    assert profile.line("preset:minecraft") == dataclasses.replace(line, bucket="preset:minecraft")
    assert profile.standing is not None and profile.standing.points == 30 and profile.position == 1
    assert profile.rating.conservative > Rating().conservative


def test_top_orders_by_points_then_rating(store: LadderStore) -> None:
    store.record(result("A", "B", "C", "D"))
    store.record(result("B", "A", "C", "D"))
    season, rows = store.top(3)
    assert season == 1
    assert [(r.name, r.points) for r in rows][:2] in ([("A", 45), ("B", 45)], [("B", 45), ("A", 45)])
    assert [r.position for r in rows] == [1, 2, 3]
    assert rows[0].rating >= rows[1].rating


def test_practice_is_kept_apart(store: LadderStore) -> None:
    store.record(result("Solo", practice=True, players=4))
    _, profile = store.profile("Solo")
    assert profile is not None
    assert profile.line("all") is None and profile.line("practice") is not None
    assert profile.standing is None and profile.rating == Rating()
    assert store.top(10)[1] == []


def test_uuid_follows_a_rename_and_claims_a_name_only_row(store: LadderStore) -> None:
    store.record(result("Alex", "B", "C"))  # no UUID seen yet: kept under the name
    store.seen("Alex", "u-alex")  # the next login shows the UUID: the row is claimed
    store.record(result("Alexis", "B", "C", uuids={"Alexis": "u-alex"}))  # renamed
    _, old = store.profile("Alex")
    _, new = store.profile("Alexis")
    assert old is None
    assert new is not None and new.uuid == "u-alex"
    line = new.line("all")
    assert line is not None and line.matches == 2 and line.wins == 2
    # somebody else takes the old name: a new player
    store.record(result("B", "Alex", "C", uuids={"Alex": "u-other"}))
    _, other = store.profile("Alex")
    assert other is not None and other.uuid == "u-other"


def test_new_season_resets_dans_per_seed_000(store: LadderStore) -> None:
    ladder = store.ladder
    for _ in range(40):  # A wins 40 plays: 1200 points, 十段強
        store.record(result("A", "B", "C", "D"))
    _, profile = store.profile("A")
    assert profile is not None and profile.standing is not None
    assert ladder.dan(profile.standing.points) is Dan.JUDAN_KYO
    assert store.new_season() == 2
    _, profile = store.profile("A")
    assert profile is not None and profile.standing is not None
    assert profile.standing.season == 2 and ladder.dan(profile.standing.points) is Dan.NANADAN
    _, b = store.profile("B")
    assert b is not None and b.standing is not None and b.standing.points == 300  # 600: 七段 → 四段


def test_migration_waits_for_the_ladder_lock_before_creating_anything(pg_url: str) -> None:
    # Two daemons starting on one fresh database raced in CREATE TABLE (pg_type duplicate key): the
    # whole migration, the schema table included, must run under the ladder lock.
    holder = PostgresDb(pg_url)
    holder.begin()
    holder.lock_ladder()
    other = LadderStore(PostgresDb(pg_url), Ladder())
    migrating = threading.Thread(target=other.migrate)
    migrating.start()
    try:
        migrating.join(1.0)
        assert migrating.is_alive(), "the migration did not wait for the lock"
        assert holder.rows("SELECT to_regclass('dfg_schema')") == [(None,)]
    finally:
        holder.commit()
        migrating.join(10.0)
    assert other.season() == 1
    holder.close()
