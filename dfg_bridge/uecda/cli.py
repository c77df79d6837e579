"""``dfg-bridge uecda --host H --port P --name NAME --level strong``: play on a UECda server."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence

from dfg_bridge.engine.cpu import LEVELS
from dfg_bridge.uecda.protocol import DEFAULT_PORT, ProtocolError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dfg-bridge uecda", description="play on a UECda server with our CPU")
    p.add_argument("--host", default="127.0.0.1", help="server host (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"server port (default {DEFAULT_PORT})")
    p.add_argument("--name", default="dfg-bridge", help="player name sent to the server (ASCII, ≤ 14)")
    p.add_argument("--level", default="strong", choices=LEVELS, help="CPU level (default strong)")
    p.add_argument("--seed", type=int, default=1, help="seed of the CPU's choices")
    p.add_argument("--budget-ms", type=int, default=200, help="time budget per decision (default 200)")
    p.add_argument("-v", "--verbose", action="store_true", help="log every refusal and game")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; prints one JSON line of figures at the end and returns the exit status."""
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(message)s")
    from dfg_bridge.uecda.client import play

    try:
        stats = play(args.host, args.port, args.name, args.level, seed=args.seed, budget_ms=args.budget_ms)
    except OSError as exc:
        print(f"dfg-bridge uecda: cannot talk to {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    except ProtocolError as exc:
        print(f"dfg-bridge uecda: protocol error ({exc.code}): {exc}", file=sys.stderr)
        return 1
    times = sorted(stats.times_ms)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    print(
        json.dumps(
            {
                "games": stats.games,
                "decisions": stats.decisions,
                "rejected": stats.rejected,
                "mean_ms": round(sum(times) / len(times), 3) if times else 0.0,
                "p99_ms": round(p99, 3),
                "max_ms": round(times[-1], 3) if times else 0.0,
            }
        )
    )
    return 0
