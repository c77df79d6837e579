"""Every decision of every level is legal (10^4 positions over all presets, decisions of every kind)."""

from __future__ import annotations

import collections

from hypothesis import given, settings
from hypothesis import strategies as st

from dfg_bridge.engine import Rules
from dfg_bridge.engine.cpu import CpuPlayer, Decision, make_cpu
from dfg_bridge.engine.cpu.base import decision_of
from tests.engine.cpu.positions import PRESETS, positions, walk


def test_every_choice_legal_on_ten_thousand_positions() -> None:
    cpus: dict[tuple[str, str], CpuPlayer] = {}
    kinds: collections.Counter[Decision] = collections.Counter()
    n = 0
    for rnd, seat in positions(10_000, seed=1):
        legal = list(rnd.legal_actions(seat))
        obs = rnd.observation(seat)
        kinds[decision_of(legal)] += 1
        for level in ("greedy", "easy", "normal"):
            key = (level, rnd.rules.name)
            cpu = cpus.get(key)
            if cpu is None:
                cpu = cpus[key] = make_cpu(level, seed=n, rules=rnd.rules)
            action = cpu.decide(obs, legal)
            assert rnd.is_legal(action), (level, rnd.rules.name, action, obs)
        n += 1
    assert n == 10_000
    # the walk reaches every kind of decision the presets have
    assert set(kinds) == set(Decision), kinds


def test_strong_choices_legal_with_a_small_budget() -> None:
    cpus: dict[str, CpuPlayer] = {}
    for rnd, seat in positions(600, seed=2):
        legal = list(rnd.legal_actions(seat))
        cpu = cpus.get(rnd.rules.name)
        if cpu is None:
            cpu = cpus[rnd.rules.name] = make_cpu("strong", seed=3, budget_ms=4, rules=rnd.rules)
        action = cpu.decide(rnd.observation(seat), legal)
        assert rnd.is_legal(action), (rnd.rules.name, action)


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10**6),
    level=st.sampled_from(["easy", "normal", "greedy"]),
)
def test_whole_rounds_with_one_level_everywhere(preset: str, seed: int, level: str) -> None:
    rules = Rules.preset(preset)
    cpu = make_cpu(level, seed, rules=rules)
    for rnd, seat in walk(rules, seed, rounds=1):
        legal = rnd.legal_actions(seat)
        assert rnd.is_legal(cpu.decide(rnd.observation(seat), legal))
