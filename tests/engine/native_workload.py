"""A fixed workload whose every action is printed: run from a compiled and a pure copy of the package
(``tests/engine/test_native.py``), the two outputs must be the same.

Whole matches of every preset with ``easy``, ``normal`` and ``greedy`` seats (the exchange, 買収 and
the special decisions run through the compiled engine), then ``strong`` rounds of ``minecraft`` and
``uecda`` with a fixed number of deals a decision and no deadline, so that its search does the same work
however fast it runs. The first line says which modules ran compiled.
"""

from __future__ import annotations

import hashlib
import sys
from dataclasses import replace

from dfg_bridge.engine import native
from dfg_bridge.engine.cpu.levels import make_cpu
from dfg_bridge.engine.cpu.search import settings_for
from dfg_bridge.engine.cpu.strong import StrongPlayer
from dfg_bridge.engine.match import Match
from dfg_bridge.engine.rules import Rules


def _play(rules: Rules, cpus: list, seed: int, rounds: int, out: list[str]) -> None:
    match = Match(rules, len(cpus), seed=seed, rounds=rounds)
    while not match.over:
        rnd = match.start_round()
        while not rnd.over:
            seat = min(rnd.awaiting())
            action = cpus[seat].decide(rnd.observation(seat), list(rnd.legal_actions(seat)))
            out.append(f"{seat}:{action}")
            rnd.apply(action)
        out.append(f"= {rnd.ranking()}")
        match.finish_round()


def main() -> None:
    """Print the compiled modules, then one digest per part of the workload."""
    print(",".join(native.compiled()) or "pure")
    for preset in ("minecraft", "dqx", "niconico", "uecda"):
        rules = Rules.preset(preset)
        got: list[str] = []
        for k in range(6):
            levels = ("easy", "normal", "greedy", "normal", "easy")[: rules.players]
            cpus = [make_cpu(level, 100 * k + s, rules=rules) for s, level in enumerate(levels)]
            _play(rules, cpus, 7 + k, 4, got)
        print(preset, len(got), hashlib.sha256("\n".join(got).encode()).hexdigest()[:16])
    for preset, other in (("minecraft", "normal"), ("uecda", "greedy")):
        rules = Rules.preset(preset)
        fixed = replace(settings_for(preset), min_deals=1000, max_deals=12, deadline_share=1.0, clock="cpu")
        cpus = [StrongPlayer(5, budget_ms=10**6, rules=rules, settings=fixed)]
        cpus += [make_cpu(other, 50 + s, rules=rules) for s in range(1, rules.players)]
        got = []
        _play(rules, cpus, 11, 2, got)
        print("strong", preset, len(got), hashlib.sha256("\n".join(got).encode()).hexdigest()[:16])
    sys.stdout.flush()


if __name__ == "__main__":
    main()
