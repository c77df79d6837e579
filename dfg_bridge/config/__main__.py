"""``python -m dfg_bridge.config reference`` prints the Markdown reference; ``check FILE`` checks a file."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from dfg_bridge.config.issues import ConfigError
from dfg_bridge.config.load import load_config
from dfg_bridge.config.reference import reference

USAGE = "usage: python -m dfg_bridge.config reference | check FILE"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool; exit status 0 ok, 2 bad usage or bad config."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["reference"]:
        sys.stdout.write(reference())
        return 0
    if len(args) == 2 and args[0] == "check":
        try:
            loaded = load_config(args[1])
        except ConfigError as exc:
            print(exc, file=sys.stderr)
            return 2
        for warning in loaded.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        print(f"{args[1]}: ok ({len(loaded.config.tables)} table(s))")
        return 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
