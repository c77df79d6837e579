"""Card-mask helpers shared by the CPU players (internal).

Hands are the engine's card-index bitmasks: the four cards of rank index ``r`` (0 = 3 … 12 = 2) are
bits ``4r .. 4r+3`` (suits ♠♥♦♣), the two jokers are bits 52 and 53. Plays are the engine's compact
moves ``(kind, mask, jokers, size, low, top, suits)`` as returned by :meth:`Round.moves`.
"""

from __future__ import annotations

from collections.abc import Iterable

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine.cards import Card

Move = tuple[int, ...]
"""A compact engine move (see :mod:`dfg_bridge.engine._moves`)."""

K_PASS = mv.K_PASS
K_SINGLE = mv.K_SINGLE
K_GROUP = mv.K_GROUP
K_STAIRS = mv.K_STAIRS
K_GIVE = mv.K_GIVE
K_DISCARD = mv.K_DISCARD
K_BOMB = mv.K_BOMB
K_RECRUIT = mv.K_RECRUIT
JOKER_SHIFT = mv.JOKER_SHIFT
JOKER_BITS = mv.JOKER_BITS
REAL_BITS = mv.REAL_BITS
JOKER_RANK = mv.JOKER_RANK
R_EIGHT = 5
R_JACK = 8
TOP_RANK = 12
S3_BIT = 1

_MASK_OF_RANK = tuple(15 << (4 * r) for r in range(13))


def mask_of_cards(cards: Iterable[Card]) -> int:
    """The index bitmask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def rank_bits(hand: int, r: int) -> int:
    """The 4-bit suit set held at rank index ``r``."""
    return (hand >> (4 * r)) & 15


def rank_mask(r: int) -> int:
    """All four cards of rank index ``r`` as a mask."""
    return _MASK_OF_RANK[r]


def jokers_in(mask: int) -> int:
    """Number of jokers in ``mask``."""
    return (mask >> JOKER_SHIFT).bit_count()


def key(r: int, inverted: bool) -> int:
    """Strength of rank index ``r`` now (0 weakest … 12 strongest; the joker rank is 100)."""
    if r == JOKER_RANK or r < 0:
        return 100
    return 12 - r if inverted else r


def move_key(m: Move, inverted: bool) -> int:
    """Strength key of a play, the way the engine compares plays of one kind."""
    if m[0] == K_STAIRS:
        return 12 - m[5] if inverted else m[4]
    return key(m[4], inverted)


def count_rank(m: Move, r: int) -> int:
    """Cards of rank index ``r`` in a play, jokers counted by what they stand for."""
    return mv.count_rank(m, r, True)


def bits(x: int) -> list[int]:
    """Indices of the set bits of ``x``, ascending."""
    return mv.bits(x)


def lowest(mask: int, k: int) -> int:
    """The ``k`` lowest-index bits of ``mask``."""
    out = 0
    for _ in range(k):
        if not mask:
            break
        low = mask & -mask
        out |= low
        mask ^= low
    return out
