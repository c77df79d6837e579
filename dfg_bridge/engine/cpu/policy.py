"""The learned move policy (学習した方策): a linear softmax over cheap move features.

Each legal move gets a handful of binary features — its strength now, its shape, whether it spends a
joker, breaks a pair, cuts with an 8, turns the order, finishes (cleanly or as a foul), no other hand
could answer it, or passes on a field of a given strength — crossed with the hand's size and whether
the seat leads. A move's score is the sum of its features' weights; the policy plays move ``i`` with
probability ∝ ``exp(score_i)``. The weights were learned with the engine (:mod:`.train`, REINFORCE):
``policy_weights.json`` by self-play over the presets, and ``policy_weights_<preset>.json`` for a
preset alone, against the opponent models ``strong`` plays in its playouts (a list of floats, a few
kilobytes each). "No other hand could answer it" reads the other hands, so it is for playouts, where
those are the sampled deal's.

``strong`` uses it twice: to order and prune the candidates of a decision, and to play the playouts.
"""

from __future__ import annotations

import json
import math
import random
from functools import cache
from importlib import resources

from dfg_bridge.engine.cpu.hand import cuts, is_foul, triggers_revolution
from dfg_bridge.engine.moves import (
    JOKER_BITS,
    JOKER_RANK,
    K_GROUP,
    K_PASS,
    K_SINGLE,
    Move,
    move_strength,
)
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules

# feature blocks (offsets into the weight vector)
_BASE = 0  # [lead 2][hand 4][strength 14]
_SHAPE = _BASE + 2 * 4 * 14  # [lead 2][kind 3][size 5]
_JOKER = _SHAPE + 2 * 3 * 5  # [lead 2][hand 4]
_BREAK = _JOKER + 2 * 4  # [lead 2][hand 4]
_CUT = _BREAK + 2 * 4  # [lead 2][hand 4]
_REV = _CUT + 2 * 4  # [hand 4]
_FINISH = _REV + 4  # [clean, foul]
_RACE = _FINISH + 2  # [opponent's fewest 3][strength bucket 4]
_PASS = _RACE + 3 * 4  # [hand 4][field strength 14]
_PASS_RACE = _PASS + 4 * 14  # [opponent's fewest 3]
_PASS_LOCK = _PASS_RACE + 3
_SAFE = _PASS_LOCK + 1  # [lead 2][hand 4]
SIZE = _SAFE + 2 * 4
"""Length of the weight vector."""

_POP4 = tuple(bin(i).count("1") for i in range(16))
_HAND_BUCKET = tuple(0 if n <= 2 else 1 if n <= 5 else 2 if n <= 9 else 3 for n in range(64))
_OPP_BUCKET = tuple(0 if n <= 1 else 1 if n <= 3 else 2 for n in range(64))
_ST_BUCKET = tuple(0 if s <= 4 else 1 if s <= 8 else 2 if s <= 11 else 3 for s in range(14))


def prior_weights() -> list[float]:
    """Hand-set starting weights: weak cards first, jokers and pairs kept, pass when it costs much."""
    w = [0.0] * SIZE
    for lead in range(2):
        for hb in range(4):
            for st in range(14):
                w[_BASE + (lead * 4 + hb) * 14 + st] = -0.3 * st
            w[_JOKER + lead * 4 + hb] = -1.5 if hb >= 2 else 0.0
            w[_BREAK + lead * 4 + hb] = -0.8 if hb >= 1 else 0.0
            w[_CUT + lead * 4 + hb] = 1.5 if lead else 0.3
    for lead in range(2):
        for kind in range(3):
            for size in range(5):
                w[_SHAPE + (lead * 3 + kind) * 5 + size] = 0.25 * size if lead else 0.0
    w[_FINISH] = 6.0
    w[_FINISH + 1] = -6.0
    for hb in range(4):
        for st in range(14):
            w[_PASS + hb * 14 + st] = -2.5 + 0.15 * st
    return w


@cache
def shipped_weights(preset: str = "") -> tuple[float, ...]:
    """The learned weights: ``policy_weights_<preset>.json`` when one ships for that preset (trained
    on it alone), else ``policy_weights.json`` (self-play over the presets), else the prior."""
    folder = resources.files("dfg_bridge.engine.cpu")
    names = ([f"policy_weights_{preset}.json"] if preset else []) + ["policy_weights.json"]
    for name in names:
        try:
            text = folder.joinpath(name).read_text("utf-8")
        except (FileNotFoundError, ModuleNotFoundError):
            continue
        weights = parse_weights(text)
        if weights is not None:
            return weights
    return tuple(prior_weights())


def parse_weights(text: str) -> tuple[float, ...] | None:
    """The full weight vector of a weights file's text (``{"weights": [...], …}`` as ``train --out``
    writes it, or a bare list); None when it holds no vector of this policy (see :func:`fitted`)."""
    data = json.loads(text)
    weights = data.get("weights") if isinstance(data, dict) else data
    return fitted(weights) if isinstance(weights, list) else None


def fitted(weights: list[float] | tuple[float, ...]) -> tuple[float, ...] | None:
    """``weights`` as a full vector: weights learned before the 'nobody answers' block get it at 0;
    None when the length fits no version of :func:`features`."""
    if len(weights) == _SAFE:
        return (*(float(x) for x in weights), *([0.0] * (SIZE - _SAFE)))
    if len(weights) == SIZE:
        return tuple(float(x) for x in weights)
    return None


def features(r: Round, moves: list[Move], rules: Rules) -> list[tuple[int, ...]]:
    """The feature indices of each move of the seat to act (see the module docstring)."""
    seat = r.turn
    hand = r.hand_mask(seat)
    hb = _HAND_BUCKET[hand.bit_count()]
    inv = r.inverted
    f = r.field_move
    lead = 1 if f is None else 0
    fewest = 63
    active = r.active_mask & ~(1 << seat)
    others = 0
    s = 0
    while active:
        if active & 1:
            held = r.hand_mask(s)
            others |= held
            fewest = min(fewest, held.bit_count())
        active >>= 1
        s += 1
    ob = _OPP_BUCKET[fewest]
    beat = _beaters(others, inv)
    eights = rules.eight_cut
    out: list[tuple[int, ...]] = []
    for m in moves:
        kind = m[0]
        if kind == K_PASS:
            fst = 13 if f is None else min(13, move_strength(f, inv))
            feats: tuple[int, ...] = (_PASS + hb * 14 + fst, _PASS_RACE + ob)
            if r.lock_mask:
                feats += (_PASS_LOCK,)
            out.append(feats)
            continue
        st = min(13, move_strength(m, inv))
        size = m[3]
        lst = [
            _BASE + (lead * 4 + hb) * 14 + st,
            _SHAPE + (lead * 3 + kind - 1) * 5 + min(size, 5) - 1,
            _RACE + ob * 4 + _ST_BUCKET[st],
        ]
        mask = m[1]
        if m[2]:
            lst.append(_JOKER + lead * 4 + hb)
        if kind <= K_GROUP and m[4] != JOKER_RANK and (hand & ~mask) >> (4 * m[4]) & 15:
            lst.append(_BREAK + lead * 4 + hb)
        # 8切り: a joker-free play cuts when it holds an 8 (rank index 5, bits 20–23)
        if eights and (cuts(m, rules) if m[2] else mask >> 20 & 15):
            lst.append(_CUT + lead * 4 + hb)
        if size >= 4 and triggers_revolution(m, rules):
            lst.append(_REV + hb)
        if not hand & ~mask:
            lst.append(_FINISH + (1 if is_foul(m, inv, rules) else 0))
        elif kind <= K_GROUP and (size > 4 or st > beat[size]):
            lst.append(_SAFE + lead * 4 + hb)
        out.append(tuple(lst))
    return out


def _beaters(others: int, inv: bool) -> list[int]:
    """Per group size 1–4, the strongest strength the other hands' cards (taken together) can play.

    In a playout the other hands are the sampled deal's: a play above it is one nobody answers."""
    jokers = (others & JOKER_BITS).bit_count()
    beat = [-1, 13 if jokers else -1, -1, -1, -1]
    # from the strongest rank down: the first rank that can make a group of n is the answer for n
    missing = 3 if jokers else 4  # of beat[1..4] still unset (a joker already settles singles)
    for st in range(12, -1, -1):
        c = _POP4[(others >> (4 * (12 - st if inv else st))) & 15]
        if not c:
            continue
        for n in range(1, min(4, c + jokers) + 1):
            if beat[n] < 0:
                beat[n] = st
                missing -= 1
        if not missing:
            break
    return beat


def probabilities(scores: list[float]) -> list[float]:
    """Softmax of ``scores``."""
    top = max(scores)
    ex = [math.exp(x - top) for x in scores]
    total = sum(ex)
    return [e / total for e in ex]


class Policy:
    """A linear softmax policy over :func:`features` with the given weights."""

    def __init__(self, weights: tuple[float, ...] | list[float] | None = None, temperature: float = 1.0):
        self.w = tuple(weights) if weights is not None else shipped_weights()
        self.inv_t = 1.0 / temperature

    def scores(self, feats: list[tuple[int, ...]]) -> list[float]:
        """The score of each move."""
        get = self.w.__getitem__
        return [sum(map(get, f)) for f in feats]

    def sample(self, r: Round, moves: list[Move], rng: random.Random, rules: Rules) -> Move:
        """One move drawn from the policy."""
        if len(moves) == 1:
            return moves[0]
        sc = self.scores(features(r, moves, rules))
        inv_t = self.inv_t
        top = max(sc)
        ex = [math.exp((x - top) * inv_t) for x in sc]
        x = rng.random() * sum(ex)
        for m, e in zip(moves, ex, strict=True):
            x -= e
            if x <= 0:
                return m
        return moves[-1]

    def ranked(self, r: Round, moves: list[Move], rules: Rules) -> list[Move]:
        """``moves`` best first."""
        sc = self.scores(features(r, moves, rules))
        order = sorted(range(len(moves)), key=lambda i: -sc[i])
        return [moves[i] for i in order]


__all__ = [
    "SIZE",
    "Policy",
    "features",
    "fitted",
    "parse_weights",
    "prior_weights",
    "probabilities",
    "shipped_weights",
]
_ = K_SINGLE
