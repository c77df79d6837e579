"""The writer thread: durable outbox, outages, and two daemons sharing one PostgreSQL ladder."""

from __future__ import annotations

import multiprocessing
import queue
import time
from pathlib import Path
from typing import Any

import psycopg

from dfg_bridge.stats import (
    AskProfile,
    AskTop,
    Health,
    Ladder,
    ProfileAnswer,
    Rating,
    Record,
    Recorded,
    TopAnswer,
    Unavailable,
)
from dfg_bridge.stats.store.db import PostgresDb, SqliteDb
from dfg_bridge.stats.store.service import StatsService
from tests.stats.helpers import result
from tests.stats.pgserver import PgServer


def _wait(events: queue.Queue[object], kind: type, timeout: float = 20.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            item = events.get(timeout=0.1)
        except queue.Empty:
            continue
        if isinstance(item, kind):
            return item
    raise AssertionError(f"no {kind.__name__} within {timeout}s")


def test_sqlite_service_records_and_answers(tmp_path: Path) -> None:
    events: queue.Queue[object] = queue.Queue()
    service = StatsService(lambda: SqliteDb(tmp_path / "s.sqlite3"), Ladder(), tmp_path / "outbox.sqlite3",
                           events.put)  # fmt: skip
    service.start()
    try:
        service.submit(Record(result("A", "B", "C")))
        recorded = _wait(events, Recorded)
        assert [o.name for o in recorded.outcomes] == ["A", "B", "C"] and recorded.board[0].name == "A"
        service.submit(AskProfile("A", "A"))
        answer = _wait(events, ProfileAnswer)
        assert answer.profile is not None and answer.profile.standing.points == 30
    finally:
        service.stop()


def test_results_survive_an_outage_and_a_restart(pg_server: PgServer, pg_url: str, tmp_path: Path) -> None:
    events: queue.Queue[object] = queue.Queue()
    outbox = tmp_path / "outbox.sqlite3"
    service = StatsService(lambda: PostgresDb(pg_url, connect_timeout=1), Ladder(), outbox, events.put,
                           max_retry=0.5)  # fmt: skip
    service.start()
    service.submit(Record(result("A", "B", "C")))
    _wait(events, Recorded)
    pg_server.stop()  # the database goes away
    try:
        started = time.monotonic()
        service.submit(Record(first := result("B", "A", "C")))
        assert _wait(events, Health) == Health(False, 1)
        service.submit(AskProfile("B", "B"))
        assert _wait(events, Unavailable).asker == "B"
        assert time.monotonic() - started < 10  # nothing waits for the database for long
        service.stop()  # the daemon stops during the outage: the result is on disk
        service = StatsService(lambda: PostgresDb(pg_url, connect_timeout=1), Ladder(), outbox, events.put,
                               max_retry=0.5)  # fmt: skip
        service.start()
        service.submit(Record(second := result("C", "A", "B")))
    finally:
        pg_server.start()
    ids = {_wait(events, Recorded).match_id, _wait(events, Recorded).match_id}
    assert ids == {first.match_id, second.match_id}
    service.submit(AskProfile(None, "A"))
    profile = _wait(events, ProfileAnswer).profile
    assert profile is not None and profile.line("all").matches == 3
    service.stop()


def _daemon(
    url: str, outbox: Path, matches: list[Any], start: Any, out: Any, *, unlocked: bool = False
) -> None:
    """One daemon's stats writer in its own process: connect, wait for the other, record.

    ``unlocked`` drops the ladder lock: the check that this test can fail (updates are then lost).
    """
    if unlocked:
        PostgresDb.lock_ladder = lambda self: None  # type: ignore[method-assign]
    events: queue.Queue[object] = queue.Queue()
    service = StatsService(lambda: PostgresDb(url), Ladder(), outbox, events.put)
    service.start()
    service.submit(AskTop(None, 1))  # connected and migrated before the race starts
    _wait(events, TopAnswer)
    start.wait(30)
    for match in matches:
        service.submit(Record(match))
    for _ in matches:
        _wait(events, Recorded, 60)
    service.stop()
    out.put(service.written)


def test_two_daemons_lose_no_update(pg_url: str, tmp_path: Path, unlocked: bool = False) -> None:
    players = ("A", "B", "C", "D")
    uuids = {p: f"uuid-{p}" for p in players}
    per_daemon = 40
    ctx = multiprocessing.get_context("spawn")  # fork would copy the locks of other threads
    start, out = ctx.Barrier(2), ctx.Queue()
    procs = []
    for i in range(2):
        orders = [players[(k + i) % 4 :] + players[: (k + i) % 4] for k in range(per_daemon)]
        matches = [result(*order, uuids=uuids) for order in orders]
        outbox = tmp_path / f"outbox{i}.sqlite3"
        procs.append(
            ctx.Process(
                target=_daemon, args=(pg_url, outbox, matches, start, out), kwargs={"unlocked": unlocked}
            )
        )
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(120)
    assert [out.get(timeout=5), out.get(timeout=5)] == [per_daemon, per_daemon]
    with psycopg.connect(pg_url) as conn:
        counts = conn.execute(
            "SELECT p.name, l.matches, s.plays FROM players p JOIN stat_lines l ON l.player_id = p.id "
            "AND l.bucket = 'all' JOIN standings s ON s.player_id = p.id ORDER BY p.name"
        ).fetchall()
        assert counts == [(p, 2 * per_daemon, 2 * per_daemon) for p in players]
        for (pid,) in conn.execute("SELECT id FROM players").fetchall():
            steps = conn.execute(
                "SELECT rating_before, rating_after FROM match_players WHERE player_id = %s", (pid,)
            ).fetchall()
            # Every match started from the rating the previous one left: one unbroken chain.
            befores = sorted(round(b, 9) for b, _ in steps)
            afters = [round(a, 9) for _, a in steps]
            finals = set(afters) - set(befores)
            assert len(finals) == 1
            assert (
                sorted([round(Rating().conservative, 9), *[a for a in afters if a not in finals]]) == befores
            )
