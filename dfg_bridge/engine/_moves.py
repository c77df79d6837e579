"""Compact move encoding and precomputed generation tables (internal).

A *move* is a plain tuple so that generation, hashing and comparison stay cheap:

* plays: ``(kind, mask, jokers, size, low, top, suits)`` with ``kind`` 1 single, 2 group, 3 stairs;
  ``mask`` the card-index bits (jokers included), ``low``/``top`` natural rank indices 0–12 (3..2;
  13 for a lone joker; stairs reach -1 / 13 when a joker stands below 3 / above 2), ``suits`` the
  4-bit suit set of the readings;
* ``PASS = (0,)``;
* decisions: ``(GIVE, mask)`` 7渡し, ``(DISCARD, mask)`` 10捨て, ``(BOMB, r)`` Qボンバー (r 0–12,
  13 = jokers, -1 = stop), ``(RECRUIT, index)`` なかまカード (-1 = decline), ``(BRIBE, mask, target)``,
  ``(EXGIVE, mask)`` exchange.

Hands are card-index bitmasks; the four cards of rank ``r`` are bits ``4r .. 4r+3``.
"""

from __future__ import annotations

from functools import cache

K_PASS = 0
K_SINGLE = 1
K_GROUP = 2
K_STAIRS = 3
K_GIVE = 4
K_DISCARD = 5
K_BOMB = 6
K_RECRUIT = 7
K_BRIBE = 8
K_EXGIVE = 9

F_KIND, F_MASK, F_JOKERS, F_SIZE, F_LOW, F_TOP, F_SUITS = range(7)

Move = tuple[int, ...]
PASS: Move = (K_PASS,)

JOKER_SHIFT = 52
JOKER_BITS = 3 << JOKER_SHIFT
REAL_BITS = (1 << 52) - 1
JOKER_RANK = 13
SPADE_BITS = sum(1 << (4 * r) for r in range(13))
SUIT_BITS = tuple(SPADE_BITS << s for s in range(4))
BEYOND_LOW = -1
"""Reading of a joker standing below 3 at the start of stairs (``joker_beyond_ends``)."""
BEYOND_HIGH = 64
"""Reading of a joker standing above 2 at the end of stairs."""

POP4 = tuple(bin(i).count("1") for i in range(16))


def popcount(x: int) -> int:
    """Number of set bits."""
    return x.bit_count()


def lowest_suits(exclude: int, n: int) -> int:
    """The ``n`` lowest suits (S, H, D, C order) not in ``exclude``, as a 4-bit mask."""
    out = 0
    for s in range(4):
        if n == 0:
            break
        if not exclude >> s & 1:
            out |= 1 << s
            n -= 1
    return out


def joker_bits_used(jbits: int, u: int) -> int:
    """The first ``u`` jokers held in ``jbits`` (0–3), as card-index bits."""
    if u == 0:
        return 0
    if u == 2:
        return JOKER_BITS
    return (1 << JOKER_SHIFT) if jbits & 1 else (2 << JOKER_SHIFT)


@cache
def singles(r: int, t: int) -> tuple[Move, ...]:
    """Single moves for the real cards of rank ``r`` with suit mask ``t``."""
    return tuple((K_SINGLE, 1 << (4 * r + s), 0, 1, r, r, 1 << s) for s in range(4) if t >> s & 1)


def joker_single(jbits: int) -> Move:
    """The lone-joker single (the lowest joker held)."""
    return (K_SINGLE, joker_bits_used(jbits, 1), 1, 1, JOKER_RANK, JOKER_RANK, 0)


@cache
def groups(r: int, t: int, jbits: int, max_group: int) -> tuple[Move, ...]:
    """Group moves of rank ``r`` from real suits ``t`` and held jokers ``jbits``."""
    out: list[Move] = []
    nj = POP4[jbits]
    base = 4 * r
    for sub in range(1, 16):
        if sub & ~t:
            continue
        k = POP4[sub]
        for u in range(nj + 1):
            size = k + u
            if size < 2 or size > max_group:
                continue
            suits = sub | lowest_suits(sub, min(u, 4 - k))
            out.append((K_GROUP, (sub << base) | joker_bits_used(jbits, u), u, size, r, r, suits))
    return tuple(out)


@cache
def stairs(s: int, ranks: int, jbits: int, min_len: int, beyond: bool = False) -> tuple[Move, ...]:
    """Stairs moves in suit ``s`` from the 13-bit rank set ``ranks`` and held jokers ``jbits``.

    With ``beyond`` a joker may also stand at rank -1 (below 3) or 13 (above 2).
    """
    out: list[Move] = []
    nj = POP4[jbits]
    # bit p of ``held`` is rank p - shift, so ranks -1 and 13 (never held) fit in without clipping
    shift = 1 if beyond else 0
    held = ranks << shift
    span = 13 + 2 * shift
    base = s - 4 * shift
    joker_masks = [joker_bits_used(jbits, u) for u in range(nj + 1)]
    for p in range(span):
        for q in range(p + min_len - 1, span):
            size = q - p + 1
            have = held & (((1 << size) - 1) << p)
            missing = size - have.bit_count()
            if missing > nj:
                break  # a longer window only misses more
            if not have:
                continue
            mask = 0
            rest = have
            while rest:
                b = rest & -rest
                mask |= 1 << (4 * (b.bit_length() - 1) + base)
                rest ^= b
            out.append((K_STAIRS, mask | joker_masks[missing], missing, size, p - shift, q - shift, 1 << s))
    return tuple(out)


def suit_ranks(hand: int, s: int) -> int:
    """The 13-bit set of ranks held in suit ``s``."""
    out = 0
    h = hand >> s
    for r in range(13):
        if h >> (4 * r) & 1:
            out |= 1 << r
    return out


def count_rank(move: Move, r: int, readings: bool) -> int:
    """How many cards of rank index ``r`` a play move has (by reading, or real cards only)."""
    kind = move[F_KIND]
    if not readings or not move[F_JOKERS]:
        return POP4[(move[F_MASK] >> (4 * r)) & 15]
    if kind == K_GROUP:
        return move[F_SIZE] if move[F_LOW] == r else 0
    if kind == K_STAIRS:
        return 1 if move[F_LOW] <= r <= move[F_TOP] else 0
    return 0


def joker_readings(move: Move) -> list[int]:
    """Card indices the jokers of a play stand for, ascending (empty for a lone joker).

    A stairs joker beyond the ends reads :data:`BEYOND_LOW` or :data:`BEYOND_HIGH`.
    """
    kind = move[F_KIND]
    u = move[F_JOKERS]
    if not u or kind == K_SINGLE:
        return []
    mask = move[F_MASK]
    if kind == K_GROUP:
        r = move[F_LOW]
        real = (mask >> (4 * r)) & 15
        extra = move[F_SUITS] & ~real
        return [4 * r + s for s in range(4) if extra >> s & 1][:u]
    s = (move[F_SUITS] & -move[F_SUITS]).bit_length() - 1
    out = []
    for r in range(move[F_LOW], move[F_TOP] + 1):
        if r < 0:
            out.append(BEYOND_LOW)
        elif r > 12:
            out.append(BEYOND_HIGH)
        elif not mask >> (4 * r + s) & 1:
            out.append(4 * r + s)
    return out


def candidates(
    mask: int, max_group: int, stairs_on: bool, min_stairs: int, beyond: bool = False
) -> list[Move]:
    """Every reading of exactly the cards in ``mask`` (canonical joker suits in groups).

    ``beyond``: stairs jokers may stand below 3 or above 2 (``joker_beyond_ends``).
    """
    real = mask & REAL_BITS
    jb = mask >> JOKER_SHIFT
    u = POP4[jb]
    size = real.bit_count() + u
    out: list[Move] = []
    if size == 0:
        return out
    if size == 1:
        if u:
            return [(K_SINGLE, mask, 1, 1, JOKER_RANK, JOKER_RANK, 0)]
        i = real.bit_length() - 1
        return [(K_SINGLE, mask, 0, 1, i >> 2, i >> 2, 1 << (i & 3))]
    ranks = {(i >> 2) for i in _bits(real)}
    if len(ranks) <= 1 and 2 <= size <= max_group:
        rank_options = list(ranks) if ranks else list(range(13))
        for r in rank_options:
            t = (real >> (4 * r)) & 15
            suits = t | lowest_suits(t, min(u, 4 - POP4[t]))
            out.append((K_GROUP, mask, u, size, r, r, suits))
    if stairs_on and size >= min_stairs and real:
        suits_seen = {i & 3 for i in _bits(real)}
        if len(suits_seen) == 1 and len(ranks) == real.bit_count():
            s = suits_seen.pop()
            lo, hi = min(ranks), max(ranks)
            lo_min, hi_max = (-1, 13) if beyond else (0, 12)
            for low in range(max(lo_min, hi - size + 1), min(lo, hi_max + 1 - size) + 1):
                out.append((K_STAIRS, mask, u, size, low, low + size - 1, 1 << s))
    return out


def field_ref(f: Move, inv: bool, stairs_above: bool) -> int:
    """The strength a play must exceed to beat field ``f`` (or, under 数しば, follow by one)."""
    if f[0] == K_STAIRS:
        if stairs_above:
            return 12 - f[4] if inv else f[5]
        return 12 - f[5] if inv else f[4]
    r = f[4]
    if r == JOKER_RANK:
        return 100
    return 12 - r if inv else r


def play_key(m: Move, inv: bool) -> int:
    """The strength key plays of one kind and size are compared by (higher beats lower)."""
    if m[0] == K_STAIRS:
        return 12 - m[5] if inv else m[4]
    r = m[4]
    if r == JOKER_RANK:
        return 100
    return 12 - r if inv else r


def _bits(x: int) -> list[int]:
    out = []
    while x:
        b = x & -x
        out.append(b.bit_length() - 1)
        x ^= b
    return out


def bits(x: int) -> list[int]:
    """Indices of the set bits of ``x``, ascending."""
    return _bits(x)
