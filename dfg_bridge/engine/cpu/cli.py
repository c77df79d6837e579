"""``python -m dfg_bridge.engine.cpu tournament …`` (one JSON line out), ``… regret …`` (:mod:`.regret`),
``… reading …`` (:mod:`.reading`), ``… oracle …`` (:mod:`.oracle`), ``… train …`` (:mod:`.train`) and
``… train-estimate …`` (:mod:`.estimate_train`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from dfg_bridge.engine.cpu.estimate import shipped_weights as estimate_weights
from dfg_bridge.engine.cpu.levels import LEVELS
from dfg_bridge.engine.cpu.tournament import TunedFactory, Tuning, parse_settings, run
from dfg_bridge.engine.rules import Rules


def _table_arguments(
    p: argparse.ArgumentParser, *, players: int, rules: str, rounds: int, seats: str
) -> None:
    """The table's options, shared by ``tournament`` and ``regret`` (their defaults differ)."""
    p.add_argument("--players", type=int, default=players, help=f"seats at the table (default {players})")
    p.add_argument("--rules", default=rules, help=f"rules preset: minecraft, dqx, niconico, uecda ({rules})")
    p.add_argument("--rounds", type=int, default=rounds, help="rounds to play (whole matches, seats rotated)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals and of the CPUs")
    p.add_argument("--seats", default=seats, help="levels, one per seat")
    p.add_argument("--budget-ms", type=int, default=200, help="time budget per decision (default 200)")


def _table(args: argparse.Namespace) -> tuple[list[str], Rules]:
    """The seats and rules the table options name; ValueError says what is wrong with them."""
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    bad = [s for s in seats if s not in LEVELS]
    if bad:
        raise ValueError(f"unknown level(s) {', '.join(bad)}; known: {', '.join(LEVELS)}")
    if len(seats) != args.players:
        raise ValueError(f"--seats names {len(seats)} levels for {args.players} players")
    rules = Rules.preset(args.rules)
    if args.rounds < 1:
        raise ValueError("--rounds must be at least 1")
    return seats, rules


def _refuse(exc: Exception) -> int:
    """Say what is wrong with the options (no traceback); the exit status of a bad command line."""
    print(str(exc), file=sys.stderr)
    return 2


def _emit(report: dict[str, object]) -> int:
    """Print a command's report as its one JSON line; the exit status of a finished run."""
    print(json.dumps(report, ensure_ascii=False, separators=(",", ":")))
    return 0


def _gauge_parser(command: str, description: str) -> argparse.ArgumentParser:
    """The options a gauge of ``strong`` shares: its table (five seats of ``uecda``, strong against four
    ``greedy``, 40 rounds) and the budget's clock (CPU time)."""
    p = argparse.ArgumentParser(
        prog=f"python -m dfg_bridge.engine.cpu {command}", description=f"{description} (one JSON line)"
    )
    _table_arguments(p, players=5, rules="uecda", rounds=40, seats="strong,greedy,greedy,greedy,greedy")
    p.add_argument("--clock", choices=("wall", "cpu"), default="cpu", help="budget clock (default cpu)")
    return p


def _run_options(args: argparse.Namespace) -> dict[str, Any]:
    """A gauge's run as its options give it: rounds, seed, budget and the budget's clock."""
    return {"rounds": args.rounds, "seed": args.seed, "budget_ms": args.budget_ms, "clock": args.clock}


def _variant(changes: str, time_key: str) -> dict[str, object]:
    """``"time=2,drop_z=1.5"`` as a variant of ``regret``: Settings changes, and its share of the time."""
    out: dict[str, object] = {}
    settings = []
    for part in (c.strip() for c in changes.split(",")):
        key, _, value = part.partition("=")
        if key.strip() != time_key:
            settings.append(part)
            continue
        share = float(value)
        if not share > 0:
            raise ValueError(f"{time_key} must be above 0, not {value!r}")
        out[time_key] = share
    for name, setting in parse_settings(",".join(settings)):
        if name == "estimate" and setting:
            estimate_weights(setting)  # a missing or malformed estimator file fails now, not mid-run
        out[name] = setting
    return out


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m dfg_bridge.engine.cpu", description="CPU players (CPU)")
    sub = p.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tournament", help="play rounds between CPU levels, print one JSON line")
    _table_arguments(t, players=4, rules="minecraft", rounds=100, seats="strong,greedy,greedy,greedy")
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
    if rest[:1] == ["regret"]:
        return _regret(rest[1:])
    if rest[:1] == ["reading"]:
        return _reading(rest[1:])
    if rest[:1] == ["oracle"]:
        return _oracle(rest[1:])
    if rest[:1] == ["train-estimate"]:
        from dfg_bridge.engine.cpu.estimate_train import main as estimate_main

        return estimate_main(rest[1:])
    args = _parser().parse_args(rest)
    try:
        seats, rules = _table(args)
        tuning = Tuning(parse_settings(args.strong), args.weights)
        if tuning.weights is not None:
            TunedFactory(tuning, args.clock)("strong", 1, args.budget_ms, rules)  # a bad file fails now
        for name, value in tuning.settings:
            if name == "estimate" and value:
                estimate_weights(value)  # a missing or malformed estimator file fails now, not mid-run
    except (ValueError, OSError) as exc:
        return _refuse(exc)
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
    return _emit(report)


def _regret(argv: Sequence[str]) -> int:
    """``regret``: a tournament whose ``strong`` seats' choices are judged (:mod:`.regret`)."""
    from dfg_bridge.engine.cpu.regret import FAVOURITE, SEARCH, TIME, measure

    p = _gauge_parser("regret", "what strong's search loses within its own playout model, per round")
    p.add_argument("--reference", type=int, default=1200, help="deals per candidate judged (default 1200)")
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME:NAME=VALUE,…",
        help="also judge a search with these Settings changes (and time=F: F times the time) on the same "
        "positions (repeatable)",
    )
    p.add_argument(
        "--truth",
        action="store_true",
        help="judge on the hands the other seats really hold (each deal still sets their styles)",
    )
    p.add_argument(
        "--split", type=int, default=6, help="losses also apart below and from this hand size (default 6)"
    )
    args = p.parse_args(list(argv))
    variants: dict[str, dict[str, object]] = {}
    try:
        seats, rules = _table(args)
        if args.reference < 4:
            raise ValueError("--reference must be at least 4")
        if args.split < 1:
            raise ValueError("--split must be at least 1")
        for text in args.variant:
            name, sep, changes = text.partition(":")
            if not sep or not name or name in variants or name in (SEARCH, FAVOURITE):
                raise ValueError(f"--variant {text!r}: give it as NAME:setting=value,… with a new name")
            variants[name] = _variant(changes, TIME)
    except (ValueError, OSError) as exc:
        return _refuse(exc)
    return _emit(
        measure(
            rules,
            seats,
            **_run_options(args),
            reference=args.reference,
            variants=variants,
            truth=args.truth,
            split=args.split,
        )
    )


def _reading(argv: Sequence[str]) -> int:
    """``reading``: a tournament whose ``strong`` seats' deals are scored against the true hands."""
    from dfg_bridge.engine.cpu.reading import measure

    p = _gauge_parser(
        "reading", "how well strong's deals place the hidden cards, scored against the true hands"
    )
    p.add_argument("--deals", type=int, default=40, help="deals scored per decision (default 40)")
    args = p.parse_args(list(argv))
    try:
        seats, rules = _table(args)
        if args.deals < 1:
            raise ValueError("--deals must be at least 1")
    except (ValueError, OSError) as exc:
        return _refuse(exc)
    return _emit(measure(rules, seats, **_run_options(args), deals=args.deals))


def _oracle(argv: Sequence[str]) -> int:
    """``oracle``: a tournament whose ``strong`` seats search on the true hands at some hand sizes."""
    from dfg_bridge.engine.cpu.oracle import check_sizes, measure

    p = _gauge_parser("oracle", "strong's points when its searches are given the true hands (a diagnostic)")
    p.add_argument("--fewest", type=int, default=0, help="smallest own hand given the true hands (default 0)")
    p.add_argument("--most", type=int, default=None, help="largest own hand given them (default: any)")
    args = p.parse_args(list(argv))
    try:
        seats, rules = _table(args)
        check_sizes(args.fewest, args.most)
    except (ValueError, OSError) as exc:
        return _refuse(exc)
    return _emit(measure(rules, seats, **_run_options(args), fewest=args.fewest, most=args.most))
