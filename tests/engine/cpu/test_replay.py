"""The careful replay (:mod:`dfg_bridge.engine.cpu.replay`): true hands explain the acts of ``normal``
seats, sampled deals much less, and the sampler keeps the deals that explain more."""

from __future__ import annotations

import random

from dfg_bridge.engine import Match, Round, Rules
from dfg_bridge.engine.cpu import make_cpu
from dfg_bridge.engine.cpu.belief import Sampler
from dfg_bridge.engine.cpu.careful import careful_move, careful_policy
from dfg_bridge.engine.cpu.knowledge import Knowledge
from dfg_bridge.engine.cpu.replay import CarefulFit
from dfg_bridge.engine.cpu.view import read


def _positions(matches: int) -> list[Round]:
    """Positions of ``minecraft`` matches of four ``normal`` seats, a third of the way into each trick
    sequence (rounds 1 and 2)."""
    rules = Rules.preset("minecraft")
    cpu = make_cpu("normal", 0, rules=rules)
    out = []
    for seed in range(matches):
        match = Match(rules, 4, seed=seed, rounds=2)
        while not match.over:
            rnd = match.start_round()
            while not rnd.over:
                s = min(rnd.awaiting())
                obs = rnd.observation(s)
                if s == 0 and obs.phase == "play" and len(obs.history) >= 8 and obs.step % 3 == 0:
                    out.append(rnd.copy())
                rnd.apply(cpu.decide(obs, list(rnd.legal_actions(s))))
            match.finish_round()
    return out


def test_the_careful_move_is_the_careful_policy_without_its_random_fallback() -> None:
    rng = random.Random(1)
    checked = 0
    for rnd in _positions(4):
        m = careful_move(rnd, rnd.rules)
        if m is not None:
            assert careful_policy(rnd, rng, rnd.rules) == m
            checked += 1
    assert checked > 20


def test_true_hands_explain_normal_seats_far_better_than_sampled_deals() -> None:
    careful = [False] * 4
    true_misses = sampled_misses = positions = samples = 0
    for rnd in _positions(4):
        obs = rnd.observation(0)
        view = read(obs, rnd.rules)
        fit = CarefulFit(view)
        assert fit.usable
        true_misses += fit.misses(rnd.hand_masks(), careful)
        sampler = Sampler(view, Knowledge({}, {}), random.Random(positions))
        for _ in range(5):
            deal = sampler.sample()
            missed = fit.misses(deal, careful)
            # the replay stops once past its limit
            assert fit.misses(deal, careful, limit=1) == min(missed, 2)
            sampled_misses += missed
            samples += 1
        positions += 1
        # an eager seat is not checked
        assert fit.misses(rnd.hand_masks(), [True] * 4) == 0
    assert positions >= 20
    assert true_misses / positions < 0.5 * sampled_misses / samples


def test_the_sampler_keeps_the_deals_that_explain_more_acts() -> None:
    careful = [False] * 4
    plain_total = kept_total = 0
    for i, rnd in enumerate(_positions(3)):
        view = read(rnd.observation(0), rnd.rules)
        fit = CarefulFit(view)
        trust = [0.0] * 4
        plain = Sampler(view, Knowledge({}, {}), random.Random(i), trust=trust)
        kept = Sampler(view, Knowledge({}, {}), random.Random(i), trust=trust, replay=fit, replays=4)
        assert Sampler(view, Knowledge({}, {}), random.Random(i), replay=fit, replays=1).replay is None
        for _ in range(4):
            plain_total += fit.misses(plain.sample(), careful)
            kept_total += fit.misses(kept.sample(), careful)
    assert kept_total < 0.85 * plain_total
