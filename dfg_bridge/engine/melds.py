"""Melds (出し方): a single card, a group of one rank, or stairs (階段), with joker readings."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine.cards import CARDS, Card, Rank, Suit, parse_play
from dfg_bridge.engine.rules import Rules


class MeldKind(enum.Enum):
    """The three ways to play cards."""

    SINGLE = "single"
    """1枚出し: one card (a lone joker is the strongest single)."""
    GROUP = "group"
    """複数枚出し: 2 or more cards of one rank; jokers stand for missing suits."""
    STAIRS = "stairs"
    """階段: 3 or more consecutive ranks of one suit; jokers fill gaps or either end."""


_KIND_OF = {mv.K_SINGLE: MeldKind.SINGLE, mv.K_GROUP: MeldKind.GROUP, mv.K_STAIRS: MeldKind.STAIRS}
_CODE_OF = {v: k for k, v in _KIND_OF.items()}


@dataclass(frozen=True, slots=True)
class Meld:
    """A played combination: ``cards`` as played and ``readings`` (what each card stands for).

    A real card reads as itself; a joker reads as the card it stands for (a lone joker as itself).

    >>> [str(m) for m in Meld.detect(Meld.cards_of("S5 S6 JK"))]
    ['♠5 ♠6 ★(♠7)', '★(♠4) ♠5 ♠6']
    >>> m = Meld.parse("H7 JK")
    >>> m.kind, str(m), m.rank
    (<MeldKind.GROUP: 'group'>, '♥7 ★(♠7)', <Rank.SEVEN: 7>)
    >>> Meld.parse("S5 JK=S6 S7").ascii()
    'S5 JK=S6 S7'
    >>> Meld.detect(Meld.cards_of("DK DA D2")) != (), Meld.detect(Meld.cards_of("DA D2 D3"))
    (True, ())
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    readings: tuple[Card, ...]

    @property
    def size(self) -> int:
        """Number of cards."""
        return len(self.cards)

    @property
    def has_joker(self) -> bool:
        """True if a joker is among the cards."""
        return any(c.is_joker for c in self.cards)

    @property
    def rank(self) -> Rank | None:
        """Strength key: the group's rank, the stairs' lowest rank; None for a lone joker.

        A stairs joker beyond the ends (``joker_beyond_ends``) reads as itself and is not counted here.
        """
        ranks = [c.rank for c in self.readings if c.rank is not None]
        return min(ranks) if ranks else None

    @property
    def top(self) -> Rank | None:
        """The highest rank (stairs); same as :attr:`rank` otherwise."""
        ranks = [c.rank for c in self.readings if c.rank is not None]
        return max(ranks) if ranks else None

    @property
    def suits(self) -> frozenset[Suit]:
        """Suits of the readings (empty for a lone joker)."""
        return frozenset(c.suit for c in self.readings if c.suit is not None)

    def __str__(self) -> str:
        parts = []
        for card, reading in zip(self.cards, self.readings, strict=True):
            parts.append(f"★({reading})" if card.is_joker and not reading.is_joker else str(card))
        return " ".join(parts)

    def ascii(self) -> str:
        """ASCII form with pinned jokers: ``S5 JK=S6 S7``."""
        parts = []
        for card, reading in zip(self.cards, self.readings, strict=True):
            if card.is_joker and not reading.is_joker:
                parts.append(f"JK={reading.ascii()}")
            else:
                parts.append(card.ascii())
        return " ".join(parts)

    @staticmethod
    def cards_of(text: str) -> tuple[Card, ...]:
        """Shorthand for :func:`~dfg_bridge.engine.cards.parse_cards`."""
        return parse_play(text).cards

    @staticmethod
    def detect(
        cards: Iterable[Card], rules: Rules | None = None, pins: Iterable[Card | None] | None = None
    ) -> tuple[Meld, ...]:
        """Every reading of exactly these cards, strongest first (natural order; groups before stairs).

        ``pins`` (same order as ``cards``) fixes what a joker stands for.
        """
        rules = rules or Rules()
        cards = tuple(cards)
        pin_list = tuple(pins) if pins is not None else (None,) * len(cards)
        mask = 0
        for c in cards:
            mask |= 1 << c.index
        if mask.bit_count() != len(cards):
            return ()
        pinned = {c.index: p for c, p in zip(cards, pin_list, strict=True) if p is not None and c.is_joker}
        found = mv.candidates(mask, rules.max_group, rules.stairs, rules.min_stairs, rules.joker_beyond_ends)
        moves = apply_pins(found, pinned)
        moves.sort(key=lambda m: (-m[mv.F_LOW], m[mv.F_KIND]))
        return tuple(meld_of_move(m) for m in moves)

    @staticmethod
    def parse(text: str, rules: Rules | None = None) -> Meld:
        """The strongest reading of a play text such as ``"S5 JK=S6 S7"``; ``ValueError`` if none."""
        play = parse_play(text)
        found = Meld.detect(play.cards, rules, play.pins)
        if not found:
            raise ValueError(f"not a meld: {text!r}")
        return found[0]


def apply_pins(moves: list[mv.Move], pinned: dict[int, Card]) -> list[mv.Move]:
    """Keep (and adjust) the candidate moves whose joker readings can match the pins."""
    if not pinned:
        return list(moves)
    out = []
    want = sorted(p.index for p in pinned.values())
    for m in moves:
        kind = m[mv.F_KIND]
        if kind == mv.K_SINGLE:
            continue
        if kind == mv.K_STAIRS:
            readings = mv.joker_readings(m)
            if all(w in readings for w in want):
                out.append(m)
            continue
        r = m[mv.F_LOW]
        if any(w >> 2 != r for w in want):
            continue
        real = (m[mv.F_MASK] >> (4 * r)) & 15
        pin_suits = 0
        for w in want:
            pin_suits |= 1 << (w & 3)
        if pin_suits & real or len(want) != pin_suits.bit_count():
            continue
        u = m[mv.F_JOKERS]
        rest = u - len(want)
        used = real | pin_suits
        suits = used | mv.lowest_suits(used, min(rest, 4 - used.bit_count()))
        out.append((kind, m[1], u, m[3], r, r, suits))
    return out


def meld_of_move(m: mv.Move) -> Meld:
    """The public :class:`Meld` of an internal play move."""
    kind = m[mv.F_KIND]
    mask = m[mv.F_MASK]
    real = [CARDS[i] for i in mv.bits(mask & mv.REAL_BITS)]
    jokers = [CARDS[i] for i in mv.bits(mask >> mv.JOKER_SHIFT << mv.JOKER_SHIFT)]
    if kind == mv.K_SINGLE:
        card = (real or jokers)[0]
        return Meld(MeldKind.SINGLE, (card,), (card,))
    if kind == mv.K_GROUP:
        readings = [CARDS[i] for i in mv.joker_readings(m)]
        while len(readings) < len(jokers):  # more jokers than open suits in a group: repeat the rank
            readings.append(readings[-1] if readings else CARDS[4 * m[mv.F_LOW]])
        return Meld(MeldKind.GROUP, tuple(real + jokers), tuple(real + readings))
    # a joker beyond the ends of stairs reads as itself, first (below 3) or last (above 2)
    pairs = [(c.index, c, c) for c in real] + [
        (i, j, CARDS[i] if 0 <= i < mv.JOKER_SHIFT else j)
        for j, i in zip(jokers, mv.joker_readings(m), strict=True)
    ]
    pairs.sort(key=lambda p: p[0])
    return Meld(MeldKind.STAIRS, tuple(p[1] for p in pairs), tuple(p[2] for p in pairs))


def move_of_meld(meld: Meld) -> mv.Move | None:
    """The internal move of a :class:`Meld`, or None if the readings are not a valid meld shape."""
    mask = 0
    for c in meld.cards:
        mask |= 1 << c.index
    if mask.bit_count() != len(meld.cards) or len(meld.readings) != len(meld.cards):
        return None
    u = sum(1 for c in meld.cards if c.is_joker)
    size = len(meld.cards)
    for card, reading in zip(meld.cards, meld.readings, strict=True):
        if not card.is_joker and reading != card:
            return None
        if card.is_joker and reading.is_joker and meld.kind is MeldKind.GROUP:
            return None
    if meld.kind is MeldKind.SINGLE:
        if size != 1:
            return None
        c = meld.cards[0]
        if c.is_joker:
            return (mv.K_SINGLE, mask, 1, 1, mv.JOKER_RANK, mv.JOKER_RANK, 0)
        return (mv.K_SINGLE, mask, 0, 1, c.index >> 2, c.index >> 2, 1 << (c.index & 3))
    ranks = {c.index >> 2 for c in meld.readings}
    suits = 0
    for c in meld.readings:
        suits |= 1 << (c.index & 3)
    if meld.kind is MeldKind.GROUP:
        if len(ranks) != 1 or size < 2:
            return None
        rank = ranks.pop()
        return (mv.K_GROUP, mask, u, size, rank, rank, suits)
    if any(r.is_joker for r in meld.readings):
        return _beyond_stairs(meld, mask, u)
    idx = sorted(r.index >> 2 for r in meld.readings)
    if suits.bit_count() != 1 or idx != list(range(idx[0], idx[0] + size)) or size < 3:
        return None
    return (mv.K_STAIRS, mask, u, size, idx[0], idx[-1], suits)


def _beyond_stairs(meld: Meld, mask: int, u: int) -> mv.Move | None:
    """Stairs with a joker reading as itself: it stands below 3 (first) or above 2 (last)."""
    size = len(meld.readings)
    known = [(i, c.index >> 2) for i, c in enumerate(meld.readings) if not c.is_joker]
    suit_set = {c.index & 3 for c in meld.readings if not c.is_joker}
    if size < 3 or not known or len(suit_set) != 1:
        return None
    low = known[0][1] - known[0][0]
    if any(r != low + i for i, r in known) or low < -1 or low + size - 1 > 13:
        return None
    for i, c in enumerate(meld.readings):
        if c.is_joker and 0 <= low + i <= 12:
            return None  # inside the ranks a joker must read as a card
    return (mv.K_STAIRS, mask, u, size, low, low + size - 1, 1 << suit_set.pop())


_ = _CODE_OF
