"""The engine's fast representation, public (高速表現): card masks, rank indices and compact moves.

Like python-chess's bitboards (``BB_*``), these are plain ints and tuples, documented so that search
code (the CPU players, the UECda client) can work at engine speed without touching private state.

**Cards as bits.** A set of cards is an ``int``: the card with :attr:`Card.index` ``i`` is bit ``i``.
The four cards of rank index ``r`` are bits ``4r .. 4r+3`` in suit order ♠ ♥ ♦ ♣ (so ♠3 is bit 0,
♣2 bit 51); the two jokers are bits 52 and 53.

**Rank indices** run in natural strength order: :data:`R_THREE` = 0 … :data:`R_TWO` = 12;
:data:`JOKER_RANK` = 13 stands for a lone joker. :func:`strength` turns an index into the strength
now (reversed under 革命 XOR 11バック).

**Moves** are tuples (hashable, cheap to compare), as returned by :meth:`Round.moves` and applied
with :meth:`Round.push_move` / :meth:`Round.make_move`:

* a play is ``(kind, mask, jokers, size, low, top, suits)`` — ``kind`` :data:`K_SINGLE`,
  :data:`K_GROUP` or :data:`K_STAIRS`; ``mask`` the card bits played (jokers included); ``jokers`` how
  many jokers; ``low``/``top`` the rank indices of the readings (equal for singles and groups; 13 for
  a lone joker); ``suits`` the 4-bit suit set of the readings. Index it with :data:`F_KIND` …
  :data:`F_SUITS`.
* :data:`PASS` = ``(K_PASS,)``;
* decisions: ``(K_GIVE, mask)`` 7渡し, ``(K_DISCARD, mask)`` 10捨て, ``(K_BOMB, r)`` Qボンバー (r a rank
  index, 13 = the jokers, -1 = stop), ``(K_RECRUIT, index)`` なかまカード (-1 declines),
  ``(K_BRIBE, mask, target)`` 買収, ``(K_EXGIVE, mask, seat)`` the exchange.

Stairs whose joker stands past the ends (``joker_beyond_ends``, UECda) have ``low = -1`` or
``top = 13``; :func:`joker_readings` gives :data:`BEYOND_LOW` / :data:`BEYOND_HIGH` for such a joker.

>>> from dfg_bridge.engine import Card
>>> hand = mask_of([Card.parse("S3"), Card.parse("H3"), Card.parse("JK")])
>>> bin(hand & RANK_BITS[R_THREE]), jokers_in(hand), rank_suits(hand, R_THREE)
('0b11', 1, 3)
>>> group_move(R_THREE, 0b0011)
(2, 3, 0, 2, 0, 0, 3)
>>> strength(R_TWO, inverted=False), strength(R_TWO, inverted=True), strength(JOKER_RANK, True)
(12, 0, 100)
"""

from __future__ import annotations

from collections.abc import Iterable

from dfg_bridge.engine._moves import (
    BEYOND_HIGH,
    BEYOND_LOW,
    F_JOKERS,
    F_KIND,
    F_LOW,
    F_MASK,
    F_SIZE,
    F_SUITS,
    F_TOP,
    JOKER_BITS,
    JOKER_RANK,
    JOKER_SHIFT,
    K_BOMB,
    K_BRIBE,
    K_DISCARD,
    K_EXGIVE,
    K_GIVE,
    K_GROUP,
    K_PASS,
    K_RECRUIT,
    K_SINGLE,
    K_STAIRS,
    PASS,
    REAL_BITS,
    SPADE_BITS,
    SUIT_BITS,
    Move,
    bits,
    joker_readings,
)
from dfg_bridge.engine._moves import count_rank as _count_rank
from dfg_bridge.engine.cards import Card, cards_of_mask

R_THREE, R_FOUR, R_FIVE, R_SIX, R_SEVEN, R_EIGHT, R_NINE, R_TEN = range(8)
R_JACK, R_QUEEN, R_KING, R_ACE, R_TWO = range(8, 13)
"""Rank indices (3 … 2); ``Rank(r + 3)`` is the :class:`~dfg_bridge.engine.Rank`."""

RANK_BITS: tuple[int, ...] = tuple(15 << (4 * r) for r in range(13))
"""``RANK_BITS[r]``: the four cards of rank index ``r``."""
ALL_REAL_BITS = REAL_BITS
"""The 52 ordinary cards."""
S3_BIT = 1
"""♠3 (スペ3返し)."""
D3_BIT = 1 << 2
"""♦3 (the first leader's card)."""

__all__ = [
    "ALL_REAL_BITS",
    "BEYOND_HIGH",
    "BEYOND_LOW",
    "D3_BIT",
    "F_JOKERS",
    "F_KIND",
    "F_LOW",
    "F_MASK",
    "F_SIZE",
    "F_SUITS",
    "F_TOP",
    "JOKER_BITS",
    "JOKER_RANK",
    "JOKER_SHIFT",
    "K_BOMB",
    "K_BRIBE",
    "K_DISCARD",
    "K_EXGIVE",
    "K_GIVE",
    "K_GROUP",
    "K_PASS",
    "K_RECRUIT",
    "K_SINGLE",
    "K_STAIRS",
    "PASS",
    "RANK_BITS",
    "REAL_BITS",
    "R_ACE",
    "R_EIGHT",
    "R_FIVE",
    "R_FOUR",
    "R_JACK",
    "R_KING",
    "R_NINE",
    "R_QUEEN",
    "R_SEVEN",
    "R_SIX",
    "R_TEN",
    "R_THREE",
    "R_TWO",
    "S3_BIT",
    "SPADE_BITS",
    "SUIT_BITS",
    "Move",
    "bits",
    "cards_of",
    "count_rank",
    "deck_bits",
    "group_move",
    "is_lone_joker",
    "is_play",
    "joker_readings",
    "jokers_in",
    "lowest_bits",
    "mask_of",
    "move_strength",
    "rank_suits",
    "single_move",
    "stairs_move",
    "strength",
]


def mask_of(cards: Iterable[Card]) -> int:
    """The bit set of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit set, weakest (lowest index) first."""
    return cards_of_mask(mask)


def deck_bits(jokers: int) -> int:
    """Every card of a deck with ``jokers`` jokers (0–2)."""
    return REAL_BITS | ((1 << jokers) - 1) << JOKER_SHIFT


def rank_suits(mask: int, r: int) -> int:
    """The 4-bit suit set held at rank index ``r`` (bit 0 ♠ … bit 3 ♣)."""
    return (mask >> (4 * r)) & 15


def jokers_in(mask: int) -> int:
    """How many jokers ``mask`` holds."""
    return (mask >> JOKER_SHIFT).bit_count()


def lowest_bits(mask: int, k: int) -> int:
    """The ``k`` lowest-index bits of ``mask`` (fewer if it has fewer)."""
    out = 0
    for _ in range(k):
        if not mask:
            break
        low = mask & -mask
        out |= low
        mask ^= low
    return out


def strength(r: int, inverted: bool) -> int:
    """Strength of rank index ``r`` now: 0 weakest … 12 strongest; a joker (or -1) is 100."""
    if r >= JOKER_RANK or r < 0:
        return 100
    return 12 - r if inverted else r


def move_strength(m: Move, inverted: bool) -> int:
    """The key the engine compares plays of one kind and size by (higher beats lower)."""
    if m[0] == K_STAIRS:
        return 12 - m[5] if inverted else m[4]
    r = m[4]
    if r >= JOKER_RANK or r < 0:
        return 100
    return 12 - r if inverted else r


def count_rank(m: Move, r: int, readings: bool = True) -> int:
    """Cards of rank index ``r`` in play ``m``; jokers count as what they stand for if ``readings``."""
    return _count_rank(m, r, readings)


def is_play(m: Move) -> bool:
    """True for a single, group or stairs (not a pass or a decision)."""
    return K_SINGLE <= m[0] <= K_STAIRS


def is_lone_joker(m: Move) -> bool:
    """True for a joker played alone."""
    return m[0] == K_SINGLE and m[4] == JOKER_RANK


def single_move(index: int) -> Move:
    """The single play of the card with this index (a joker index gives the lone joker)."""
    if index >= JOKER_SHIFT:
        return (K_SINGLE, 1 << index, 1, 1, JOKER_RANK, JOKER_RANK, 0)
    return (K_SINGLE, 1 << index, 0, 1, index >> 2, index >> 2, 1 << (index & 3))


def group_move(r: int, suits: int) -> Move:
    """The play of the real cards ``suits`` of rank index ``r`` (a single if only one)."""
    n = suits.bit_count()
    if n == 1:
        return single_move(4 * r + (suits.bit_length() - 1))
    return (K_GROUP, suits << (4 * r), 0, n, r, r, suits)


def stairs_move(s: int, low: int, top: int) -> Move:
    """The stairs of suit ``s`` from rank index ``low`` to ``top`` (real cards only)."""
    mask = 0
    for r in range(low, top + 1):
        mask |= 1 << (4 * r + s)
    return (K_STAIRS, mask, 0, top - low + 1, low, top, 1 << s)
