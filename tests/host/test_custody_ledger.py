"""The custody ledger's frozen players, give-back plans and deliveries, and an older file's upgrade."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from dfg_bridge.host.ledger import CustodyLedger, CustodyState, Frozen
from dfg_bridge.host.store import DB_NAME, open_store


def test_the_first_frozen_record_wins_and_survives_a_restart(tmp_path: Path) -> None:
    ledger = CustodyLedger(open_store(tmp_path))
    first = Frozen("adventure", (1.5, 64.0, -2.5, 90.0, 10.0))
    ledger.begin("Steve", (0,), ("container.0",), frozen=first)
    # A later step sees a spectator in the sky: recording that would make it what we restore.
    assert ledger.freeze("Steve", Frozen("spectator", (1.5, 400.0, -2.5, 0.0, 0.0))) == first
    again = CustodyLedger(open_store(tmp_path))
    assert again.frozen_entry("Steve") == first and again.frozen() == {"Steve": "adventure"}
    again.thaw("Steve")
    assert again.frozen_entry("Steve") is None and again.frozen_mode("Steve") is None
    assert [s for _, s, _ in again.log("Steve")] == ["begin", "frozen", "thawed"]


def test_plan_and_deliveries_accumulate_and_pending_shrinks(tmp_path: Path) -> None:
    ledger = CustodyLedger(open_store(tmp_path))
    ledger.begin("Steve", (0,), ("container.0", "container.1", "container.2"))
    snapshot = {"container.0": "a", "container.1": "b", "container.2": "c"}
    ledger.mark("Steve", CustodyState.COPIED, snapshot=snapshot, item_count=3)
    ledger.mark("Steve", CustodyState.HELD)
    ledger.plan("Steve", {"container.0": "container.0", "container.1": "container.5"})
    record = ledger.get("Steve")
    assert record is not None and record.state is CustodyState.RESTORING and len(record.plan) == 2
    ledger.deliver("Steve", {"container.1": "container.5"})  # only one of the two copies arrived
    record = ledger.get("Steve")
    assert record is not None and record.plan == {} and record.delivered == {"container.1": "container.5"}
    assert record.pending == {"container.0": "a", "container.2": "c"}
    ledger.deliver("Steve", {"container.0": "container.0", "container.2": "container.2"})
    record = ledger.get("Steve")
    assert record is not None and record.pending == {}


def test_an_older_file_gets_the_new_columns(tmp_path: Path) -> None:
    old = sqlite3.connect(tmp_path / DB_NAME)
    old.executescript(
        """CREATE TABLE custody (player TEXT PRIMARY KEY, state TEXT NOT NULL, lockers TEXT NOT NULL,
        slots TEXT NOT NULL, snapshot TEXT NOT NULL DEFAULT '{}', item_count INTEGER NOT NULL DEFAULT 0,
        updated REAL NOT NULL);
        INSERT INTO custody VALUES
            ('Steve', 'held', '[0]', '["container.0"]', '{"container.0": "a"}', 1, 0);"""
    )
    old.close()
    ledger = CustodyLedger(open_store(tmp_path))
    record = ledger.get("Steve")
    assert record is not None and record.state is CustodyState.HELD
    assert record.plan == {} and record.delivered == {} and record.pending == {"container.0": "a"}
