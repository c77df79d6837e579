"""The fast playout policy of ``strong`` (プレイアウト): a noisy greedy on compact moves.

It plays a determinized round to the end for every seat: lead the weakest meld (the biggest at
that strength), answer with the weakest play, keep jokers and the two strongest ranks while the
hand is big, never finish on a forbidden card when it can help it, and err now and then so the
playouts do not all follow one line. It reads the round through its fast accessors
(:class:`~dfg_bridge.engine.Round` ``turn``, ``hand_mask``, ``field_move``…).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from dfg_bridge.engine.cpu.hand import cuts, is_foul
from dfg_bridge.engine.cpu.policy import Policy
from dfg_bridge.engine.moves import (
    JOKER_BITS,
    JOKER_RANK,
    K_BOMB,
    K_DISCARD,
    K_GIVE,
    K_GROUP,
    K_PASS,
    K_RECRUIT,
    K_SINGLE,
    K_STAIRS,
    PASS,
    R_EIGHT,
    Move,
    bits,
    count_rank,
    move_strength,
    stairs_move,
)
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules

MovePolicy = Callable[[Round, random.Random, Rules], Move]
"""A playout policy: the move of the seat to act."""

POP4 = tuple(bin(i).count("1") for i in range(16))
EPSILON = 0.08
"""Chance of a random (joker-free) play instead of the policy's."""


def _weakest_cards(hand: int, count: int, inv: bool) -> int:
    order = sorted(bits(hand & ~JOKER_BITS), key=lambda i: (12 - (i >> 2)) if inv else (i >> 2))
    out = 0
    for i in order[:count]:
        out |= 1 << i
    return out


def decision_move(r: Round) -> Move:
    """A pending 7渡し / 10捨て / Qボンバー / なかまカード decision, decided at once."""
    code = r.pending_kind
    if code in (K_GIVE, K_DISCARD):
        return (code, _weakest_cards(r.hand_mask(r.turn), r.pending_count(), r.inverted))
    if code == K_BOMB:
        return (K_BOMB, -1)
    return (K_RECRUIT, -1)


def _special(m: Move, inv: bool, rules: Rules) -> bool:
    """Cards best not kept to the end: jokers, the strongest rank, 8s (all forbidden finishers)."""
    return bool(m[2]) or bool(count_rank(m, 0 if inv else 12)) or cuts(m, rules)


def plain_field(r: Round, f: Move) -> bool:
    """The field is a single or a group of real cards with no 数しば: answered from the hand's bits."""
    return not r.number_lock and f[0] != K_STAIRS and 0 <= f[4] < JOKER_RANK


def policy(r: Round, rng: random.Random, rules: Rules) -> Move:
    """The playout move of the seat to act."""
    if r.pending_kind:
        return decision_move(r)
    hand = r.hand_mask(r.turn)
    if hand.bit_count() > 4:
        # big hands in plain situations: pick the move from the hand's bits, no move list
        f = r.field_move
        if f is None:
            if not (rules.stairs and r.inverted):
                m = _fast_lead(r, hand, rng, rules)
                if m is not None:
                    return m
        elif plain_field(r, f):
            return _fast_answer(r, hand, f, rng)
    return _listed(r, rng, rules, hand)


def _fast_answer(r: Round, hand: int, f: Move, rng: random.Random) -> Move:
    """Answer a single or group with the weakest joker-free, not-too-strong cards; else pass."""
    if rng.random() < EPSILON:
        return PASS
    inv = r.inverted
    fk = 12 - f[4] if inv else f[4]
    size = f[3]
    lock = r.lock_mask
    best_k = -1
    best_suits = 0
    best_score = 1 << 30
    for k in range(fk + 1, 11):  # the two strongest ranks are kept while the hand is big
        if k * 4 >= best_score:
            break
        rr = 12 - k if inv else k
        held = (hand >> (4 * rr)) & 15
        suits = answer_suits(held, size, lock)
        if not suits:
            continue
        score = k * 4 + (12 if POP4[held] > size else 0)  # breaking a pair costs three ranks
        if score < best_score:
            best_k, best_suits, best_score = rr, suits, score
    if best_k < 0:
        return PASS
    mask = best_suits << (4 * best_k)
    if size == 1:
        return (K_SINGLE, mask, 0, 1, best_k, best_k, best_suits)
    return (K_GROUP, mask, 0, size, best_k, best_k, best_suits)


def _fast_lead(r: Round, hand: int, rng: random.Random, rules: Rules) -> Move | None:
    """Lead all the 8s (a free lead), else the weakest rank whole (or the stairs up from it)."""
    if rng.random() < EPSILON:
        return None
    eights = (hand >> (4 * R_EIGHT)) & 15
    if rules.eight_cut and eights:
        return _group(R_EIGHT, eights)
    inv = r.inverted
    for k in range(13):
        rr = 12 - k if inv else k
        t = (hand >> (4 * rr)) & 15
        if not t:
            continue
        # only in the natural order here: stairs go up from the weakest rank
        best = stairs_up(hand, rr, _group(rr, t), rules)
        if best[1] == hand:
            return None  # finishing: let the listed policy check for a foul
        return best
    return None


def stairs_up(hand: int, rr: int, best: Move, rules: Rules) -> Move:
    """The longest real-card stairs going up from rank ``rr`` if it is longer than ``best``, else ``best``."""
    if not rules.stairs:
        return best
    t = (hand >> (4 * rr)) & 15
    for s in range(4):
        if t >> s & 1:
            top = rr
            while top + 1 < 13 and hand >> (4 * (top + 1) + s) & 1:
                top += 1
            size = top - rr + 1
            if size >= rules.min_stairs and size > best[3]:
                best = stairs_move(s, rr, top)
    return best


def answer_suits(held: int, size: int, lock: int) -> int:
    """Which of the suits ``held`` of one rank answer a field of ``size`` cards under 縛り ``lock``
    (the lowest suits; 0 if they cannot)."""
    t = held & (lock or 15)
    if POP4[t] < size:
        return 0
    if lock and size > 1:
        return lock if t & lock == lock else 0
    return _low_bits(t, size)


def _group(r: int, suits: int) -> Move:
    n = POP4[suits]
    if n == 1:
        return (K_SINGLE, suits << (4 * r), 0, 1, r, r, suits)
    return (K_GROUP, suits << (4 * r), 0, n, r, r, suits)


def _low_bits(t: int, k: int) -> int:
    out = 0
    while k and t:
        b = t & -t
        out |= b
        t ^= b
        k -= 1
    return out


def _listed(r: Round, rng: random.Random, rules: Rules, hand: int) -> Move:
    """The policy over the engine's full move list (small hands, odd fields)."""
    ms = r.moves()
    if len(ms) == 1:
        return ms[0]
    inv = r.inverted
    n = hand.bit_count()
    big = n > 4
    best: Move | None = None
    best_score = 1 << 30
    if r.field_move is None:
        ms = [m for m in ms if m[0] != K_PASS]  # a leader who may pass (uecda) still leads here
        if rng.random() < EPSILON:
            free = [m for m in ms if not m[2]]
            if free:
                return free[rng.randrange(len(free))]
        for m in ms:
            if m[1] == hand:
                if not is_foul(m, inv, rules):
                    return m
                continue
            k = move_strength(m, inv)
            if m[2] and big:
                continue
            if not big and _special(m, inv, rules):
                # near the end the strong and forbidden cards go first, so the last one is weak
                score = -k * 4 - m[3]
            elif cuts(m, rules):
                score = -1000 + k  # an 8 led keeps the lead: a free card
            else:
                score = k * 16 - m[3] + (64 if m[2] else 0)
            if score < best_score:
                best, best_score = m, score
        if best is None:
            return ms[rng.randrange(len(ms))]
        return best
    # answering: the pass is the last move
    if rng.random() < EPSILON:
        return PASS
    for m in ms:
        if m[0] == K_PASS:
            continue
        if m[1] == hand:
            if not is_foul(m, inv, rules):
                return m
            continue
        k = move_strength(m, inv)
        if big and (m[2] or k >= 11):
            continue
        score = k * 4 + (m[2] << 6)
        if m[0] != K_STAIRS and 0 <= m[4] < 13:
            held = ((hand >> (4 * m[4])) & 15).bit_count()
            if held > m[3]:
                score += 12  # breaks a pair or more
        if score < best_score:
            best, best_score = m, score
    if best is None:
        return PASS
    return best


def points_of(r: Round, seat: int, points: Sequence[float]) -> float:
    """``seat``'s points for its place in ``r`` (the middle place's while it has none)."""
    place = r.place_of(seat)
    return points[len(points) // 2] if place is None else points[place]


def playout(r: Round, seat: int, rng: random.Random, rules: Rules, points: tuple[float, ...]) -> float:
    """Play ``r`` on until ``seat`` has a place; return that place's points. ``r`` is consumed."""
    move = r.make_move
    alive = r.in_play
    choose = policy
    for _ in range(2000):  # a guard; rounds end long before
        if not alive(seat):  # over: nobody is in play any more
            break
        move(choose(r, rng, rules))
    return points_of(r, seat, points)


def policy_playout(
    r: Round,
    seat: int,
    rng: random.Random,
    rules: Rules,
    points: tuple[float, ...],
    *,
    learned: Policy,
    others: bool = True,
    models: Sequence[MovePolicy] | None = None,
    finish: Callable[[Round], float | None] | None = None,
    finish_cards: int = 0,
    own: MovePolicy | None = None,
) -> float:
    """Like :func:`playout`, with plays drawn from the learned policy (:mod:`.policy`).

    With ``others`` False only ``seat`` plays the learned policy; the other seats play :func:`policy`,
    or ``models[s]`` (by seat) when given. ``finish(r)``, when given, is asked for the value of the rest
    at ``seat``'s first turn with at most ``finish_cards`` cards (None: the playout goes on). ``own``,
    when given, plays ``seat`` instead of the learned policy.
    """
    move = r.make_move
    alive = r.in_play
    sample = learned.sample
    for _ in range(2000):
        if not alive(seat):
            break
        if r.pending_kind:
            move(decision_move(r))
            continue
        if r.turn != seat:
            if not others:
                move((models[r.turn] if models is not None else policy)(r, rng, rules))
                continue
        elif finish is not None and r.hand_mask(seat).bit_count() <= finish_cards:
            got = finish(r)
            if got is not None:
                return got
            finish = None
        if own is not None:
            move(own(r, rng, rules))
            continue
        ms = r.moves()
        if r.field_move is None and len(ms) > 1 and ms[-1][0] == K_PASS:
            ms = ms[:-1]  # a leader who may pass (uecda) still leads in a playout
        move(ms[0] if len(ms) == 1 else sample(r, ms, rng, rules))
    return points_of(r, seat, points)
