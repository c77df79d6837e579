"""Shared builders for the stats tests."""

from __future__ import annotations

import itertools

from dfg_bridge.stats import MatchResult, SeatResult

_ids = itertools.count(1)


def result(*names: str, ranked: bool = True, practice: bool = False, preset: str = "minecraft",
           dropped: tuple[str, ...] = (), void: bool = False, uuids: dict[str, str] | None = None,
           match_id: str | None = None, players: int | None = None) -> MatchResult:  # fmt: skip
    """A match in which ``names`` finished in this order (dropouts keep their place in the list)."""
    uuids = uuids or {}
    seats = tuple(
        SeatResult(
            n, uuids.get(n), i + 1, 10 - 3 * i, ("大富豪" if i == 0 else "大貧民",) * 3, dropped=n in dropped
        )
        for i, n in enumerate(names)
    )
    return MatchResult(match_id or f"m{next(_ids)}", "test", "t1", preset, ranked, practice,
                       players or len(names), seats, 0.0, void)  # fmt: skip
