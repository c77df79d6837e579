"""The issue's acceptance tournaments (on demand: ``pytest -m slow tests/engine/cpu``; about 1–2 hours).

Same as ``python -m dfg_bridge.engine.cpu tournament --players 4 --rules minecraft --rounds 2000
--seed 2026 --seats strong,greedy,greedy,greedy`` and friends.
"""

from __future__ import annotations

import pytest

from dfg_bridge.engine import Rules
from dfg_bridge.engine.cpu.tournament import run

SEED = 2026


@pytest.mark.slow
@pytest.mark.parametrize(("level", "target"), [("strong", 3.6), ("normal", 3.3)])
def test_minecraft_against_three_greedy(level: str, target: float) -> None:
    report = run(Rules.preset("minecraft"), [level, "greedy", "greedy", "greedy"], rounds=2000, seed=SEED)
    summary = report["levels"][level]
    assert summary["mean_points"] >= target, report
    assert summary["mean_ms"] <= 200, report
    assert summary["max_ms"] <= 400, report


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["dqx", "niconico"])
def test_strong_ahead_of_greedy(preset: str) -> None:
    report = run(Rules.preset(preset), ["strong", "greedy", "greedy", "greedy"], rounds=400, seed=SEED)
    levels = report["levels"]
    assert levels["strong"]["ci95"][0] > levels["greedy"]["mean_points"], report
