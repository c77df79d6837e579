"""How the ranked ladder and the stats displays are configured (段位戦の設定), as one frozen value."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import time
from typing import Any

from dfg_bridge.stats.dan import Ladder


@dataclass(frozen=True, slots=True)
class RotationEntry:
    """One day's rules of the 日替わりルール: a bucket name and the engine's ``Rules`` value."""

    name: str
    rules: Any


@dataclass(frozen=True, slots=True)
class StatsSettings:
    """Ladder numbers, the daily rotation and the displays of stats."""

    ladder: Ladder = field(default_factory=Ladder)
    games: int = 3
    """Games (rounds) in one ranked play (seed 000: 「段位戦は1プレイ3ゲームです」)."""
    rotation: tuple[RotationEntry, ...] = ()
    """The ranked tables' daily rules; empty: each table keeps its own rules."""
    rotation_at: time = time(6, 0)
    """When the rules change, server time."""
    server: str = ""
    """This server's name in a network (recorded with each match)."""
    board_size: int = 5
    """Rows of the leaderboard text beside each table."""
    board_refresh: float = 60.0
    """Seconds between leaderboard reads (other servers of a network change it too)."""
    announce_wait: float = 2.0
    """Seconds a ranked table's standings broadcast waits for the rating changes."""
