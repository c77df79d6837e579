"""CPU benchmarks and the tournament contract of issue 15 (on demand: ``make bench``; figures with ``-s``).

* playout throughput: deals per CPU second of ``strong``'s search on fixed positions (a fixed deal
  count, so the figure compares code, not clocks);
* the tournaments: 5-player ``uecda`` ``strong`` vs 4 ``greedy`` and 4-player ``minecraft`` ``strong``
  vs 3 ``normal``, 2,000 rounds each, with the 95 % interval and the decision-time distribution.
  Same as ``python -m dfg_bridge.engine.cpu tournament --players 5 --rules uecda --rounds 2000
  --seed 2026 --seats strong,greedy,greedy,greedy,greedy`` (and ``--players 4 --rules minecraft
  --seats strong,normal,normal,normal``), with ``--clock cpu``: ``strong``'s budget is CPU time, so
  the figures are those of one core however busy the shared machine is. Targets: ≥ 4.4 and ≥ 3.6
  mean points, every decision ≤ 200 ms, p99 ≤ 150 ms (CPU time; the wall-clock figures and the load
  average are printed beside them).
"""

from __future__ import annotations

import json
import os
import time

import pytest

from dfg_bridge.engine import Rules
from dfg_bridge.engine.cpu.strong import StrongPlayer
from dfg_bridge.engine.cpu.tournament import run
from tests.engine.cpu.positions import positions

SEED = 2026


def _search_positions() -> list[tuple[object, list[object], Rules]]:
    out = []
    for rnd, seat in positions(1500, seed=11):
        if rnd.phase.value != "play" or rnd.to_act != seat or sum(rnd.hand_counts()) > 32:
            continue
        legal = list(rnd.legal_actions(seat))
        if len(legal) >= 3:
            out.append((rnd.observation(seat), legal, rnd.rules))
    return out[:120]


@pytest.mark.bench
def test_search_deals_per_cpu_second() -> None:
    pos = _search_positions()
    best = float("inf")
    deals = 0
    for _ in range(3):
        start = time.process_time()
        deals = 0
        for i, (obs, legal, rules) in enumerate(pos):
            cpu = StrongPlayer(i, budget_ms=60_000, rules=rules, max_deals=30)
            cpu.decide(obs, legal)  # type: ignore[arg-type]
            deals += cpu.last_deals
        best = min(best, time.process_time() - start)
    print(f"\nstrong search: {deals} deals on {len(pos)} positions, {deals / best:.1f} deals per CPU second")
    assert deals > 0


@pytest.mark.bench
@pytest.mark.parametrize(
    ("preset", "seats", "target"),
    [
        ("uecda", ["strong", "greedy", "greedy", "greedy", "greedy"], 4.4),
        ("minecraft", ["strong", "normal", "normal", "normal"], 3.6),
    ],
)
def test_tournament_contract(preset: str, seats: list[str], target: float) -> None:
    load = os.getloadavg()
    report = run(Rules.preset(preset), seats, rounds=2000, seed=SEED, clock="cpu")
    strong = report["levels"]["strong"]
    print(
        "\n"
        + json.dumps(
            {
                "preset": preset,
                "load_before": load,
                "load_after": os.getloadavg(),
                "strong": strong,
                "others": report["levels"][seats[1]],
            }
        )
    )
    assert strong["mean_points"] >= target, strong
    assert strong["cpu_max_ms"] <= 200, strong
    assert strong["cpu_p99_ms"] <= 150, strong
