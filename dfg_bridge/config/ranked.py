"""The ``stats:`` and ``ranked:`` sections of the configuration (成績・段位戦の設定).

Stats are on by default (a SQLite file in ``data_dir``); ``stats.database: postgresql://…`` shares
one ladder between the daemons of a network. ``ranked:`` holds the numbers of seed 000's ladder,
which the seed itself does not give: points per title, the dan thresholds, the dropout penalty, and
the daily rules rotation (日替わりルール) of the tables marked ``ranked: true``.
"""

# ruff: noqa: RUF009 - opt() is a dataclasses.field() wrapper, evaluated once per class as intended

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dfg_bridge.config.choices import Preset
from dfg_bridge.config.fields import RuleValue, matching, no_rules, opt
from dfg_bridge.stats.dan import DEFAULT_THRESHOLDS


@dataclass(frozen=True, kw_only=True)
class StatsConfig:
    """``stats:`` recording stats and ratings (成績)."""

    enabled: bool = opt(True, "Record stats, ratings and the ranked ladder.")
    database: str | None = opt(
        None,
        "`null`: `stats.sqlite3` in `data_dir`; a SQLite file (relative: in `data_dir`); or "
        "`postgresql://user@host/db` to share "
        "one ladder between servers (needs `pip install 'dfg-bridge[postgres]'`; a password is better in "
        "`~/.pgpass` or `PGPASSWORD`).",
        quiet=True,
    )
    server_name: str = opt("", "This server's name in the match records; default: the host name.", quiet=True)
    leaderboard_size: int = opt(5, "Players on the leaderboard text beside each table.", min=1, max=10)
    leaderboard_refresh: float = opt(60.0, "Seconds between leaderboard reads (other servers change it).",
                                     min=5.0)  # fmt: skip
    announce_wait: float = opt(
        2.0, "Seconds a ranked table's standings wait for the rating changes before they go out.", min=0.0,
        max=30.0,
    )  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class PointsConfig:
    """段位戦ポイント for a ranked play's final title."""

    daifugo: int = opt(30, "大富豪 (1st).")
    fugo: int = opt(15, "富豪.")
    heimin: int = opt(5, "平民.")
    hinmin: int = opt(-5, "貧民.")
    daihinmin: int = opt(-15, "大貧民 (last).")


@dataclass(frozen=True, kw_only=True)
class RotationConfig:
    """One day of the 日替わりルール."""

    name: str = opt("", "Name in `/dfg status` and per-rules stats; default: the preset's.", quiet=True)
    preset: Preset = opt(Preset.MINECRAFT, "Rule preset of the day.")
    rules: Mapping[str, RuleValue] = opt(factory=no_rules, doc="Rule options on top of it.", quiet=True)


@dataclass(frozen=True, kw_only=True)
class RankedConfig:
    """``ranked:`` the ladder of tables marked ``ranked: true`` (段位戦, seed 000)."""

    games: int = opt(3, "Games in one ranked play (seed 000: 「1プレイ3ゲーム」).", min=1, max=20)
    rotation: tuple[RotationConfig, ...] = opt(
        (), "The daily rules, one entry a day in turn; empty: each ranked table keeps its own `game:`."
    )
    rotation_time: str = opt(
        "06:00", "When the day's rules change, server time (seed 000: 6:00).",
        check=matching(r"([01]?\d|2[0-3]):[0-5]\d", "a time of day HH:MM"),
    )  # fmt: skip
    points: PointsConfig = opt(factory=PointsConfig, doc="段位戦ポイント by final title.")
    dan_points: tuple[int, ...] = opt(
        DEFAULT_THRESHOLDS, "Points needed for 初段 … 十段, 十段強, 十段超: 12 rising numbers from 0."
    )
    dropout_penalty: int = opt(40, "段位戦ポイント lost for leaving or disconnecting mid-play (脱落).", min=0)
