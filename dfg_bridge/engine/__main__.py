"""``python -m dfg_bridge.engine replay FILE`` and ``python -m dfg_bridge.engine bench …``."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    """Dispatch to the subcommand."""
    if not argv or argv[0] not in ("replay", "bench"):
        print("usage: python -m dfg_bridge.engine {replay FILE | bench [options]}", file=sys.stderr)
        return 2
    if argv[0] == "replay":
        from dfg_bridge.engine.replay import main as replay_main

        return replay_main(argv[1:])
    from dfg_bridge.engine.bench import main as bench_main

    return bench_main(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
