"""``dfg-bridge stats export --config FILE --format csv|json``: the stats ledger (成績の書き出し).

One row per player and stat bucket (``all``, ``preset:<name>``, ``practice``, ``practice:<name>``) with
the player's rating and the season's 段位戦ポイント and dan. Reads the configured database (SQLite or
PostgreSQL) directly; it may run beside a daemon.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from dfg_bridge.stats.store.errors import StatsDbError
from dfg_bridge.stats.store.ladder import LadderStore

_FIELDS = (
    "player_id", "uuid", "name", "season", "rating", "mu", "sigma", "dan_points", "dan", "ranked_plays",
    "bucket", "matches", "wins", "rounds", "place1", "place2", "place3", "place4", "place5", "place6",
    "daifugo", "fugo", "heimin", "hinmin", "daihinmin", "points", "mean_points", "miyako_ochi", "fouls",
    "dropouts", "streak", "best_streak",
)  # fmt: skip


def export(store: LadderStore, out: TextIO, fmt: str, season: int | None = None) -> int:
    """Write every row; returns how many."""
    rows = list(store.export(season))
    if fmt == "json":
        json.dump(rows, out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        writer = csv.DictWriter(out, fieldnames=_FIELDS, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return len(rows)


def main(argv: Sequence[str]) -> int:
    """``dfg-bridge stats export …``; exit 0, 1 (database unreachable) or 2 (bad config or arguments)."""
    parser = argparse.ArgumentParser(prog="dfg-bridge stats", description="Stats, ratings and the ladder.")
    sub = parser.add_subparsers(dest="action", required=True)
    exp = sub.add_parser("export", help="write every player's stats as CSV or JSON")
    exp.add_argument("--config", required=True, type=Path, help="the YAML config file")
    exp.add_argument("--format", choices=("csv", "json"), default="csv")
    exp.add_argument("--season", type=int, default=None, help="the season of dan points (default: current)")
    exp.add_argument("--output", type=Path, default=None, help="a file (default: standard output)")
    args = parser.parse_args(list(argv))
    from dfg_bridge.app.statswire import connector
    from dfg_bridge.config import ConfigError, load_config
    from dfg_bridge.host.fromconfig import stats_settings

    try:
        config = load_config(args.config).config
    except ConfigError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    try:
        db = connector(config.stats.database, config.data_dir)()
        store = LadderStore(db, stats_settings(config).ladder)
        store.migrate()
    except StatsDbError as exc:
        print(f"dfg-bridge stats: {exc}", file=sys.stderr)
        return 1
    try:
        if args.output is None:
            count = export(store, sys.stdout, args.format, args.season)
        else:
            with args.output.open("w", encoding="utf-8", newline="") as out:
                count = export(store, out, args.format, args.season)
    finally:
        store.db.close()
    print(f"{count} rows", file=sys.stderr)
    return 0
