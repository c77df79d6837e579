"""Steve's game sense (戦術): which plays he considers, best first, from his hand and the field.

He knows the rules a player learns from seed 001 — strength order 3 < … < K < A < 2 < joker, reversed
in 革命; follow with as many cards; a group of one rank, or stairs of one suit; 縛り keeps the suits;
8切り gives the lead back; do not finish on a 2, a joker, an 8 or ♠3 — and leaves the fine print to
the 出す button, which says whether a selection is playable before he presses it.

>>> from dfg_bridge.engine import parse_cards
>>> hand = parse_cards("S3 C3 D5 H9 S2")
>>> [" ".join(map(str, p)) for p in candidates(hand, [])][:2]
['♠3 ♣3', '♦5']
>>> [" ".join(map(str, p)) for p in candidates(hand, parse_cards("H4"))]
['♦5', '♥9', '♠2']
"""

from __future__ import annotations

from collections.abc import Sequence

from dfg_bridge.engine import Card

SAVE_STRONG_ABOVE = 8
"""With more cards than this, Steve keeps his joker and 2s rather than spend them following."""


def strength(card: Card, *, inverted: bool = False) -> int:
    """Higher beats lower: ranks 3..2 as 3..15 (reversed in 革命); the joker is always strongest."""
    if card.is_joker or card.rank is None:
        return 100
    value = int(card.rank)
    return 18 - value if inverted else value


def _is_top(card: Card, inverted: bool) -> bool:
    """A joker, or the strongest rank now (2, or 3 in 革命)."""
    return card.is_joker or strength(card, inverted=inverted) == 15


def candidates(
    hand: Sequence[Card], field: Sequence[Card], *, inverted: bool = False, lock: str = ""
) -> list[list[Card]]:
    """The plays Steve would make, best first; empty when he should pass.

    ``lock`` holds the locked suits as symbols (``♥``) while 縛り is on.
    """
    cards = sorted(hand, key=lambda c: (strength(c, inverted=inverted), c.index))
    groups: dict[int, list[Card]] = {}
    for card in cards:
        if not card.is_joker and card.rank is not None:
            groups.setdefault(int(card.rank), []).append(card)
    if not field:
        return _leads(cards, groups, inverted)
    return _follows(cards, groups, list(field), inverted, lock)


def _leads(cards: list[Card], groups: dict[int, list[Card]], inverted: bool) -> list[list[Card]]:
    by_strength = sorted(groups.values(), key=lambda g: strength(g[0], inverted=inverted))
    plays: list[list[Card]] = []
    tops = [c for c in cards if _is_top(c, inverted)]
    if len(cards) <= 3 and tops:
        plays += [[c] for c in tops]  # never be left holding a forbidden finishing card
    eights = groups.get(8)
    if eights and len(cards) > len(eights):
        plays.append(eights)  # 8切り: the field clears and Steve leads again
    plays += [g for g in by_strength if not _is_top(g[0], inverted)]
    plays += [[c] for c in cards]
    out: list[list[Card]] = []
    for play in plays:
        if play not in out:
            out.append(play)
    return out


def _follows(cards: list[Card], groups: dict[int, list[Card]], field: list[Card], inverted: bool,
             lock: str) -> list[list[Card]]:  # fmt: skip
    size = len(field)
    plain = [c for c in field if not c.is_joker]
    ranks = {int(c.rank) for c in plain if c.rank is not None}
    suits = set(lock)
    jokers = [c for c in cards if c.is_joker]

    def allowed(card: Card) -> bool:
        return not suits or card.is_joker or (card.suit is not None and card.suit.symbol in suits)

    options: list[list[Card]] = []
    if len(ranks) <= 1:  # a single or a group
        if not plain:  # a lone joker: only ♠3 beats it (スペ3返し)
            options = [[c] for c in cards if str(c) == "♠3"]
        else:
            floor = strength(plain[0], inverted=inverted)
            for group in groups.values():
                fitting = [c for c in group if allowed(c)]
                if strength(group[0], inverted=inverted) <= floor:
                    continue
                if len(fitting) >= size:
                    options.append(fitting[:size])
                elif jokers and len(fitting) == size - 1 and fitting:
                    options.append([*fitting, jokers[0]])
            if size == 1 and jokers:
                options.append([jokers[0]])
    else:  # stairs: same suit, consecutive, all above the field's top card
        top = max(strength(c, inverted=inverted) for c in plain)
        for suit_cards in _by_suit(cards).values():
            values = sorted(strength(c, inverted=inverted) for c in suit_cards)
            for start in values:
                run = list(range(start, start + size))
                if start > top and all(v in values for v in run) and run[-1] <= 15:
                    picked = [next(c for c in suit_cards if strength(c, inverted=inverted) == v) for v in run]
                    if all(allowed(c) for c in picked):
                        options.append(picked)

    def cost(play: list[Card]) -> tuple[int, int, int]:
        spends = sum(_is_top(c, inverted) for c in play)
        breaks = any(len(groups.get(int(c.rank), [])) > len(play) for c in play if c.rank is not None)
        return (spends, int(breaks), min(strength(c, inverted=inverted) for c in play))

    options.sort(key=cost)
    if len(cards) > SAVE_STRONG_ABOVE:
        options = [o for o in options if not any(_is_top(c, inverted) for c in o)]
    return options


def _by_suit(cards: list[Card]) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = {}
    for card in cards:
        if not card.is_joker and card.suit is not None:
            out.setdefault(int(card.suit), []).append(card)
    return out


__all__ = ["SAVE_STRONG_ABOVE", "candidates", "strength"]
