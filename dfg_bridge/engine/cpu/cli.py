"""``python -m dfg_bridge.engine.cpu tournament …`` (one JSON line out), ``… train …`` (:mod:`.train`) and
``… train-estimate …`` (:mod:`.estimate_train`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from dfg_bridge.engine.cpu.estimate import shipped_weights as estimate_weights
from dfg_bridge.engine.cpu.levels import LEVELS
from dfg_bridge.engine.cpu.tournament import TunedFactory, Tuning, parse_settings, run
from dfg_bridge.engine.rules import Rules


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m dfg_bridge.engine.cpu", description="CPU players (CPU)")
    sub = p.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tournament", help="play rounds between CPU levels, print one JSON line")
    t.add_argument("--players", type=int, default=4, help="seats at the table (default 4)")
    t.add_argument("--rules", default="minecraft", help="rules preset: minecraft, dqx, niconico, uecda")
    t.add_argument("--rounds", type=int, default=100, help="rounds to play (whole matches, seats rotated)")
    t.add_argument("--seed", type=int, default=1, help="seed of the deals and of the CPUs")
    t.add_argument("--seats", default="strong,greedy,greedy,greedy", help="levels, one per seat")
    t.add_argument("--budget-ms", type=int, default=200, help="time budget per decision (default 200)")
    t.add_argument("--jobs", type=int, default=1, help="processes (timings are noisier above 1)")
    t.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="measure strong's budget in real time (default) or CPU time (a fair figure on a busy machine)",
    )
    t.add_argument(
        "--strong",
        default="",
        metavar="NAME=VALUE,…",
        help="experiments: change strong's search Settings (engine/cpu/search.py), e.g. override_z=0.5",
    )
    t.add_argument(
        "--weights",
        metavar="FILE",
        help="experiments: strong's learned policy from this weights file (as train --out writes)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    rest = list(sys.argv[1:] if argv is None else argv)
    if rest[:1] == ["train"]:
        from dfg_bridge.engine.cpu.train import main as train_main

        return train_main(rest[1:])
    if rest[:1] == ["train-estimate"]:
        from dfg_bridge.engine.cpu.estimate_train import main as estimate_main

        return estimate_main(rest[1:])
    args = _parser().parse_args(rest)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    bad = [s for s in seats if s not in LEVELS]
    if bad:
        print(f"unknown level(s) {', '.join(bad)}; known: {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    if len(seats) != args.players:
        print(f"--seats names {len(seats)} levels for {args.players} players", file=sys.stderr)
        return 2
    try:
        rules = Rules.preset(args.rules)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.rounds < 1:
        print("--rounds must be at least 1", file=sys.stderr)
        return 2
    try:
        tuning = Tuning(parse_settings(args.strong), args.weights)
        if tuning.weights is not None:
            TunedFactory(tuning, args.clock)("strong", 1, args.budget_ms, rules)  # a bad file fails now
        for name, value in tuning.settings:
            if name == "estimate" and value:
                estimate_weights(value)  # a missing or malformed estimator file fails now, not mid-run
    except (ValueError, OSError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    report = run(
        rules,
        seats,
        rounds=args.rounds,
        seed=args.seed,
        budget_ms=args.budget_ms,
        jobs=args.jobs,
        clock=args.clock,
        tuning=tuning,
    )
    print(json.dumps(report, ensure_ascii=False, separators=(",", ":")))
    return 0
