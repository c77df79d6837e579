"""Hand analysis (手札の読み): which plays win the lead, what turns the order, which finishes are fouls.

A *control* (支配札) is a play nobody can answer with the cards still unseen — or an 8 under 8切り,
which clears the field at once. How a hand splits into melds is :mod:`.splits`, its sure ways out
(詰み) :mod:`.mates`. All functions are pure and work on card masks and compact moves (see
:mod:`dfg_bridge.engine.moves`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from dfg_bridge.engine.moves import (
    JOKER_BITS,
    JOKER_RANK,
    K_GROUP,
    K_SINGLE,
    R_EIGHT,
    R_JACK,
    S3_BIT,
    Move,
    count_rank,
    jokers_in,
    move_strength,
    rank_suits,
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
    >>> from dfg_bridge.engine.moves import single_move
    >>> answerable(single_move(48), 1 << 44, False, Rules())  # ♠2 vs an unseen ♠A
    False
    >>> answerable(single_move(44), 1 << 48, False, Rules())  # ♠A vs an unseen ♠2
    True
    """
    kind = m[0]
    if kind == K_SINGLE:
        if m[4] == JOKER_RANK:
            return bool(rules.spade3_return and unseen & S3_BIT)
        return bool(jokers_in(unseen)) or answer_tops(unseen)[inverted][1] > strength(m[4], inverted)
    size = m[3]
    if kind == K_GROUP:
        k = move_strength(m, inverted)
        if jokers_in(unseen) >= size and k < 12:
            return True
        return size <= 8 and answer_tops(unseen)[inverted][size] > k
    return _stairs_answerable(m, unseen, inverted, rules, jokers_in(unseen))


@lru_cache(maxsize=4096)
def answer_tops(unseen: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For the natural order and the turned one (革命), per meld size up to 8: the strength in that
    order of the strongest rank whose ``unseen`` cards, with the unseen jokers, make that many cards
    (-1 if none; a joker fills in, never alone). Built once per set of unseen cards and shared:
    ``normal`` asks whether each play it could make can be answered, the splits whether groups win."""
    j = jokers_in(unseen)
    counts = [rank_suits(unseen, r).bit_count() for r in range(13)]
    natural = [-1] * 9
    turned = [-1] * 9
    # each size takes the first rank that reaches it, strongest first (a rank that reaches a size
    # reaches every smaller one)
    filled = 0
    for r in range(12, -1, -1):
        while counts[r] and filled < min(counts[r] + j, 8):
            filled += 1
            natural[filled] = r
    filled = 0
    for r in range(13):
        while counts[r] and filled < min(counts[r] + j, 8):
            filled += 1
            turned[filled] = 12 - r
    return tuple(natural), tuple(turned)


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


def joker_free(m: Move) -> bool:
    """True if the play uses no joker."""
    return not m[1] & JOKER_BITS
