"""The ``dfg-bridge`` command: a thin dispatcher to each subcommand's own module.

This is the composition root, the only module allowed to import every ring. Subcommands are
imported lazily so that ``dfg-bridge sim`` does not load the daemon and vice versa.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence

# name -> (module, function, one-line help). Each function takes argv (after the subcommand) and
# returns an exit status.
SUBCOMMANDS: dict[str, tuple[str, str, str]] = {
    "run": ("dfg_bridge.app.run", "main", "run the daemon against a server"),
    "check": ("dfg_bridge.app.check", "main", "probe RCON, the log and server settings"),
    "setup": ("dfg_bridge.app.setup", "main", "place signs, seats, hand chests and lockers, then exit"),
    "init": ("dfg_bridge.app.init", "main", "write a commented starter config and messages"),
    "demo": ("dfg_bridge.app.demo", "main", "play a whole match on the embedded simulated server"),
    "stats": ("dfg_bridge.app.stats", "main", "export the stats ledger (CSV or JSON)"),
    "sim": ("dfg_bridge.sim.cli", "main", "run the simulated Minecraft server"),
    "uecda": ("dfg_bridge.uecda.cli", "main", "play on a UECda server with our CPU"),
}


def _usage() -> str:
    lines = ["usage: dfg-bridge <command> [options]", "", "commands:"]
    lines += [f"  {name:<7} {help_}" for name, (_, _, help_) in SUBCOMMANDS.items()]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``dfg-bridge <command> …`` and return its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(_usage())
        return 0 if args else 2
    if args[0] in ("-V", "--version"):
        from dfg_bridge import __version__
        from dfg_bridge.engine import native

        # whether pip could compile the engine: the strong CPU searches about three times as far if so
        print(f"{__version__} (engine: {native.build()})")
        return 0
    entry = SUBCOMMANDS.get(args[0])
    if entry is None:
        print(f"dfg-bridge: unknown command {args[0]!r}\n{_usage()}", file=sys.stderr)
        return 2
    module_name, func_name, _ = entry
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            print(f"dfg-bridge: {args[0]!r} is not available in this build", file=sys.stderr)
            return 2
        raise
    func: Callable[[list[str]], int] = getattr(module, func_name)
    return func(args[1:])
