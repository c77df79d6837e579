"""Hand analysis (手札の読み): how a hand splits into melds, which melds win the lead, and mates (詰み).

A *control* (支配札) is a play nobody can answer with the cards still unseen — or an 8 under 8切り,
which clears the field at once. A hand whose melds are all controls but one is a mate when leading:
play the controls (each one gives the lead back), the last meld finishes.
All functions are pure and work on card masks and compact moves (see :mod:`dfg_bridge.engine.moves`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

from dfg_bridge.engine.moves import (
    JOKER_BITS,
    JOKER_RANK,
    JOKER_SHIFT,
    K_GROUP,
    K_SINGLE,
    R_EIGHT,
    R_JACK,
    REAL_BITS,
    S3_BIT,
    Move,
    count_rank,
    group_move,
    jokers_in,
    move_strength,
    rank_suits,
    single_move,
    stairs_move,
    strength,
)
from dfg_bridge.engine.rules import FoulCard, Rules


@dataclass(frozen=True, slots=True)
class Outlook:
    """What shapes the analysis: the rules, the order now, and the cards other seats may hold.

    ``inverted`` is 革命 XOR 11バック; ``eleven_back`` says whether 11バック is part of it (it ends
    with the trick, 革命 does not). ``unseen`` is the mask of cards this seat cannot locate.
    """

    rules: Rules
    inverted: bool
    unseen: int
    eleven_back: bool = False

    def after_clear(self) -> Outlook:
        """The outlook once the field clears (11バック ends)."""
        if not self.eleven_back:
            return self
        return Outlook(self.rules, not self.inverted, self.unseen, False)


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


def triggers_revolution(m: Move, rules: Rules) -> bool:
    """True if this play toggles 革命."""
    if not rules.revolution or (m[0] == K_SINGLE):
        return False
    if m[0] == K_GROUP:
        return m[3] >= rules.revolution_group
    return m[3] >= rules.revolution_stairs


def has_rank(m: Move, r: int, rules: Rules) -> bool:
    """True if the play holds rank index ``r`` (jokers by reading when they trigger effects)."""
    if m[0] == K_SINGLE and m[4] == JOKER_RANK:
        return False
    if rules.joker_triggers:
        return count_rank(m, r) > 0
    return rank_suits(m[1], r) != 0


def cuts(m: Move, rules: Rules) -> bool:
    """8切り: the play clears the field at once."""
    return rules.eight_cut and has_rank(m, R_EIGHT, rules)


def order_for_followers(m: Move, o: Outlook) -> bool:
    """The order (inverted or not) in which others must answer play ``m``."""
    inv = o.inverted
    if triggers_revolution(m, o.rules):
        inv = not inv
    if o.rules.eleven_back and not o.eleven_back and has_rank(m, R_JACK, o.rules):
        inv = not inv
    return inv


def answerable(m: Move, unseen: int, inverted: bool, rules: Rules) -> bool:
    """Could some combination of the ``unseen`` cards beat play ``m`` (ignoring 縛り)?

    >>> from dfg_bridge.engine.rules import Rules
    >>> answerable(single_move(48), 1 << 44, False, Rules())  # ♠2 vs an unseen ♠A
    False
    >>> answerable(single_move(44), 1 << 48, False, Rules())  # ♠A vs an unseen ♠2
    True
    """
    j = jokers_in(unseen)
    kind = m[0]
    if kind == K_SINGLE:
        if m[4] == JOKER_RANK:
            return bool(rules.spade3_return and unseen & S3_BIT)
        if j:
            return True
        k = strength(m[4], inverted)
        return any(strength(r, inverted) > k and rank_suits(unseen, r) for r in range(13))
    size = m[3]
    if kind == K_GROUP:
        k = move_strength(m, inverted)
        if j >= size and k < 12:
            return True
        for r in range(13):
            if strength(r, inverted) > k:
                c = rank_suits(unseen, r).bit_count()
                if c and c + j >= size:
                    return True
        return False
    return _stairs_answerable(m, unseen, inverted, rules, j)


def _stairs_answerable(m: Move, unseen: int, inverted: bool, rules: Rules, j: int) -> bool:
    size, low, top = m[3], m[4], m[5]
    above = rules.stairs_beat.value == "above"
    for a in range(13 - size + 1):
        t = a + size - 1
        # ``above``: beat the field's top card; otherwise its lowest (reversed under 革命)
        stronger = (t < low if inverted else a > top) if above else (t < top if inverted else a > low)
        if not stronger:
            continue
        for s in range(4):
            have = 0
            for r in range(a, t + 1):
                if unseen >> (4 * r + s) & 1:
                    have += 1
            if have and size - have <= j:
                return True
    return False


def is_control(m: Move, o: Outlook) -> bool:
    """True if play ``m``, led now, wins the lead back: unanswerable, or an 8 under 8切り."""
    if cuts(m, o.rules):
        return True
    return not answerable(m, o.unseen, order_for_followers(m, o), o.rules)


def is_foul(m: Move, inverted: bool, rules: Rules, spade3: bool = False) -> bool:
    """True if finishing with play ``m`` now is 反則上がり (上がり禁止)."""
    if not rules.foul_finish:
        return False
    fouls = rules.foul_cards
    if FoulCard.JOKER in fouls and m[2]:
        return True
    if FoulCard.STRONGEST in fouls and count_rank(m, 0 if inverted else 12):
        return True
    if FoulCard.EIGHT in fouls and rules.eight_cut and has_rank(m, R_EIGHT, rules):
        return True
    if FoulCard.JACK in fouls and rules.eleven_back and has_rank(m, R_JACK, rules):
        return True
    return bool(FoulCard.SPADE3 in fouls and spade3)


# ---------------------------------------------------------------------------------------- splitting
SPLIT_BUDGET = 160
"""Most splits :func:`split` compares for one hand."""


def _stairs_options(hand: int, rules: Rules) -> list[Move]:
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


def _groups_of(real: int) -> list[Move]:
    out = []
    for r in range(13):
        t = rank_suits(real, r)
        if t:
            out.append(group_move(r, t))
    return out


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
    jokers = [single_move(i) for i in (JOKER_SHIFT, JOKER_SHIFT + 1) if hand >> i & 1]
    # longest stairs first, and a cap on the splits tried: long runs in several suits would
    # otherwise make thousands of combinations
    options = sorted(_stairs_options(real, o.rules), key=lambda m: -m[3])
    best: tuple[tuple[int, int, int], tuple[Move, ...], tuple[bool, ...]] | None = None
    budget = [SPLIT_BUDGET]

    def consider(chosen: list[Move], rest: int) -> None:
        nonlocal best
        budget[0] -= 1
        melds = tuple(chosen) + tuple(_groups_of(rest)) + tuple(jokers)
        ctrl = tuple(is_control(m, o) for m in melds)
        n_ctrl = sum(ctrl)
        # tie-break: the weakest weak meld should be as weak as possible (strong cards stay whole)
        weak_keys = sum(move_strength(m, o.inverted) for m, c in zip(melds, ctrl, strict=True) if not c)
        score = (len(melds) - 2 * n_ctrl, len(melds), -weak_keys)
        if best is None or score < best[0]:
            best = (score, melds, ctrl)

    def dfs(start: int, chosen: list[Move], rest: int) -> None:
        consider(chosen, rest)
        if len(chosen) >= 3 or budget[0] <= 0:
            return
        for i in range(start, len(options)):
            m = options[i]
            if m[1] & ~rest:
                continue
            chosen.append(m)
            dfs(i + 1, chosen, rest & ~m[1])
            chosen.pop()
            if budget[0] <= 0:
                return

    dfs(0, [], real)
    assert best is not None
    return Split(best[1], best[2])


# ---------------------------------------------------------------------------------------- mates
def mate_line(hand: int, o: Outlook) -> tuple[Move, ...] | None:
    """A sure way out when leading: controls first, a non-foul meld last; None if there is none.

    >>> from dfg_bridge.engine.rules import Rules
    >>> from dfg_bridge.engine.moves import mask_of
    >>> from dfg_bridge.engine.cards import parse_cards
    >>> all_but = (1 << 52) - 1
    >>> hand = mask_of(parse_cards("S2 H2 D4"))
    >>> [m[3] for m in mate_line(hand, Outlook(Rules(), False, all_but & ~hand & ~(15 << 48)))]
    [2, 1]
    """
    if not hand:
        return ()
    sp = split(hand, o)
    if sp.weak > 1:
        return None
    melds = list(sp.melds)
    orders: Iterable[tuple[Move, ...]]
    if len(melds) <= 5:
        orders = permutations(melds)
    else:
        weak = [m for m, c in zip(melds, sp.control, strict=True) if not c]
        ctrl = [m for m, c in zip(melds, sp.control, strict=True) if c]
        orders = [tuple(ctrl + weak)]
    for order in orders:
        if _line_works(order, o):
            return tuple(order)
    return None


def _line_works(order: tuple[Move, ...], o: Outlook) -> bool:
    rev = o.inverted if not o.eleven_back else not o.inverted
    for i, m in enumerate(order):
        cur = Outlook(o.rules, rev, o.unseen, False)
        if i == len(order) - 1:
            return not is_foul(m, rev, o.rules)
        if not is_control(m, cur):
            return False
        if triggers_revolution(m, o.rules):
            rev = not rev
    return True


def follow_mate(plays: list[Move], hand: int, o: Outlook, on_joker: bool = False) -> Move | None:
    """A legal answer that finishes, or wins the trick and leaves a mate; None if there is none.

    ``on_joker`` says the field is a lone joker (a ♠3 answer is then スペ3返し).
    """
    for m in plays:
        if not hand & ~m[1] and not is_foul(m, o.inverted, o.rules, on_joker and m[1] == S3_BIT):
            return m
    for m in plays:
        rest = hand & ~m[1]
        if not rest:
            continue
        wins = (on_joker and m[1] == S3_BIT and o.rules.spade3_return) or cuts(m, o.rules)
        if not wins and answerable(m, o.unseen, order_for_followers(m, o), o.rules):
            continue
        rev = o.inverted != o.eleven_back  # 革命 alone: 11バック ends with the trick
        if triggers_revolution(m, o.rules):
            rev = not rev
        if mate_line(rest, Outlook(o.rules, rev, o.unseen, False)) is not None:
            return m
    return None


def joker_free(m: Move) -> bool:
    """True if the play uses no joker."""
    return not m[1] & JOKER_BITS
