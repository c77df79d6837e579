"""Training of the hand estimator (手札推定の学習, :mod:`.estimate`) on rounds of the engine.

Every seat plays ``normal``. At each play decision of seat 0, every unseen card that lies in another
seat's hand (and whose holder seat 0 does not know from its own gifts) becomes an example: the
features of that card with each other seat, each seat's hand size, and which seat holds it. The
weights maximise the likelihood of the conditional logit ``P(seat) ∝ size · exp(w · features)``
(stochastic gradient with AdaGrad and a small L2 pull to zero; pure Python, no dependency).

``python -m dfg_bridge.engine.cpu train-estimate --rounds N --out FILE [--eval M]`` writes the weights
and prints one JSON line: the mean probability of the true holder on ``--eval`` rounds not trained on,
by chance (hand sizes alone) and by the weights.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from dataclasses import dataclass
from pathlib import Path

from dfg_bridge.engine.cpu.estimate import SIZE, features
from dfg_bridge.engine.cpu.levels import make_cpu
from dfg_bridge.engine.cpu.view import View, read
from dfg_bridge.engine.match import Match
from dfg_bridge.engine.moves import bits
from dfg_bridge.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class Example:
    """One unseen card: per seat that may hold it, its hand size and features; ``holder``: the index of
    the seat that does."""

    sizes: tuple[int, ...]
    features: tuple[tuple[tuple[int, float], ...], ...]
    holder: int


def collect(rounds: int, seed: int, preset: str = "minecraft", level: str = "normal") -> list[Example]:
    """The examples of ``rounds`` rounds (whole matches of the preset, every seat ``level``)."""
    rules = Rules.preset(preset)
    n = rules.players
    out: list[Example] = []
    played = 0
    k = 0
    while played < rounds:
        cpus = [make_cpu(level, seed * 7919 + k * 31 + s, rules=rules) for s in range(n)]
        match = Match(rules, n, seed=seed * 100_003 + k, rounds=rules.rounds)
        while not match.over and played < rounds:
            rnd = match.start_round()
            while not rnd.over:
                seat = min(rnd.awaiting())
                obs = rnd.observation(seat)
                if seat == 0 and obs.phase == "play":
                    out.extend(_examples(read(obs, rules), [rnd.hand_mask(s) for s in range(n)]))
                rnd.apply(cpus[seat].decide(obs, list(rnd.legal_actions(seat))))
            match.finish_round()
            played += 1
        k += 1
    return out


def _examples(view: View, hands: list[int]) -> list[Example]:
    obs = view.obs
    seats = [s for s, c in enumerate(obs.hand_counts) if s != obs.seat and c > 0]
    known = 0
    for giver, _receiver, gave in obs.transfers:
        if giver == obs.seat:
            for card in gave:
                known |= 1 << card.index
    feats = features(view)
    sizes = tuple(obs.hand_counts[s] for s in seats)
    got = []
    for c in bits(view.unseen & ~known):
        holder = next((i for i, s in enumerate(seats) if hands[s] >> c & 1), None)
        if holder is not None:
            got.append(Example(sizes, tuple(tuple(feats[s][c]) for s in seats), holder))
    return got


def _probabilities(w: list[float], ex: Example) -> list[float]:
    zs = []
    for size, f in zip(ex.sizes, ex.features, strict=True):
        z = math.log(size)
        for i, v in f:
            z += w[i] * v
        zs.append(z)
    top = max(zs)
    e = [math.exp(z - top) for z in zs]
    total = sum(e)
    return [x / total for x in e]


def fit(
    examples: list[Example], epochs: int = 3, seed: int = 1, lr: float = 0.05, l2: float = 1e-4
) -> list[float]:
    """Weights fitted to ``examples`` (AdaGrad over shuffled passes)."""
    w = [0.0] * SIZE
    g2 = [1e-8] * SIZE
    order = list(range(len(examples)))
    rng = random.Random(seed)
    for _ in range(epochs):
        rng.shuffle(order)
        for j in order:
            ex = examples[j]
            p = _probabilities(w, ex)
            grad: dict[int, float] = {}
            for k, f in enumerate(ex.features):
                d = p[k] - (1.0 if k == ex.holder else 0.0)
                for i, v in f:
                    grad[i] = grad.get(i, 0.0) + d * v
            for i, g in grad.items():
                step = g + l2 * w[i]
                g2[i] += step * step
                w[i] -= lr * step / math.sqrt(g2[i])
    return w


def likelihood(w: list[float], examples: list[Example]) -> float:
    """The mean probability the weights give the true holder."""
    if not examples:
        return 0.0
    return sum(_probabilities(w, ex)[ex.holder] for ex in examples) / len(examples)


def main(argv: list[str]) -> int:
    """``train-estimate`` subcommand."""
    p = argparse.ArgumentParser(prog="python -m dfg_bridge.engine.cpu train-estimate")
    p.add_argument("--rounds", type=int, default=4000, help="rounds to learn from")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--preset", default="minecraft", help="rules preset (default minecraft)")
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--out", type=Path, help="write the weights here (JSON)")
    p.add_argument("--eval", type=int, default=0, help="rounds (other seeds) to measure the fit on")
    args = p.parse_args(argv)
    if args.rounds < 1:
        p.error("--rounds must be at least 1")
    try:
        Rules.preset(args.preset)
    except ValueError as exc:
        p.error(str(exc))
    t0 = time.perf_counter()
    examples = collect(args.rounds, args.seed, args.preset)
    w = fit(examples, args.epochs, args.seed)
    report: dict[str, object] = {
        "rounds": args.rounds,
        "examples": len(examples),
        "train_s": round(time.perf_counter() - t0, 1),
    }
    if args.out is not None:
        about = (
            f"Learned hand estimator (dfg_bridge.engine.cpu.estimate): train-estimate --rounds {args.rounds} "
            f"--seed {args.seed} --preset {args.preset} --epochs {args.epochs} ({len(examples)} cards)."
        )
        args.out.write_text(
            json.dumps({"about": about, "weights": [round(x, 4) for x in w]}, indent=0) + "\n"
        )
    if args.eval:
        held = collect(args.eval, args.seed + 1000, args.preset)
        report["eval"] = {
            "examples": len(held),
            "chance": round(likelihood([0.0] * SIZE, held), 4),
            "fitted": round(likelihood(w, held), 4),
        }
    print(json.dumps(report))
    return 0
