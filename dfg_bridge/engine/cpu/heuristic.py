"""The ``normal`` and ``easy`` levels: hand-shape heuristics (定石) without search.

``normal`` keeps pairs and stairs whole, keeps jokers and 2s until they win the lead, makes 縛り
when it holds the top cards of the suit, turns the order (革命) when that helps its hand, and plays
its strong cards first once it sees a sure way out (詰み). ``easy`` plays like a careless beginner:
the weakest card that fits, pairs broken, now and then a strong card wasted or a pass for nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from dfg_bridge.engine.actions import Action, Pass, Play
from dfg_bridge.engine.cpu.base import Decision, as_list, decision_of
from dfg_bridge.engine.cpu.choices import choose
from dfg_bridge.engine.cpu.greedy import greedy_play, plain_choice
from dfg_bridge.engine.cpu.hand import (
    Outlook,
    answerable,
    cuts,
    follow_mate,
    is_foul,
    mate_line,
    order_for_followers,
    split,
    triggers_revolution,
)
from dfg_bridge.engine.cpu.view import View, pass_in, plays_of, read, rules_of
from dfg_bridge.engine.moves import (
    S3_BIT,
    Move,
    bits,
    move_strength,
    strength,
)
from dfg_bridge.engine.observation import Observation
from dfg_bridge.engine.rules import Rules


def _same(m: Move, other: Move) -> bool:
    return m[0] == other[0] and m[1] == other[1]


def _find(plays: list[tuple[Move, Play]], m: Move) -> Play | None:
    for pm, action in plays:
        if _same(pm, m):
            return action
    return None


def _after(m: Move, o: Outlook) -> Outlook:
    """The outlook for the rest of the hand once ``m`` is played and the trick ends."""
    rev = o.inverted != o.eleven_back
    if triggers_revolution(m, o.rules):
        rev = not rev
    return Outlook(o.rules, rev, o.unseen, False)


def _wins(m: Move, view: View) -> bool:
    o = view.outlook
    if view.on_joker and m[1] == S3_BIT and o.rules.spade3_return:
        return True
    return cuts(m, o.rules) or not answerable(m, o.unseen, order_for_followers(m, o), o.rules)


def _lock_bonus(m: Move, view: View) -> float:
    """縛り: following the field's suits with the top unseen card of them in hand is worth a lead."""
    f = view.field
    rules = view.rules
    if f is None or not rules.lock or view.obs.lock is not None or not f[6] or m[6] != f[6] or m[2] or f[2]:
        return 0.0
    rest = view.hand & ~m[1]
    suits = m[6]
    inv = view.inverted
    best_mine = -1
    for i in bits(rest):
        if i < 52 and suits >> (i & 3) & 1:
            best_mine = max(best_mine, strength(i >> 2, inv))
    if best_mine < 0:
        return 0.0
    for i in bits(view.unseen):
        if i >= 52 or (suits >> (i & 3) & 1 and strength(i >> 2, inv) > best_mine):
            return 0.0
    return 0.6


def normal_lead(view: View, plays: list[tuple[Move, Play]]) -> Play:
    """The lead (親の一手) of ``normal``."""
    o = view.outlook
    hand = view.hand
    line = mate_line(hand, o)
    if line is not None:
        found = _find(plays, line[0])
        if found is not None:
            return found
    sp = split(hand, o)
    base = sp.turns
    # 革命 when the turned order makes this hand clearly better
    for m, action in plays:
        if triggers_revolution(m, o.rules) and not m[2]:
            rest = hand & ~m[1]
            if split(rest, _after(m, o)).turns + 1 < base:
                return action
    weak = [m for m, c in zip(sp.melds, sp.control, strict=True) if not c]
    pool = weak or list(sp.melds)
    # the weakest weak meld; at equal strength the bigger one (harder to answer)
    pool.sort(key=lambda m: (move_strength(m, o.inverted), -m[3]))
    for m in pool:
        found = _find(plays, m)
        if found is not None and not (hand == m[1] and is_foul(m, o.inverted, o.rules)):
            return found
    return min(plays, key=lambda p: (p[0][2], move_strength(p[0], o.inverted), -p[0][3]))[1]


def normal_follow(view: View, plays: list[tuple[Move, Play]], passing: Pass | None) -> Action:
    """An answer to the field (or a pass) for ``normal``."""
    o = view.outlook
    hand = view.hand
    mate = follow_mate([m for m, _ in plays], hand, o, view.on_joker)
    if mate is not None:
        found = _find(plays, mate)
        if found is not None:
            return found
    if passing is None:
        return min(plays, key=lambda p: (p[0][2], move_strength(p[0], o.inverted)))[1]
    pass_value = split(hand, o).turns
    best: tuple[float, int, Action] = (float(pass_value), -1, passing)
    for m, action in plays:
        rest = hand & ~m[1]
        if not rest and is_foul(m, o.inverted, o.rules, view.on_joker and m[1] == S3_BIT):
            continue
        value = float(split(rest, _after(m, o)).turns)
        if _wins(m, view):
            value -= 1.0
        value -= _lock_bonus(m, view)
        # strong cards are kept for when they matter: a joker or a control spent on a mere tie
        # is worse than passing
        if value >= pass_value - 1e-9:
            continue
        cand = (value, move_strength(m, o.inverted), action)
        if cand[:2] < best[:2]:
            best = cand
    return best[2]


def normal_play(view: View, legal: Sequence[Action]) -> Action:
    """The play decision of ``normal``."""
    plays = plays_of(legal)
    passing = pass_in(legal)
    if not plays:
        return passing if passing is not None else legal[0]
    if view.leading:
        return normal_lead(view, plays)
    return normal_follow(view, plays, passing)


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
