"""An eager playout policy (貪欲なプレイアウト): the weakest legal meld, jokers last, pass only when forced.

:mod:`.opponents` reads which seats play like this; ``strong`` then plays them with this policy in its
playouts. Plain leads and answers are decided from the hand's bits (a forced pass too); odd fields,
leads under 革命, jokers and a play that would finish the hand go through the engine's move list
(:func:`greedy_listed`), and both give the same move.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dfg_bridge.engine.cpu.hand import is_foul
from dfg_bridge.engine.cpu.playout import answer_suits, decision_move, plain_field, stairs_up
from dfg_bridge.engine.moves import (
    JOKER_BITS,
    K_GROUP,
    K_PASS,
    PASS,
    REAL_BITS,
    Move,
    group_move,
    move_strength,
    single_move,
)
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules


def greedy_policy(r: Round, rng: random.Random, rules: Rules) -> Move:
    """A seat that always plays its weakest legal meld (the biggest at that strength), jokers last.

    It passes only when it cannot play, or when every play would finish on a forbidden card.
    """
    if r.pending_kind:
        return decision_move(r)
    hand = r.hand_mask(r.turn)
    # plain situations are decided from the hand's bits; the move list is left for odd fields, 革命
    # leads, jokers and a last play that might finish on a forbidden card (反則上がり)
    f = r.field_move
    if f is None:
        m = None if r.inverted else weakest_lead(hand, rules)
        if m is not None:
            return m
    elif plain_field(r, f):
        m = _greedy_answer(r, hand, f)
        if m is None:
            if not hand & JOKER_BITS:
                return PASS  # nothing beats the field and no joker could: the pass is forced
        elif m[1] != hand:
            return m
    return greedy_listed(r, rules, hand)


def greedy_listed(r: Round, rules: Rules, hand: int) -> Move:
    """:func:`greedy_policy` over the engine's full move list (small hands, odd fields)."""
    ms = r.moves()
    if len(ms) == 1:
        return ms[0]
    inv = r.inverted
    best: Move | None = None
    best_key = (1 << 30, 0, 0)
    for m in ms:
        if m[0] == K_PASS:
            continue
        if m[1] == hand and is_foul(m, inv, rules):
            continue
        key = (move_strength(m, inv) + (200 if m[2] else 0), -m[3], m[1])
        if key < best_key:
            best, best_key = m, key
    if best is not None:
        return best
    return ms[-1] if ms[-1][0] == K_PASS else ms[0]


def _greedy_answer(r: Round, hand: int, f: Move) -> Move | None:
    """The weakest joker-free cards that beat a single or group field (None: a joker or a pass)."""
    inv = r.inverted
    size = f[3]
    lock = r.lock_mask
    if size == 1 and not lock:
        # a single: the weakest card past the field's rank is one bit scan away
        real = hand & REAL_BITS
        if inv:
            below = real & ((1 << (4 * f[4])) - 1)
            if not below:
                return None
            rr = (below.bit_length() - 1) >> 2
            suits = (below >> (4 * rr)) & 15
            return single_move(4 * rr + ((suits & -suits).bit_length() - 1))
        above = real >> (4 * (f[4] + 1)) << (4 * (f[4] + 1))
        return single_move((above & -above).bit_length() - 1) if above else None
    fk = 12 - f[4] if inv else f[4]
    for k in range(fk + 1, 13):
        rr = 12 - k if inv else k
        suits = answer_suits((hand >> (4 * rr)) & 15, size, lock)
        if suits:
            return group_move(rr, suits)
    return None


def weakest_lead(hand: int, rules: Rules, keep: Callable[[int, int], bool] | None = None) -> Move | None:
    """In the natural order: the weakest rank whole, or the longest stairs up from it (None: it would
    finish, for the move-list path). ``keep(rank, suits)`` names ranks held back (the careful policy's)."""
    for rr in range(13):
        t = (hand >> (4 * rr)) & 15
        if not t or (keep is not None and keep(rr, t)):
            continue
        best = stairs_up(hand, rr, group_move(rr, t), rules)
        if best[1] == hand or (best[3] > rules.max_group and best[0] == K_GROUP):
            return None
        return best
    return None
