"""Speed targets of issue 2 (run with ``make bench``; figures printed with ``-s``).

* ≥ 300 random-policy 4-player ``minecraft`` rounds per second on one core;
* legal-action generation for an 18-card hand with 2 jokers on an empty field ≤ 1 ms.

Best of several runs: the machine is shared, so single runs are noisy.
"""

from __future__ import annotations

import time

import pytest

from dfg_bridge.engine import Round, Rules, parse_cards
from dfg_bridge.engine.bench import run_bench

HAND_18 = "S3 H3 D4 S5 S6 S7 H7 D7 C7 S8 H9 H10 HJ DQ SK CA JK JK"


@pytest.mark.bench
def test_random_rounds_per_second() -> None:
    runs = [run_bench(4, Rules.preset("minecraft"), 1000, seed, "random") for seed in range(3)]
    best = max(r["rounds_per_second"] for r in runs)
    print(f"\nrandom-policy 4-player minecraft rounds/s (best of 3 × 1000): {best}")
    assert best >= 300


def _time_per_call(fn: object, n: int) -> float:
    assert callable(fn)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - start) / n)
    return best


@pytest.mark.bench
def test_legal_actions_for_18_cards_with_two_jokers() -> None:
    rules = Rules.preset("dqx").replace(nakama_card=False)
    hands = [list(parse_cards(HAND_18)), list(parse_cards("D3")), list(parse_cards("C3"))]
    rnd = Round.from_hands(rules, hands, 0)

    def compact() -> None:
        rnd.cache[0] = None  # no per-hand cache: generate from scratch
        rnd.moves()

    def public() -> None:
        rnd.cache[0] = None
        list(rnd.legal_actions())

    n_moves = len(rnd.moves())
    t_compact = _time_per_call(compact, 500)
    t_public = _time_per_call(public, 50)
    print(f"\n18 cards + 2 jokers, empty field: {n_moves} actions; compact {t_compact * 1e3:.3f} ms, "
          f"as public Action objects {t_public * 1e3:.3f} ms")  # fmt: skip
    assert t_compact <= 1e-3
    assert t_public <= 1e-3
