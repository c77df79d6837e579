"""Self-play benchmark: ``bench --players 4 --rules minecraft --rounds N --seed S --policy random|greedy``.

Prints one JSON line. Each round is a fresh deal (round-1 rules: the ♦3 holder leads) played to
the end by the chosen policy on the engine's fast path (compact moves, no events). Besides the wall
clock (``seconds``, ``rounds_per_second``) it reports process CPU time (``cpu_seconds``,
``rounds_per_cpu_second``), which a busy shared machine disturbs much less.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from dfg_bridge.engine import _moves as mv
from dfg_bridge.engine._core import D3_BIT, OVER, do
from dfg_bridge.engine._movegen import legal_moves
from dfg_bridge.engine._moves import play_key
from dfg_bridge.engine.round import Round
from dfg_bridge.engine.rules import Rules


def greedy_move(rnd: Round, moves: list[mv.Move]) -> mv.Move:
    """The weakest play (bigger melds first on a tie); pass only if nothing else is legal."""
    inv = rnd.rev != rnd.eb
    best: mv.Move | None = None
    best_key: tuple[int, int] = (1 << 30, 0)
    for m in moves:
        if m[0] == mv.K_PASS or m[0] > mv.K_STAIRS:
            continue
        key = (play_key(m, inv), -m[3])
        if key < best_key:
            best, best_key = m, key
    if best is not None:
        return best
    return moves[0]


def run_bench(players: int, rules: Rules, rounds: int, seed: int, policy: str) -> dict[str, Any]:
    """Play ``rounds`` rounds and measure them."""
    rng = random.Random(seed)
    turns = 0
    d3_first = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for i in range(rounds):
        rnd = Round.deal(rules, players, seed * 100_003 + i)
        if rnd.cur >= 0 and rnd.hands[rnd.cur] & D3_BIT:
            d3_first += 1
        while rnd.ph != OVER:
            moves = legal_moves(rnd)
            m = moves[int(rng.random() * len(moves))] if policy == "random" else greedy_move(rnd, moves)
            do(rnd, m)
            turns += 1
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start
    return {
        "players": players,
        "rules": rules.name,
        "policy": policy,
        "seed": seed,
        "rounds": rounds,
        "seconds": round(seconds, 4),
        "rounds_per_second": round(rounds / seconds, 1) if seconds > 0 else None,
        "cpu_seconds": round(cpu_seconds, 4),
        "rounds_per_cpu_second": round(rounds / cpu_seconds, 1) if cpu_seconds > 0 else None,
        "mean_turns": round(turns / rounds, 2) if rounds else 0,
        "diamond3_leader_first_rate": round(d3_first / rounds, 4) if rounds else 0,
    }


def main(argv: Sequence[str]) -> int:
    """Parse the options, run, print one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m dfg_bridge.engine bench")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules", default="minecraft")
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", choices=("random", "greedy"), default="random")
    args = parser.parse_args(list(argv))
    try:
        rules = Rules.preset(args.rules)
    except ValueError as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    if not 3 <= args.players <= 6 or args.rounds < 1:
        print("bench: --players 3..6 and --rounds ≥ 1", file=sys.stderr)
        return 2
    print(json.dumps(run_bench(args.players, rules, args.rounds, args.seed, args.policy)))
    return 0
