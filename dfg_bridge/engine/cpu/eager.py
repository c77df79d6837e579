"""An eager playout policy (貪欲なプレイアウト): the weakest legal meld, jokers last, pass only when forced.

:mod:`.opponents` reads which seats play like this; ``strong`` then plays them with this policy in its
playouts. Big hands on plain fields are decided from the hand's bits; everything else goes through
the engine's move list (:func:`greedy_listed`), and both give the same move.
"""

from __future__ import annotations

import random

from dfg_bridge.engine.cpu.hand import is_foul
from dfg_bridge.engine.cpu.playout import POP4, decision_move
from dfg_bridge.engine.moves import (
    JOKER_RANK,
    K_GROUP,
    K_PASS,
    K_STAIRS,
    Move,
    group_move,
    lowest_bits,
    move_strength,
    stairs_move,
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
    if hand.bit_count() > 4:
        f = r.field_move
        if f is None:
            if not r.inverted:
                m = _greedy_lead(hand, rules)
                if m is not None:
                    return m
        elif not r.number_lock and f[0] != K_STAIRS and 0 <= f[4] < JOKER_RANK:
            m = _greedy_answer(r, hand, f)
            if m is not None:
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
    fk = 12 - f[4] if inv else f[4]
    size = f[3]
    lock = r.lock_mask
    allowed = lock or 15
    for k in range(fk + 1, 13):
        rr = 12 - k if inv else k
        t = (hand >> (4 * rr)) & allowed
        if POP4[t & 15] < size:
            continue
        if lock and size > 1:
            if t & lock != lock:
                continue
            suits = lock
        else:
            suits = lowest_bits(t & 15, size)
        return group_move(rr, suits)
    return None


def _greedy_lead(hand: int, rules: Rules) -> Move | None:
    """In the natural order: the weakest rank whole, or the longest stairs up from it."""
    for rr in range(13):
        t = (hand >> (4 * rr)) & 15
        if not t:
            continue
        best = group_move(rr, t)
        if rules.stairs:
            for s in range(4):
                if t >> s & 1:
                    top = rr
                    while top + 1 < 13 and hand >> (4 * (top + 1) + s) & 1:
                        top += 1
                    size = top - rr + 1
                    if size >= rules.min_stairs and size > best[3]:
                        best = stairs_move(s, rr, top)
        if best[1] == hand or (best[3] > rules.max_group and best[0] == K_GROUP):
            return None
        return best
    return None
