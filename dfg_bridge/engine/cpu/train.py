"""Self-play training of the move policy (自己対戦による学習): REINFORCE on the engine's fast path.

Every seat plays the same linear softmax policy (:mod:`.policy`); after each round every decision's
gradient ``φ(chosen) − E[φ]`` is weighted by the seat's points minus the table's mean, and the weights
follow the average. ``python -m dfg_bridge.engine.cpu train --rounds N --out FILE`` writes the weights
(a checkpoint every ``--every`` rounds, so a run can be stopped and resumed with ``--init FILE``);
``--eval`` plays the result against the hand-written playout policy and prints one JSON line.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from dfg_bridge.engine.cpu.playout import decision_move
from dfg_bridge.engine.cpu.playout import policy as plain_policy
from dfg_bridge.engine.cpu.policy import SIZE, Policy, features, prior_weights, probabilities
from dfg_bridge.engine.moves import K_PASS
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules, rank_points

PRESETS = (("uecda", 5), ("minecraft", 4))


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
        moves = rnd.moves()
        if rnd.field_move is None:
            moves = [m for m in moves if m[0] != K_PASS] or moves  # leaders lead (uecda may pass)
        if len(moves) == 1:
            rnd.make_move(moves[0])
            continue
        feats = features(rnd, moves, rules)
        probs = probabilities(pol.scores(feats))
        x = rng.random()
        pick = len(moves) - 1
        for i, p in enumerate(probs):
            x -= p
            if x <= 0:
                pick = i
                break
        trace.append((rnd.turn, feats, probs, pick))
        rnd.make_move(moves[pick])
    pts = rank_points(rules, rnd.present_mask.bit_count())
    score = [0.0] * n
    for place, s in enumerate(rnd.ranking()):
        score[s] = pts[place]
    mean = sum(score) / n
    for seat, feats, probs, pick in trace:
        adv = score[seat] - mean
        if not adv:
            continue
        for i in feats[pick]:
            grad[i] += adv
        for f, p in zip(feats, probs, strict=True):
            if p > 1e-4:
                for i in f:
                    grad[i] -= adv * p
    return len(trace)


def train(
    rounds: int,
    seed: int,
    lr: float,
    *,
    init: list[float] | None = None,
    out: Path | None = None,
    every: int = 500,
) -> list[float]:
    """Train for ``rounds`` rounds (presets alternate); checkpoint to ``out``."""
    w = list(init) if init is not None else prior_weights()
    rng = random.Random(seed)
    batch = 20
    done = 0
    while done < rounds:
        grad = [0.0] * SIZE
        decisions = 0
        for b in range(batch):
            name, n = PRESETS[(done + b) % len(PRESETS)]
            decisions += self_play_round(
                w, Rules.preset(name), n, seed * 1_000_003 + done + b, rng=rng, grad=grad
            )
        step = lr / max(1, decisions) * batch
        for i in range(SIZE):
            w[i] += step * grad[i]
        done += batch
        if out is not None and done % every == 0:
            out.write_text(json.dumps({"rounds": done, "seed": seed, "weights": [round(x, 4) for x in w]}))
    if out is not None:
        out.write_text(json.dumps({"rounds": done, "seed": seed, "weights": [round(x, 4) for x in w]}))
    return w


def evaluate(w: list[float] | tuple[float, ...], rounds: int, seed: int) -> dict[str, Any]:
    """The learned policy in one seat against the hand-written playout policy in the others."""
    out: dict[str, Any] = {}
    for name, n in PRESETS:
        rules = Rules.preset(name)
        pts = rank_points(rules, n)
        rng = random.Random(seed)
        pol = Policy(w)
        total = 0.0
        for i in range(rounds):
            rnd = Round.deal(rules, n, seed * 7919 + i)
            learner = i % n
            while not rnd.over:
                if rnd.pending_kind:
                    rnd.make_move(decision_move(rnd))
                elif rnd.turn == learner:
                    ms = rnd.moves()
                    if rnd.field_move is None:
                        ms = [m for m in ms if m[0] != K_PASS] or ms
                    rnd.make_move(pol.sample(rnd, ms, rng, rules))
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
    args = p.parse_args(argv)
    init = None
    if args.init is not None and args.init.exists():
        data = json.loads(args.init.read_text())
        init = data["weights"] if isinstance(data, dict) else data
    t0 = time.perf_counter()
    w = init or prior_weights()
    if args.rounds:
        w = train(args.rounds, args.seed, args.lr, init=init, out=args.out)
    report: dict[str, Any] = {"rounds": args.rounds, "train_s": round(time.perf_counter() - t0, 1)}
    if args.eval:
        report["vs_plain_policy"] = evaluate(w, args.eval, args.seed + 100)
    print(json.dumps(report))
    return 0
