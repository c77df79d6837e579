"""Decisions besides playing: exchange (カード交換), 買収, 7渡し, 10捨て, Qボンバー, なかまカード.

Each chooser scores the hand that would remain with :func:`~.splits.split` — fewer leads needed is
better, then weaker cards given away — and returns one of the legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from dfg_bridge.engine.actions import Action, Bomb, Bribe, Discard, Give, Recruit
from dfg_bridge.engine.cpu.base import Decision
from dfg_bridge.engine.cpu.hand import Outlook
from dfg_bridge.engine.cpu.splits import split
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.moves import (
    JOKER_BITS,
    JOKER_SHIFT,
    RANK_BITS,
    bits,
    jokers_in,
    rank_suits,
    strength,
)


def card_key(index: int, inverted: bool) -> int:
    """A card's strength now for ordering (a joker above everything)."""
    return 100 if index >= JOKER_SHIFT else strength(index >> 2, inverted)


def hand_score(hand: int, o: Outlook) -> tuple[int, int]:
    """How good a hand is to play out (lower is better): leads needed, then melds."""
    sp = split(hand, o)
    return (sp.turns, len(sp.melds))


def shed_cards(hand: int, count: int, o: Outlook, exact: bool) -> int:
    """The ``count`` (or, unless ``exact``, up to ``count``) cards best given or thrown away.

    Cards go one at a time, each time the one whose loss leaves the best hand (weakest on ties).
    Without ``exact`` it stops when losing another card would make the hand worse.
    """
    out = 0
    cur = hand
    for _ in range(count):
        if not cur:
            break
        best: tuple[tuple[int, int], int, int] | None = None
        for i in bits(cur):
            rest = cur & ~(1 << i)
            score = hand_score(rest, o)
            cand = (score, card_key(i, o.inverted), i)
            if best is None or cand < best:
                best = cand
        assert best is not None
        if not exact and best[0] > hand_score(cur, o):
            break
        out |= 1 << best[2]
        cur &= ~(1 << best[2])
    return out


def _find_cards(legal: Sequence[Action], mask: int) -> Action | None:
    for a in legal:
        if isinstance(a, (Give, Discard)) and _mask(a.cards) == mask:
            return a
    return None


def _mask(cards: Sequence[object]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index  # type: ignore[attr-defined]
    return m


def choose_cards(view: View, legal: Sequence[Action], exact: bool) -> Action:
    """Exchange / 7渡し / 10捨て: the cards whose loss leaves the best hand."""
    size = max(len(a.cards) for a in legal if isinstance(a, (Give, Discard)))
    mask = shed_cards(view.hand, size, view.outlook, exact)
    found = _find_cards(legal, mask)
    if found is not None:
        return found
    # the joker we chose may be the other joker in the engine's list
    for a in legal:
        if (
            isinstance(a, (Give, Discard))
            and len(a.cards) == mask.bit_count()
            and _mask(a.cards) & ~JOKER_BITS == mask & ~JOKER_BITS
        ):
            return a
    return legal[0]


def choose_bomb(view: View, legal: Sequence[Action]) -> Action:
    """Qボンバー: the rank whose loss hurts the others most and this hand least; or stop."""
    o = view.outlook
    hand = view.hand
    now = hand_score(hand, o)
    best: tuple[float, Action] | None = None
    for a in legal:
        if not isinstance(a, Bomb):
            continue
        if a.rank is None and not a.joker:
            score = 0.0
        else:
            lose = JOKER_BITS if a.joker else RANK_BITS[int(a.rank or 3) - 3]
            after = hand_score(hand & ~lose, o)
            mine = (after[0] - now[0]) + 0.3 * (after[1] - now[1])
            theirs_cards = view.unseen & lose
            if a.joker:
                theirs = 2.5 * jokers_in(theirs_cards)
            else:
                r = int(a.rank or 3) - 3
                power = strength(r, o.inverted) / 12
                theirs = rank_suits(theirs_cards, r).bit_count() * (0.4 + power)
            score = mine - theirs
        if best is None or score < best[0]:
            best = (score, a)
    assert best is not None
    return best[1]


def choose_recruit(view: View, legal: Sequence[Action]) -> Action:
    """なかまカード: swap the card whose replacement by the risen one helps most; or decline."""
    risen = view.obs.risen
    decline = next((a for a in legal if isinstance(a, Recruit) and a.card is None), legal[0])
    if risen is None:
        return decline
    o = view.outlook
    hand = view.hand
    best = (hand_score(hand, o), 0)
    choice: Action = decline
    for a in legal:
        if isinstance(a, Recruit) and a.card is not None:
            after = (hand & ~(1 << a.card.index)) | (1 << risen.index)
            gain = card_key(a.card.index, o.inverted) - card_key(risen.index, o.inverted)
            cand = (hand_score(after, o), gain)
            if cand < best:
                best = cand
                choice = a
    return choice


def choose_bribe(view: View, legal: Sequence[Action]) -> Action:
    """買収: bribe as much as allowed (the target gives its strongest cards), with the cards we miss least."""
    offers = [a for a in legal if isinstance(a, Bribe) and a.cards]
    decline = next((a for a in legal if isinstance(a, Bribe) and not a.cards), legal[0])
    if not offers:
        return decline
    k = max(len(a.cards) for a in offers)
    targets = sorted({a.target for a in offers if a.target is not None})
    mask = shed_cards(view.hand, k, view.outlook, exact=True)
    # the lowest-ranked target last round: its hand is no weaker than any other's, and it cannot
    # buy our cards back
    target = targets[-1] if targets else None
    for a in offers:
        if a.target == target and _mask(a.cards) == mask:
            return a
    for a in offers:
        if a.target == target and len(a.cards) == k:
            return a
    return offers[0]


def choose(view: View, legal: Sequence[Action], decision: Decision) -> Action:
    """The non-play decision of ``normal`` and ``strong``."""
    if decision is Decision.EXCHANGE:
        return choose_cards(view, legal, exact=True)
    if decision in (Decision.SEVEN_PASS, Decision.TEN_DISCARD):
        return choose_cards(view, legal, exact=False)
    if decision is Decision.QUEEN_BOMBER:
        return choose_bomb(view, legal)
    if decision is Decision.NAKAMA:
        return choose_recruit(view, legal)
    if decision is Decision.BRIBE:
        return choose_bribe(view, legal)
    return legal[0]
