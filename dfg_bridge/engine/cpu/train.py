"""Training of the move policy (方策の学習): REINFORCE on the engine's fast path.

*Self-play* (the default): every seat plays the same linear softmax policy (:mod:`.policy`); after
each round every decision's gradient ``φ(chosen) − E[φ]`` is weighted by the seat's points minus the
table's mean, and the weights follow the average.

*Against the models* (``--against-models``): one seat plays the policy and the others play the fast
opponent models ``strong`` uses in its playouts (:data:`OPPONENTS`: eager, or the careful
policy), and only that seat learns, its points measured against a running mean. ``strong`` plays its
own later moves by the policy in playouts whose other seats play those models, so the policy it needs
is the best answer to them, not to itself. The per-preset weights that ship
(``policy_weights_minecraft.json``…) were trained this way with ``--preset``; the shared
``policy_weights.json`` is self-play's.

``python -m dfg_bridge.engine.cpu train --rounds N --out FILE`` writes the weights (a checkpoint every
500 rounds, so a run can be stopped and resumed with ``--init FILE``; ``--preset NAME`` trains on one
preset only); ``--eval`` plays the
result against the hand-written playout policy and prints one JSON line.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from dfg_bridge.engine.cpu.careful import careful_policy
from dfg_bridge.engine.cpu.eager import greedy_policy
from dfg_bridge.engine.cpu.playout import MovePolicy, decision_move
from dfg_bridge.engine.cpu.playout import policy as plain_policy
from dfg_bridge.engine.cpu.policy import SIZE, Policy, features, parse_weights, prior_weights, probabilities
from dfg_bridge.engine.moves import K_PASS, Move
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules, rank_points

PRESETS = (("uecda", 5), ("minecraft", 4))

OPPONENTS = {"uecda": 1.0, "minecraft": 0.2}
"""Per preset, the share of eager seats (:func:`~.eager.greedy_policy`) among the opponents of
``--against-models`` training; the others play the careful policy (:mod:`.careful`). ``uecda`` is
measured against ``greedy``, ``minecraft`` against careful, human-like play."""


def _pick(probs: list[float], rng: random.Random) -> int:
    x = rng.random()
    for i, p in enumerate(probs):
        x -= p
        if x <= 0:
            return i
    return len(probs) - 1


def _add_gradient(
    grad: list[float], feats: list[tuple[int, ...]], probs: list[float], pick: int, adv: float
) -> None:
    """``grad += adv · (φ(pick) − E[φ])``."""
    for i in feats[pick]:
        grad[i] += adv
    for f, p in zip(feats, probs, strict=True):
        if p > 1e-4:
            for i in f:
                grad[i] -= adv * p


def _policy_move(
    rnd: Round, pol: Policy, rules: Rules, rng: random.Random
) -> tuple[list[tuple[int, ...]], list[float], int] | None:
    """Play the policy's move for the seat to act; its (features, probabilities, pick), None if forced."""
    moves: list[Move] = rnd.moves()
    if rnd.field_move is None:
        moves = [m for m in moves if m[0] != K_PASS] or moves  # leaders lead (uecda may pass)
    if len(moves) == 1:
        rnd.make_move(moves[0])
        return None
    feats = features(rnd, moves, rules)
    probs = probabilities(pol.scores(feats))
    pick = _pick(probs, rng)
    rnd.make_move(moves[pick])
    return feats, probs, pick


def self_play_round(
    w: list[float], rules: Rules, n: int, seed: int, *, rng: random.Random, grad: list[float]
) -> int:
    """Play one round with every seat on ``w``; add its REINFORCE gradient to ``grad``; return decisions."""
    rnd = Round.deal(rules, n, seed)
    trace: list[tuple[int, list[tuple[int, ...]], list[float], int]] = []
    pol = Policy(w)
    while not rnd.over:
        if rnd.pending_kind:
            rnd.make_move(decision_move(rnd))
            continue
        seat = rnd.turn
        step = _policy_move(rnd, pol, rules, rng)
        if step is not None:
            trace.append((seat, *step))
    pts = rank_points(rules, rnd.present_mask.bit_count())
    score = [0.0] * n
    for place, s in enumerate(rnd.ranking()):
        score[s] = pts[place]
    mean = sum(score) / n
    for seat, feats, probs, pick in trace:
        adv = score[seat] - mean
        if adv:
            _add_gradient(grad, feats, probs, pick, adv)
    return len(trace)


def response_round(
    w: list[float],
    rules: Rules,
    n: int,
    seed: int,
    *,
    rng: random.Random,
    grad: list[float],
    baseline: float,
) -> tuple[int, int]:
    """Play one round with one seat on ``w`` and the others on the opponent models (:data:`OPPONENTS`);
    add that seat's REINFORCE gradient (points minus ``baseline``) to ``grad``; return (decisions, points)."""
    rnd = Round.deal(rules, n, seed)
    learner = rng.randrange(n)
    eager = OPPONENTS.get(rules.name, 0.5)
    models: list[MovePolicy] = [greedy_policy if rng.random() < eager else careful_policy for _ in range(n)]
    pol = Policy(w)
    trace: list[tuple[list[tuple[int, ...]], list[float], int]] = []
    while rnd.in_play(learner):
        if rnd.pending_kind:
            rnd.make_move(decision_move(rnd))
            continue
        if rnd.turn != learner:
            rnd.make_move(models[rnd.turn](rnd, rng, rules))
            continue
        step = _policy_move(rnd, pol, rules, rng)
        if step is not None:
            trace.append(step)
    pts = rank_points(rules, n)
    place = rnd.place_of(learner)
    points = pts[len(pts) // 2] if place is None else pts[place]
    adv = points - baseline
    if adv:
        for feats, probs, pick in trace:
            _add_gradient(grad, feats, probs, pick, adv)
    return len(trace), points


def train(
    rounds: int,
    seed: int,
    lr: float,
    *,
    init: list[float] | None = None,
    out: Path | None = None,
    every: int = 500,
    against_models: bool = False,
    presets: tuple[tuple[str, int], ...] = PRESETS,
) -> list[float]:
    """Train for ``rounds`` rounds (``presets`` alternate); checkpoint to ``out``.

    ``against_models``: one seat learns against the opponent models (see the module docstring)."""
    w = list(init) if init is not None else prior_weights()
    rng = random.Random(seed)
    batch = 40 if against_models else 20
    baselines = {name: float(sum(rank_points(Rules.preset(name), n))) / n for name, n in presets}
    done = 0
    while done < rounds:
        grad = [0.0] * SIZE
        decisions = 0
        for b in range(batch):
            name, n = presets[(done + b) % len(presets)]
            deal = seed * 1_000_003 + done + b
            if against_models:
                d, points = response_round(
                    w, Rules.preset(name), n, deal, rng=rng, grad=grad, baseline=baselines[name]
                )
                baselines[name] += 0.01 * (points - baselines[name])
                decisions += d
            else:
                decisions += self_play_round(w, Rules.preset(name), n, deal, rng=rng, grad=grad)
        step = lr / max(1, decisions) * batch
        for i in range(SIZE):
            w[i] += step * grad[i]
        done += batch
        if out is not None and done % every == 0:
            out.write_text(json.dumps({"rounds": done, "seed": seed, "weights": [round(x, 4) for x in w]}))
    if out is not None:
        out.write_text(json.dumps({"rounds": done, "seed": seed, "weights": [round(x, 4) for x in w]}))
    return w


def evaluate(
    w: list[float] | tuple[float, ...],
    rounds: int,
    seed: int,
    *,
    against: str = "plain",
    presets: tuple[tuple[str, int], ...] = PRESETS,
) -> dict[str, Any]:
    """The learned policy alone (no search) in one seat, rotating, against ``against`` in the others:
    ``plain`` (the hand-written playout policy) or ``normal`` (the ``normal`` level); mean points."""
    from dfg_bridge.engine.cpu.heuristic import NormalPlayer

    out: dict[str, Any] = {}
    for name, n in presets:
        rules = Rules.preset(name)
        pts = rank_points(rules, n)
        rng = random.Random(seed)
        pol = Policy(w)
        others = NormalPlayer(rules) if against == "normal" else None
        total = 0.0
        for i in range(rounds):
            rnd = Round.deal(rules, n, seed * 7919 + i)
            learner = i % n
            while not rnd.over:
                if rnd.turn == learner and not rnd.pending_kind:
                    ms = rnd.moves()
                    if rnd.field_move is None:
                        ms = [m for m in ms if m[0] != K_PASS] or ms
                    rnd.make_move(pol.sample(rnd, ms, rng, rules))
                elif others is not None and rnd.turn != learner:
                    seat = rnd.turn
                    rnd.apply(others.decide(rnd.observation(seat), rnd.legal_actions(seat)))
                elif rnd.pending_kind:
                    rnd.make_move(decision_move(rnd))
                else:
                    rnd.make_move(plain_policy(rnd, rng, rules))
            total += pts[rnd.ranking().index(learner)]
        out[name] = round(total / rounds, 4)
    return out


def main(argv: list[str]) -> int:
    """``train`` subcommand."""
    import argparse

    p = argparse.ArgumentParser(prog="python -m dfg_bridge.engine.cpu train")
    p.add_argument("--rounds", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--lr", type=float, default=0.05)
    p.add_argument("--init", type=Path)
    p.add_argument("--out", type=Path)
    p.add_argument("--eval", type=int, default=0, help="rounds per preset to evaluate afterwards")
    p.add_argument(
        "--eval-against",
        choices=["plain", "normal"],
        default="plain",
        help="the other seats of the evaluation: the plain playout policy or the normal level",
    )
    p.add_argument(
        "--against-models",
        action="store_true",
        help="one seat learns against strong's playout opponent models instead of self-play",
    )
    p.add_argument("--preset", choices=[name for name, _ in PRESETS], help="train on this preset only")
    args = p.parse_args(argv)
    presets = tuple(x for x in PRESETS if args.preset in (None, x[0]))
    init = None
    if args.init is not None and args.init.exists():
        got = parse_weights(args.init.read_text())
        if got is None:
            p.error(f"{args.init}: not a weight vector of this policy ({SIZE} weights)")
        init = list(got)
    t0 = time.perf_counter()
    w = init or prior_weights()
    if args.rounds:
        w = train(
            args.rounds,
            args.seed,
            args.lr,
            init=init,
            out=args.out,
            against_models=args.against_models,
            presets=presets,
        )
    report: dict[str, Any] = {"rounds": args.rounds, "train_s": round(time.perf_counter() - t0, 1)}
    if args.eval:
        figures = evaluate(w, args.eval, args.seed + 100, against=args.eval_against, presets=presets)
        report["vs_normal" if args.eval_against == "normal" else "vs_plain_policy"] = figures
    print(json.dumps(report))
    return 0
