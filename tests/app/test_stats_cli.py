"""``dfg-bridge stats export --format csv|json`` and the daemon's stats wiring from the config."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.app.run import _stats_for
from dfg_bridge.app.stats import main
from dfg_bridge.cli import main as cli_main
from dfg_bridge.config import load_config
from dfg_bridge.host.fromconfig import host_settings
from dfg_bridge.stats import Ladder
from dfg_bridge.stats.store.db import SqliteDb
from dfg_bridge.stats.store.ladder import LadderStore
from tests.app.helpers import write_config
from tests.stats.helpers import result


def _seed(data: Path) -> None:
    store = LadderStore(SqliteDb(data / "stats.sqlite3"), Ladder())
    store.migrate()
    store.record(result("Alice", "Bob", "Carol", uuids={"Alice": "u-alice"}))
    store.record(result("Alice", practice=True, players=4))
    store.db.close()


def test_export_json_and_csv(sim: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = write_config(tmp_path, sim)
    _seed(tmp_path / "data")
    assert cli_main(["stats", "export", "--config", str(config), "--format", "json"]) == 0
    out = capsys.readouterr()
    rows = json.loads(out.out)
    assert "8 rows" in out.err  # Alice: all, preset, practice, practice:preset; Bob and Carol: all, preset
    alice = {r["bucket"]: r for r in rows if r["name"] == "Alice"}
    assert set(alice) == {"all", "preset:minecraft", "practice", "practice:minecraft"}
    assert alice["all"]["wins"] == 1 and alice["all"]["dan"] == "初段" and alice["all"]["dan_points"] == 30
    assert alice["all"]["uuid"] == "u-alice" and alice["practice"]["matches"] == 1
    target = tmp_path / "out.csv"
    assert main(["export", "--config", str(config), "--format", "csv", "--output", str(target)]) == 0
    table = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert len(table) == len(rows) and table[0]["name"] == "Alice" and "best_streak" in table[0]


def test_export_reports_bad_configs_and_unreachable_databases(
    sim: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text("rcon: [\n", encoding="utf-8")
    assert main(["export", "--config", str(bad)]) == 2
    config = write_config(tmp_path, sim, extra="stats:\n  database: postgresql://nobody@127.0.0.1:1/none\n")
    assert main(["export", "--config", str(config)]) == 1
    assert "cannot connect" in capsys.readouterr().err


def test_the_daemon_gets_a_writer_unless_stats_are_off(sim: Any, tmp_path: Path) -> None:
    config = load_config(write_config(tmp_path, sim)).config
    service = _stats_for(config, host_settings(config))
    assert service is not None and service.up
    off = load_config(write_config(tmp_path, sim, extra="stats:\n  enabled: false\n")).config
    assert _stats_for(off, host_settings(off)) is None
    assert host_settings(off).tables[0].board is None  # no leaderboard without stats
