"""The ``normal`` and ``easy`` levels: hand-shape heuristics (定石) without search.

``normal`` keeps pairs and stairs whole, keeps jokers and 2s until they win the lead, makes 縛り
when it holds the top cards of the suit, turns the order (革命) when that helps its hand, and plays
its strong cards first once it sees a sure way out (詰み). ``easy`` plays like a careless beginner:
the weakest card that fits, pairs broken, now and then a strong card wasted or a pass for nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from dfg_bridge.engine.actions import Action, Play
from dfg_bridge.engine.cpu.base import Decision, as_list, decision_of
from dfg_bridge.engine.cpu.choices import choose
from dfg_bridge.engine.cpu.greedy import greedy_play, plain_choice
from dfg_bridge.engine.cpu.shape import normal_choice
from dfg_bridge.engine.cpu.view import View, pass_in, plays_of, read, rules_of
from dfg_bridge.engine.moves import strength
from dfg_bridge.engine.observation import Observation
from dfg_bridge.engine.rules import Rules


def normal_play(view: View, legal: Sequence[Action]) -> Action:
    """The play decision of ``normal`` (:func:`~.shape.normal_choice`)."""
    plays = plays_of(legal)
    passing = pass_in(legal)
    if not plays:
        return passing if passing is not None else legal[0]
    i = normal_choice(
        view.hand,
        view.outlook,
        [m for m, _ in plays],
        view.field,
        can_pass=passing is not None,
        lock_free=view.obs.lock is None,
    )
    if i < 0:
        assert passing is not None  # a pass is chosen only where it is legal
        return passing
    return plays[i][1]


class NormalPlayer:
    """The ``normal`` level: a good heuristic without search."""

    level = "normal"

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules

    def decide(self, observation: Observation, legal: Iterable[Action]) -> Action:
        """Pick one of ``legal``."""
        acts = as_list(legal)
        if len(acts) == 1:
            return acts[0]
        view = read(observation, rules_of(observation, self.rules))
        decision = decision_of(acts)
        if decision is Decision.PLAY:
            return normal_play(view, acts)
        return choose(view, acts, decision)


class EasyPlayer:
    """The ``easy`` level: greedy-like, with a beginner's deliberate mistakes.

    About one play in four it throws a random card or meld (often a strong one), it breaks pairs
    to follow singles, passes for no reason now and then, and never looks for a way out.
    """

    level = "easy"

    def __init__(self, seed: int, rules: Rules | None = None, blunder: float = 0.25) -> None:
        self.rules = rules
        self._rng = random.Random(seed)
        self._blunder = blunder

    def decide(self, observation: Observation, legal: Iterable[Action]) -> Action:
        """Pick one of ``legal``."""
        acts = as_list(legal)
        if len(acts) == 1:
            return acts[0]
        rng = self._rng
        if decision_of(acts) is not Decision.PLAY:
            return plain_choice(observation, acts) if rng.random() < 0.5 else rng.choice(acts)
        view = read(observation, rules_of(observation, self.rules))
        plays = [a for a in acts if isinstance(a, Play)]
        passing = pass_in(acts)
        if passing is not None and rng.random() < 0.12:
            return passing
        if plays and rng.random() < self._blunder:
            return rng.choice(plays)
        singles = [a for a in plays if a.meld.kind.value == "single"]
        if view.leading and singles and rng.random() < 0.5:
            # a beginner leads its weakest single even from a pair
            return min(singles, key=lambda a: _single_key(a, view.inverted))
        return greedy_play(view, acts)


def _single_key(a: Play, inverted: bool) -> int:
    c = a.meld.cards[0]
    return 100 if c.rank is None else strength(int(c.rank) - 3, inverted)
