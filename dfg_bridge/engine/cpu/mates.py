"""Sure ways out (詰み): a hand that can play all its melds but one so that each wins the lead back.

When leading, the controls (支配札) go first, each one giving the lead back, and the last meld
finishes (not a foul finish, 反則上がり); when answering, a play that finishes or wins the trick and
leaves such a hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import permutations

from dfg_bridge.engine.cpu.hand import (
    Outlook,
    answerable,
    cuts,
    is_control,
    is_foul,
    order_for_followers,
    triggers_revolution,
)
from dfg_bridge.engine.cpu.splits import RestSplits, after_trick, split
from dfg_bridge.engine.moves import S3_BIT, Move


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


def follow_mate(
    plays: list[Move], hand: int, o: Outlook, on_joker: bool = False, rest: RestSplits | None = None
) -> Move | None:
    """A legal answer that finishes, or wins the trick and leaves a mate; None if there is none.

    ``on_joker`` says the field is a lone joker (a ♠3 answer is then スペ3返し); ``rest``, when given
    (of ``hand`` and ``o``), rules out quickly the plays that leave more than one weak meld.
    """
    for m in plays:
        if not hand & ~m[1] and not is_foul(m, o.inverted, o.rules, on_joker and m[1] == S3_BIT):
            return m
    for m in plays:
        left = hand & ~m[1]
        if not left:
            continue
        wins = (on_joker and m[1] == S3_BIT and o.rules.spade3_return) or cuts(m, o.rules)
        if not wins and answerable(m, o.unseen, order_for_followers(m, o), o.rules):
            continue
        if rest is not None and rest.counts(m)[0] > 1:
            continue  # no mate leaves two melds others can answer
        if mate_line(left, after_trick(m, o)) is not None:
            return m
    return None
