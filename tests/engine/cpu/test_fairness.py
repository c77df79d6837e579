"""Fair play: a CPU sees an Observation only, and its choices do not depend on the hidden hands."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from dfg_bridge.engine import Action, Card, Meld, Observation, Play, Round, Rules
from dfg_bridge.engine.cpu import make_cpu
from dfg_bridge.engine.cpu.greedy import GreedyPlayer
from dfg_bridge.engine.cpu.strong import StrongPlayer
from tests.engine.cpu.positions import positions

_VALUE_TYPES = (int, str, bool, float, type(None), Card)


def _walk(value: Any, path: str, out: list[tuple[str, Any]]) -> None:
    """Every leaf of an observation, with its path."""
    if isinstance(value, _VALUE_TYPES):
        out.append((path, value))
    elif isinstance(value, (tuple, list, frozenset, set)):
        for i, v in enumerate(value):
            _walk(v, f"{path}[{i}]", out)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _walk(getattr(value, f.name), f"{path}.{f.name}", out)
    elif hasattr(value, "value") and type(value).__module__.startswith("dfg_bridge.engine"):
        out.append((path, value))  # an enum
    else:
        raise AssertionError(f"{path}: unexpected {type(value).__name__} in an observation")


def test_observation_is_plain_values_and_hides_other_hands() -> None:
    for rnd, seat in positions(800, seed=5):
        obs = rnd.observation(seat)
        leaves: list[tuple[str, Any]] = []
        _walk(obs, "obs", leaves)  # raises on anything that is not a plain value (a Round, say)
        others: set[Card] = set()
        for s in range(rnd.n_seats):
            if s != seat:
                others.update(rnd.hand(s))
        assert tuple(obs.hand) == rnd.hand(seat)
        for giver, receiver, _cards in obs.transfers:
            assert seat in (giver, receiver)  # only this seat's own exchanges / 7渡し / 買収
        for path, v in leaves:
            if isinstance(v, Card) and v in others and not path.startswith(("obs.unseen", "obs.transfers")):
                # a card in another hand shows up only if it was public once (played, then taken back
                # by 7渡し / なかまカード) — never as part of a hand
                assert v in obs.seen or path.startswith(("obs.history", "obs.field")), (path, v)
                assert not path.startswith("obs.hand"), (path, v)


def _swap_unplayed(hands: list[list[Card]], played: set[Card], rng: random.Random) -> list[list[Card]]:
    """Swap one never-played card between two other seats (seat 0 untouched)."""
    out = [list(h) for h in hands]
    a, b = 1, 2
    ca = [c for c in out[a] if c not in played]
    cb = [c for c in out[b] if c not in played]
    x, y = rng.choice(ca), rng.choice(cb)
    out[a][out[a].index(x)] = y
    out[b][out[b].index(y)] = x
    return out


def _mid_round_pair(seed: int, steps: int) -> tuple[Round, Round] | None:
    """Two rounds with the same public story and seat-0 hand but different hidden hands."""
    rules = Rules.preset("minecraft")
    base = Round.deal(rules, 4, seed)
    hands = [list(base.hand(s)) for s in range(4)]
    a = Round.from_hands(rules, hands)
    greedy = [GreedyPlayer(rules) for _ in range(4)]
    actions: list[Action] = []
    while len(actions) < steps and not a.over:
        s = a.to_act
        assert s is not None
        if s == 0 and len(actions) >= steps // 2:
            break
        act = greedy[s].decide(a.observation(s), a.legal_actions(s))
        a.apply(act)
        actions.append(act)
    if a.over or a.to_act != 0:
        return None
    played = {c for act in actions if isinstance(act, Play) for c in act.meld.cards}
    b = Round.from_hands(rules, _swap_unplayed(hands, played, random.Random(seed)))
    for act in actions:
        b.apply(act)
    return a, b


def _cpu(level: str, seed: int, rules: Rules) -> Any:
    if level == "strong":
        # a huge budget and a fixed number of deals: the choice is reproducible
        return StrongPlayer(seed, budget_ms=60_000, rules=rules, max_deals=6)
    return make_cpu(level, seed, rules=rules)


@pytest.mark.parametrize("level", ["greedy", "easy", "normal", "strong"])
def test_choice_does_not_depend_on_hidden_hands(level: str) -> None:
    checked = 0
    for seed in range(40):
        pair = _mid_round_pair(seed, steps=12)
        if pair is None:
            continue
        a, b = pair
        assert a.hand(1) != b.hand(1)
        oa, ob = a.observation(0), b.observation(0)
        assert oa == ob
        la, lb = list(a.legal_actions(0)), list(b.legal_actions(0))
        assert la == lb

        assert _cpu(level, seed, a.rules).decide(oa, la) == _cpu(level, seed, a.rules).decide(ob, lb)
        checked += 1
    assert checked >= 10


def test_strong_never_gets_the_round() -> None:
    """The CPU's only inputs are an Observation and actions: hand it a copy stripped of everything else."""
    rnd = Round.from_hands(
        Rules(), [list(Meld.cards_of(t)) for t in ("D3 S5 S9 HK", "S4 S6 H9 D2", "H4 H7 C9 JK")]
    )
    obs = rnd.observation(0)
    clone = Observation(**{f.name: getattr(obs, f.name) for f in dataclasses.fields(obs)})
    legal = tuple(rnd.legal_actions(0))
    action = StrongPlayer(1, budget_ms=30, rules=rnd.rules).decide(clone, legal)
    assert action in legal
