"""A learned hand estimator (手札推定): per other seat and unseen card, the odds of the seat holding it.

Each (card, seat) pair gets a few features read from the public acts — the seat's title in this
round's exchange crossed with the card's rank, how much of its hand the seat has played, its leads,
answers and passes against the card, lone cards from the card's rank — and a weight
``exp(w · features)``. The weights are a conditional logit over the seats that may hold the card,
with each seat's hand size as its base rate, learned from rounds of ``normal`` seats
(``python -m dfg_bridge.engine.cpu train-estimate``, :mod:`.estimate_train`); the sampler (:mod:`.dealer`)
deals the seats read as careful by them (:attr:`~.search.Settings.estimate`: on under ``minecraft``).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from functools import cache
from importlib import resources

from dfg_bridge.engine.actions import Pass, Play
from dfg_bridge.engine.cpu.acts import acts_of, played_by_seat, played_from
from dfg_bridge.engine.cpu.view import View
from dfg_bridge.engine.melds import move_of_meld
from dfg_bridge.engine.moves import JOKER_BITS, JOKER_RANK, K_GROUP, K_SINGLE, bits, move_strength, strength

ROLES = 5
"""No exchange, the higher rank of a 2-card and of a 1-card exchange, the lower of a 1-card and of a
2-card exchange."""
RANKS = 14
"""Thirteen ranks in the natural order and the joker."""
BUCKETS = 5
"""A card's strength now: 3–6, 7–10, J–K, A–2, joker."""

F_ROLE = 0
F_PLAYED = F_ROLE + ROLES * RANKS
"""…crossed with the bucket: the share of its round's hand the seat has played."""
F_PASSED = F_PLAYED + BUCKETS
"""…crossed with the bucket: the share of the seat's acts that were passes."""
F_LEAD_SAME = F_PASSED + BUCKETS
"""A rank-mate of a single or group the seat led (1, 2 or more)."""
F_LEAD_BELOW_BIG = F_LEAD_SAME + 2
"""Weaker than a lead of the seat from more than five cards (1, 2 or more)."""
F_LEAD_BELOW_SMALL = F_LEAD_BELOW_BIG + 2
"""…from five or fewer."""
F_ANSWER_SAME = F_LEAD_BELOW_SMALL + 1
"""A rank-mate of the seat's single on a single, group on a group, each below the ace or not (4)."""
F_PASS_SINGLE = F_ANSWER_SAME + 4
"""The seat passed on a single the card beats: by the card's bucket (5), once or more often (2)."""
F_PASS_GROUP = F_PASS_SINGLE + 2 * BUCKETS
"""…on a group its rank beats, with enough unseen rank-mates and jokers to make the group: by the
card's bucket (4: no joker)."""
F_BROKEN = F_PASS_GROUP + 4
"""A rank-mate (below the ace) of a lone card the seat played."""
F_SMALL = F_BROKEN + 1
"""…crossed with the bucket: the seat holds three cards or fewer."""
F_BETWEEN = F_SMALL + BUCKETS
"""Between the field and the seat's answer to it (a single on a single, a group on a group): it did not
answer with the card, by the card's bucket (4: no joker)."""
F_PASS_PAIRED = F_BETWEEN + 4
"""The seat passed on a single the card beats while another card of its rank is unseen too (the card
may be kept for a pair)."""
SIZE = F_PASS_PAIRED + 1
"""The number of features."""

Pairs = dict[int, dict[int, list[tuple[int, float]]]]
"""Per seat, per card index, the features that are not zero: (index, value)."""


def bucket(rank: int, inverted: bool) -> int:
    """The card's strength bucket now (see :data:`BUCKETS`)."""
    if rank >= JOKER_RANK:
        return 4
    k = strength(rank, inverted)
    return 0 if k < 4 else 1 if k < 8 else 2 if k < 11 else 3


def roles(view: View) -> dict[int, int]:
    """Per seat in this round's exchange, its role (see :data:`ROLES`)."""
    out: dict[int, int] = {}
    for hi, lo, k in view.obs.exchange_pairs:
        out[hi] = 1 if k >= 2 else 2
        out[lo] = 4 if k >= 2 else 3
    return out


def features(view: View) -> Pairs:
    """The features of every (other seat with cards, unseen card) pair of ``view``."""
    obs = view.obs
    counts = obs.hand_counts
    history = obs.history
    seats = [s for s, c in enumerate(counts) if s != obs.seat and c > 0]
    unseen = bits(view.unseen)
    inv = view.inverted
    role = roles(view)
    played = played_by_seat(history, len(counts))
    since = played_from(history)
    rank_unseen = [0] * RANKS
    for c in unseen:
        rank_unseen[min(c >> 2, JOKER_RANK)] += 1
    jokers = rank_unseen[JOKER_RANK]
    acts = dict.fromkeys(seats, 0)
    passes = dict.fromkeys(seats, 0)
    tells: dict[int, dict[int, list[int]]] = {s: {} for s in seats}

    def tell(seat: int, cards: int, index: int) -> None:
        got = tells[seat]
        for c in unseen:
            if cards >> c & 1:
                got.setdefault(c, []).append(index)

    i = -1
    for a, field, inverted, lock in acts_of(view):
        i = history.index(a, i + 1)
        s = a.seat
        if s not in acts:
            continue
        acts[s] += 1
        if isinstance(a, Pass):
            passes[s] += 1
            if field is None or field[0] not in (K_SINGLE, K_GROUP):
                continue
            k = move_strength(field, inverted)
            suits = lock or 15
            beat = 0
            for r in range(13):
                if strength(r, inverted) > k and (
                    field[0] == K_SINGLE or rank_unseen[r] + jokers >= field[3]
                ):
                    beat |= suits << (4 * r)
            if field[0] == K_SINGLE:
                if k < 100:
                    beat |= JOKER_BITS
                tell(s, beat, F_PASS_SINGLE)
                paired = 0
                for r in range(13):
                    if rank_unseen[r] >= 2:
                        paired |= 15 << (4 * r)
                tell(s, beat & paired, F_PASS_PAIRED)
            else:
                tell(s, beat, F_PASS_GROUP)
            continue
        if not isinstance(a, Play):
            continue
        m = move_of_meld(a.meld)
        if m is None or m[2] or m[4] >= JOKER_RANK:
            continue
        mates = (15 << (4 * m[4])) & ~m[1] if m[0] in (K_SINGLE, K_GROUP) else 0
        if field is None:
            big = counts[s] + since[i].bit_count() > 5
            k = move_strength(m, inverted)
            below = 0
            for c in unseen:
                if c < 52 and strength(c >> 2, inverted) < k:
                    below |= 1 << c
            tell(s, below, F_LEAD_BELOW_BIG if big else F_LEAD_BELOW_SMALL)
            tell(s, mates, F_LEAD_SAME)
        elif m[0] == field[0] and m[0] in (K_SINGLE, K_GROUP):
            top = strength(m[4], inverted) >= 11
            tell(s, mates, F_ANSWER_SAME + 2 * int(top) + int(m[0] == K_GROUP))
            low = move_strength(field, inverted)
            high = move_strength(m, inverted)
            between = 0
            for r in range(13):
                if low < strength(r, inverted) < high:
                    between |= (lock or 15) << (4 * r)
            tell(s, between, F_BETWEEN)
        if m[0] == K_SINGLE and m[4] < 11:
            tell(s, mates, F_BROKEN)
    out: Pairs = {}
    for s in seats:
        held = counts[s]
        share = played[s].bit_count() / (held + played[s].bit_count())
        passed = passes[s] / acts[s] if acts[s] else 0.0
        r_role = role.get(s, 0) * RANKS
        got = tells[s]
        per: dict[int, list[tuple[int, float]]] = {}
        for c in unseen:
            rank = min(c >> 2, JOKER_RANK)
            b = bucket(rank, inv)
            f: list[tuple[int, float]] = [(F_ROLE + r_role + rank, 1.0)]
            if share:
                f.append((F_PLAYED + b, share))
            if passed:
                f.append((F_PASSED + b, passed))
            if held <= 3:
                f.append((F_SMALL + b, 1.0))
            for index, n in Counter(got.get(c, ())).items():
                f.append(_tell_feature(index, n, b))
            per[c] = f
        out[s] = per
    return out


def _tell_feature(index: int, n: int, b: int) -> tuple[int, float]:
    if index in (F_LEAD_SAME, F_LEAD_BELOW_BIG):
        return (index + min(n, 2) - 1, 1.0)
    if index == F_PASS_SINGLE:
        return (index + 2 * b + min(n, 2) - 1, 1.0)
    if index in (F_PASS_GROUP, F_BETWEEN):
        return (index + min(b, 3), 1.0)
    return (index, 1.0)


@cache
def shipped_weights(name: str = "estimate_weights_minecraft.json") -> tuple[float, ...]:
    """The shipped weights (a JSON object whose ``weights`` list has :data:`SIZE` numbers)."""
    text = resources.files("dfg_bridge.engine.cpu").joinpath(name).read_text(encoding="utf-8")
    try:
        w = json.loads(text)["weights"]
        got = tuple(float(x) for x in w)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{name}: not an estimator weights file ({exc})") from None
    if len(got) != SIZE:
        raise ValueError(f"{name}: {len(got)} weights, {SIZE} features")
    return got


def odds(view: View, weights: Sequence[float]) -> dict[int, dict[int, float]]:
    """Per other seat, per unseen card, its weight ``exp(w · features)`` (1: no more likely than chance)."""
    out: dict[int, dict[int, float]] = {}
    for s, per in features(view).items():
        got = out[s] = {}
        for c, f in per.items():
            z = 0.0
            for index, value in f:
                z += weights[index] * value
            got[c] = math.exp(max(-20.0, min(20.0, z)))
    return out
