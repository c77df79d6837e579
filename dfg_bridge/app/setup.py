"""``dfg-bridge setup --config FILE``: place the tables and lockers, print the report, exit (設置).

The placement itself is :func:`dfg_bridge.app.placer.place` (the daemon runs it too when it starts).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from dfg_bridge.app.placer import place
from dfg_bridge.app.version import server_version
from dfg_bridge.render import dialect_for


def main(argv: Sequence[str]) -> int:
    """``dfg-bridge setup --config FILE``: place, print the report, exit 0 (1 if anything failed)."""
    from dfg_bridge.app.run import load
    from dfg_bridge.config import ConfigError
    from dfg_bridge.rcon import RconClient, RconError

    parser = argparse.ArgumentParser(prog="dfg-bridge setup", description="Place the tables, then exit.")
    parser.add_argument("--config", required=True, type=Path, help="the YAML config file")
    parser.add_argument("--replace", action="store_true", help="rewrite signs and chests that exist")
    args = parser.parse_args(list(argv))
    try:
        config, settings, _messages, _lines = load(args.config)
    except ConfigError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    version = server_version(config.server.version, config.source.log_path)
    client = RconClient(config.rcon.host, config.rcon.port, config.rcon.password.reveal(),
                        timeout=config.rcon.command_timeout)  # fmt: skip
    try:
        client.connect()
        report = place(client, dialect_for(version), settings, replace=args.replace)
    except RconError as exc:
        print(f"dfg-bridge setup: RCON: {exc}", file=sys.stderr)
        return 1
    finally:
        client.close()
    print(report.text())
    return 1 if report.failed else 0


__all__ = ["main"]
