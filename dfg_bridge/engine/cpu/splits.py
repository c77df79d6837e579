"""How a hand splits into melds (手役の分解): the split that needs the fewest leads, and the split of
what is left after each play, fast enough for ``normal`` to be a playout policy.

A split counts each meld as weak (others can answer it) or as a control (支配札, :func:`~.hand.is_control`);
:attr:`Split.turns` is the leads a hand still needs from others. The search tries stairs (階段) of one
suit in a few combinations and takes every rank's remaining cards as one group and each joker alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from dfg_bridge.engine.cpu.hand import Outlook, answer_tops, is_control, triggers_revolution
from dfg_bridge.engine.cpu.playout import POP4
from dfg_bridge.engine.moves import (
    JOKER_SHIFT,
    K_STAIRS,
    R_EIGHT,
    R_JACK,
    REAL_BITS,
    Move,
    group_move,
    jokers_in,
    move_strength,
    single_move,
    stairs_move,
)
from dfg_bridge.engine.rules import Rules

SPLIT_BUDGET = 160
"""Most splits :func:`split` compares for one hand."""


@dataclass(frozen=True, slots=True)
class Split:
    """A hand split into melds (手役の分解); ``controls`` of them win the lead."""

    melds: tuple[Move, ...]
    control: tuple[bool, ...]

    @property
    def controls(self) -> int:
        """Number of melds that win the lead."""
        return sum(self.control)

    @property
    def weak(self) -> int:
        """Number of melds others can answer."""
        return len(self.melds) - self.controls

    @property
    def turns(self) -> int:
        """Leads still needed from others: weak melds minus controls (lower is better)."""
        return self.weak - self.controls


def stairs_options(hand: int, rules: Rules) -> list[Move]:
    """Every stairs the real cards of ``hand`` can make (each run's every sub-run of legal length)."""
    if not rules.stairs:
        return []
    out: list[Move] = []
    ms = rules.min_stairs
    for s in range(4):
        r = 0
        while r < 13:
            if not hand >> (4 * r + s) & 1:
                r += 1
                continue
            start = r
            while r < 13 and hand >> (4 * r + s) & 1:
                r += 1
            end = r - 1
            if end - start + 1 >= ms:
                for lo in range(start, end - ms + 2):
                    for hi in range(lo + ms - 1, end + 1):
                        out.append(stairs_move(s, lo, hi))
    return out


def has_stairs(real: int, rules: Rules) -> bool:
    """Some suit of ``real`` holds a run as long as the rules' shortest stairs (a quick bit test)."""
    if not rules.stairs:
        return False
    run = real
    for i in range(1, rules.min_stairs):
        run &= real >> (4 * i)  # the same suit one rank up, ``i`` times
    return bool(run)


class GroupControls:
    """Whether real cards of one rank win the lead (:func:`~.hand.is_control` for groups), from a
    table of the strongest rank that can answer each size, built once per outlook."""

    def __init__(self, o: Outlook) -> None:
        unseen = o.unseen
        rules = o.rules
        self.cut = R_EIGHT if rules.eight_cut else -1
        self.turn_size = rules.revolution_group if rules.revolution else 99
        self.jack = R_JACK if rules.eleven_back and not o.eleven_back else -1
        self.inverted = o.inverted
        self.jokers = jokers_in(unseen)
        self.tops = answer_tops(unseen)
        """tops[order][size]: :func:`~.hand.answer_tops`"""

    def __call__(self, r: int, size: int) -> bool:
        if r == self.cut:
            return True
        order = self.inverted
        if size > 1 and size >= self.turn_size:
            order = not order
        if r == self.jack:
            order = not order
        k = 12 - r if order else r
        if size == 1:
            return not self.jokers and self.tops[order][1] <= k
        return not (self.jokers >= size and k < 12) and self.tops[order][min(size, 8)] <= k


def split(hand: int, o: Outlook) -> Split:
    """The best split of ``hand`` into melds: fewest leads needed, then fewest melds.

    Jokers stay single (the strongest single); runs of one suit may become stairs.

    >>> from dfg_bridge.engine.rules import Rules
    >>> from dfg_bridge.engine.moves import mask_of
    >>> from dfg_bridge.engine.cards import parse_cards
    >>> hand = mask_of(parse_cards("S3 S4 S5 H3 D9 C9"))
    >>> sp = split(hand, Outlook(Rules(), False, ((1 << 53) - 1) & ~hand))
    >>> sorted(m[3] for m in sp.melds), sp.weak, sp.controls
    ([1, 2, 3], 3, 0)
    """
    return _split(hand, o)


@lru_cache(maxsize=8192)
def _split(hand: int, o: Outlook) -> Split:
    real = hand & REAL_BITS
    rules = o.rules
    inv = o.inverted
    ctrl_of = GroupControls(o)
    jokers = [single_move(i) for i in (JOKER_SHIFT, JOKER_SHIFT + 1) if hand >> i & 1]
    joker_ctrl = [is_control(m, o) for m in jokers]
    # each rank's group: (+1 weak / -1 control, its strength if weak); the whole hand's totals
    group_of: dict[int, tuple[int, int]] = {}

    def group(r: int, t: int) -> tuple[int, int]:
        key = r << 4 | t
        got = group_of.get(key)
        if got is None:
            got = (-1, 0) if ctrl_of(r, POP4[t]) else (1, 12 - r if inv else r)
            group_of[key] = got
        return got

    melds = 0
    turns = 0
    weak_keys = 0
    for r in range(13):
        t = (real >> (4 * r)) & 15
        if t:
            d, k = group(r, t)
            melds += 1
            turns += d
            weak_keys += k
    for c in joker_ctrl:
        melds += 1
        turns += -1 if c else 1
        weak_keys += 0 if c else 100
    if not has_stairs(real, rules):
        best_rest = real
    else:
        # longest stairs first, and a cap on the splits tried: long runs in several suits would
        # otherwise make thousands of combinations
        options = sorted(stairs_options(real, rules), key=lambda m: -m[3])
        info: list[tuple[int, int, int, int, int]] = []
        for m in options:
            c = is_control(m, o)
            info.append((m[1], m[4], m[5], -1 if c else 1, 0 if c else move_strength(m, inv)))
        # score: (weak - controls, melds, -weak strengths); the first best in search order is kept
        best_score = (turns, melds, -weak_keys)
        best_rest = real
        best_chosen: tuple[int, ...] = ()
        budget = SPLIT_BUDGET - 1  # the stairs-free split above was the first

        def dfs(start: int, chosen: tuple[int, ...], rest: int) -> bool:
            """Score every split extending ``chosen`` by later options (depth first, at most three
            stairs); False once the budget is spent."""
            nonlocal budget, best_score, best_rest, best_chosen
            if len(chosen) >= 3 or budget <= 0:
                return budget > 0
            for i in range(start, len(info)):
                mask = info[i][0]
                if mask & ~rest:
                    continue
                left = rest & ~mask
                now = (*chosen, i)
                budget -= 1
                # the rest's groups differ from the whole hand's only at this split's stairs' ranks
                n = melds + len(now)
                tr = turns
                wk = weak_keys
                touched = 0
                for j in now:
                    _, jlo, jhi, jd, jk = info[j]
                    tr += jd
                    wk += jk
                    touched |= ((1 << (jhi + 1)) - 1) & ~((1 << jlo) - 1)
                while touched:
                    r = touched.bit_length() - 1
                    touched &= ~(1 << r)
                    t = (real >> (4 * r)) & 15
                    d0, k0 = group(r, t)
                    n -= 1
                    tr -= d0
                    wk -= k0
                    u = (left >> (4 * r)) & 15
                    if u:
                        d1, k1 = group(r, u)
                        n += 1
                        tr += d1
                        wk += k1
                score = (tr, n, -wk)
                if score < best_score:
                    best_score, best_rest, best_chosen = score, left, now
                if not dfs(i + 1, now, left):
                    return False
                if budget <= 0:
                    return False
            return True

        dfs(0, (), real)
        stairs = [(options[i], info[i][3] < 0) for i in best_chosen]
        return _assemble(stairs, best_rest, list(zip(jokers, joker_ctrl, strict=True)), group)
    return _assemble([], best_rest, list(zip(jokers, joker_ctrl, strict=True)), group)


def _assemble(
    stairs: list[tuple[Move, bool]],
    rest: int,
    jokers: list[tuple[Move, bool]],
    group: Callable[[int, int], tuple[int, int]],
) -> Split:
    """The split's melds (with their control flags) in their order: the stairs chosen, the rest's
    groups from the weakest rank up, the jokers."""
    melds = [m for m, _ in stairs]
    ctrl = [c for _, c in stairs]
    for r in range(13):
        t = (rest >> (4 * r)) & 15
        if t:
            melds.append(group_move(r, t))
            ctrl.append(group(r, t)[0] < 0)
    for m, c in jokers:
        melds.append(m)
        ctrl.append(c)
    return Split(tuple(melds), tuple(ctrl))


def after_trick(m: Move, o: Outlook) -> Outlook:
    """The outlook for the rest of the hand once ``m`` is played and the trick ends."""
    rev = o.inverted != o.eleven_back
    if triggers_revolution(m, o.rules):
        rev = not rev
    return Outlook(o.rules, rev, o.unseen, False)


class RestSplits:
    """The split of what is left of ``hand`` after each of its plays ``m`` (and the trick), cheaply:
    ``split(hand & ~m[1], after_trick(m, o))``'s weak melds and controls.

    A hand without stairs splits into its rank groups and jokers, each meld weak (others can answer
    it) or a control, and a play that turns no order changes only its own ranks' groups: so the
    rest's counts are the hand's, less what the play takes away. Other hands and plays (stairs,
    革命, 11バック) take the full :func:`split`.
    """

    def __init__(self, hand: int, o: Outlook) -> None:
        self.hand = hand
        self.o = o
        sp = split(hand, o)
        self.weak = sp.weak
        self.controls = sp.controls
        self.fast = not o.eleven_back and not has_stairs(hand & REAL_BITS, o.rules)
        if self.fast:
            self.ctrl = GroupControls(o)
            self.joker_ctrl = is_control(single_move(JOKER_SHIFT), o)

    @property
    def turns(self) -> int:
        """The whole hand's :attr:`Split.turns`."""
        return self.weak - self.controls

    def counts(self, m: Move) -> tuple[int, int]:
        """Weak melds and controls of the hand left after ``m`` (a play from this hand)."""
        o = self.o
        if not self.fast or m[0] == K_STAIRS or triggers_revolution(m, o.rules):
            sp = split(self.hand & ~m[1], after_trick(m, o))
            return sp.weak, sp.controls
        hand = self.hand
        weak = self.weak
        controls = self.controls
        jokers = jokers_in(m[1])
        if self.joker_ctrl:
            controls -= jokers
        else:
            weak -= jokers
        played = m[1] & REAL_BITS
        while played:
            r = (played.bit_length() - 1) >> 2
            t = (hand >> (4 * r)) & 15
            left = t & ~(played >> (4 * r))
            if self.ctrl(r, POP4[t]):
                controls -= 1
            else:
                weak -= 1
            if left:
                if self.ctrl(r, POP4[left]):
                    controls += 1
                else:
                    weak += 1
            played &= ~(15 << (4 * r))
        return weak, controls

    def turns_after(self, m: Move) -> int:
        """The :attr:`Split.turns` of the hand left after ``m``."""
        weak, controls = self.counts(m)
        return weak - controls
