"""``normal``'s play decision on compact moves (手役重視の一手): one definition for the level and its model.

``normal`` (:mod:`.heuristic`) decides from what its seat sees; ``strong``'s playouts can play a seat
read as careful by the very same rules (:func:`normal_policy`) on a sampled deal, where the cards that
seat cannot see are the other hands. Both call :func:`normal_choice`, so the model is ``normal`` move
for move, not an imitation of it.

It keeps the hand's best split (:func:`~.splits.split`) whole: it leads the weakest meld that others
can answer (the bigger one at equal strength), turns the order (革命) when that clearly helps, answers
only when the split of what is left needs fewer leads than passing would (a trick won counts as a
lead, a 縛り it will own as most of one), and plays a sure way out (詰み) when it sees one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from dfg_bridge.engine.cpu.hand import (
    Outlook,
    answerable,
    cuts,
    is_foul,
    order_for_followers,
    triggers_revolution,
)
from dfg_bridge.engine.cpu.mates import follow_mate, mate_line
from dfg_bridge.engine.cpu.playout import decision_move
from dfg_bridge.engine.cpu.splits import RestSplits, after_trick, split
from dfg_bridge.engine.moves import (
    JOKER_RANK,
    K_PASS,
    K_SINGLE,
    S3_BIT,
    Move,
    bits,
    move_strength,
    strength,
)
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules

LOCK_BONUS = 0.6
"""What a 縛り this seat will own (it holds the top unseen card of the suits) is worth, in leads."""


def normal_choice(
    hand: int, o: Outlook, plays: Sequence[Move], field: Move | None, *, can_pass: bool, lock_free: bool
) -> int:
    """The index in ``plays`` of ``normal``'s play, or -1 for a pass.

    ``plays`` are the legal plays (not empty), ``field`` the play to beat (None: this seat leads) and
    ``lock_free`` says no 縛り is in force yet.
    """
    if field is None:
        return _lead(hand, o, plays)
    return _follow(hand, o, plays, field, can_pass=can_pass, lock_free=lock_free)


def _index(plays: Sequence[Move], m: Move) -> int:
    """The first play with the cards of ``m`` (-1 if none)."""
    for i, p in enumerate(plays):
        if p[0] == m[0] and p[1] == m[1]:
            return i
    return -1


def _weakest(plays: Sequence[Move], inverted: bool, bigger_first: bool) -> int:
    """The joker-free, weakest play (the biggest at equal strength when ``bigger_first``)."""

    def key(i: int) -> tuple[int, int, int]:
        p = plays[i]
        return (p[2], move_strength(p, inverted), -p[3] if bigger_first else 0)

    return min(range(len(plays)), key=key)


def _lead(hand: int, o: Outlook, plays: Sequence[Move]) -> int:
    line = mate_line(hand, o)
    if line is not None:
        i = _index(plays, line[0])
        if i >= 0:
            return i
    sp = split(hand, o)
    base = sp.turns
    # 革命 when the turned order makes this hand clearly better
    for i, m in enumerate(plays):
        if (
            triggers_revolution(m, o.rules)
            and not m[2]
            and split(hand & ~m[1], after_trick(m, o)).turns + 1 < base
        ):
            return i
    weak = [m for m, c in zip(sp.melds, sp.control, strict=True) if not c]
    pool = weak or list(sp.melds)
    # the weakest weak meld; at equal strength the bigger one (harder to answer)
    pool.sort(key=lambda m: (move_strength(m, o.inverted), -m[3]))
    for m in pool:
        i = _index(plays, m)
        if i >= 0 and not (hand == m[1] and is_foul(m, o.inverted, o.rules)):
            return i
    return _weakest(plays, o.inverted, True)


def _follow(
    hand: int, o: Outlook, plays: Sequence[Move], field: Move, *, can_pass: bool, lock_free: bool
) -> int:
    rules = o.rules
    inv = o.inverted
    on_joker = field[0] == K_SINGLE and field[4] == JOKER_RANK
    rest_splits = RestSplits(hand, o)
    mate = follow_mate(list(plays), hand, o, on_joker, rest_splits)
    if mate is not None:
        i = _index(plays, mate)
        if i >= 0:
            return i
    if not can_pass:
        return _weakest(plays, inv, False)
    pass_value = rest_splits.turns
    best_value = float(pass_value)
    best_key = -1
    best = -1
    lockable = rules.lock and lock_free and field[6] and not field[2]
    for i, m in enumerate(plays):
        rest = hand & ~m[1]
        answers_joker = on_joker and m[1] == S3_BIT
        if not rest and is_foul(m, inv, rules, answers_joker):
            continue
        value = float(rest_splits.turns_after(m))
        if (
            (answers_joker and rules.spade3_return)
            or cuts(m, rules)
            or not answerable(m, o.unseen, order_for_followers(m, o), rules)
        ):
            value -= 1.0  # it wins the trick: the lead comes back
        if lockable and m[6] == field[6] and not m[2]:
            value -= _lock_bonus(m[6], rest, o.unseen, inv)
        # strong cards are kept for when they matter: a joker or a control spent on a mere tie
        # is worse than passing
        if value >= pass_value - 1e-9:
            continue
        key = move_strength(m, inv)
        if (value, key) < (best_value, best_key):
            best_value, best_key, best = value, key, i
    return best


def _lock_bonus(suits: int, rest: int, unseen: int, inverted: bool) -> float:
    """縛り: following the field's suits with the top unseen card of them in hand is worth a lead."""
    best_mine = -1
    for i in bits(rest):
        if i < 52 and suits >> (i & 3) & 1:
            best_mine = max(best_mine, strength(i >> 2, inverted))
    if best_mine < 0:
        return 0.0
    for i in bits(unseen):
        if i >= 52 or (suits >> (i & 3) & 1 and strength(i >> 2, inverted) > best_mine):
            return 0.0
    return LOCK_BONUS


def normal_policy(r: Round, rng: random.Random, rules: Rules) -> Move:
    """``normal``'s move for the seat to act in a playout (what it cannot see: the other hands of the deal
    and the cards face down).

    ``rng`` is unused (``normal`` draws no random numbers); it is there to be a playout policy.
    """
    if r.pending_kind:
        return decision_move(r)
    seat = r.turn
    ms = r.moves()
    can_pass = ms[-1][0] == K_PASS  # the move list puts a pass last
    plays = ms[:-1] if can_pass else ms
    if not plays:
        return ms[-1]
    o = Outlook(rules, r.inverted, r.unseen_mask(seat), r.eleven_back)
    i = normal_choice(r.hand_mask(seat), o, plays, r.field_move, can_pass=can_pass, lock_free=not r.lock_mask)
    return plays[i] if i >= 0 else ms[-1]
