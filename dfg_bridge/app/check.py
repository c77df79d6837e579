"""``dfg-bridge check --config FILE``: is this server ready for the daemon? (接続チェック)

Probes, in order: RCON login and a round trip; the log file (readable, and a line seen within a few
seconds, in a recognised format); the server version; the game rules and server.properties settings
the daemon relies on; the custody lockers (sealed in bedrock, locked). Prints a table with a fix for
every problem, in the commands of the server's version. Exit status: 0 when nothing failed
(warnings allowed), 1 when something failed, 2 when the config itself is bad.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from dfg_bridge.app.logsetup import parse_level, setup_logging, wants_color
from dfg_bridge.app.probes import CheckState, Probe, Status, read_properties
from dfg_bridge.app.probes_link import log_probes, rcon_probes
from dfg_bridge.app.probes_server import gamerule_probes, properties_probes, version_probe
from dfg_bridge.app.probes_world import locker_probes
from dfg_bridge.app.version import detect_version
from dfg_bridge.config import Config, ConfigError, load_config


def run_checks(config: Config, *, wait: float | None = None) -> list[Probe]:
    """Run every probe against the configured server; ``wait`` overrides ``source.line_seen_within``."""
    state = CheckState(config)
    probes: list[Probe] = []
    try:
        probes += rcon_probes(state)
        probes += log_probes(state, config.source.line_seen_within if wait is None else wait)
        probes.append(version_probe(state))
        probes += gamerule_probes(state)
        probes += properties_probes(state)
        probes += locker_probes(state)
    finally:
        if state.client is not None:
            state.client.close()
    return probes


_COLORS = {Status.PASS: "\x1b[32m", Status.WARN: "\x1b[33m", Status.FAIL: "\x1b[31m", Status.SKIP: "\x1b[2m"}


def format_report(probes: Sequence[Probe], *, color: bool = False) -> str:
    """The pass/fail table, a fix under each problem, and a summary line."""
    width = max(len(p.name) for p in probes)
    lines = []
    for p in probes:
        status = p.status.value
        if color:
            status = f"{_COLORS[p.status]}{status}\x1b[0m"
        lines.append(f"  {status}  {p.name:<{width}}  {p.detail}")
        if p.fix and p.status in (Status.FAIL, Status.WARN):
            lines.append(f"        {'':<{width}}  fix: {p.fix}")
    counts = {s: sum(1 for p in probes if p.status is s) for s in Status}
    lines.append(
        f"{counts[Status.PASS]} passed, {counts[Status.WARN]} warnings, {counts[Status.FAIL]} failed, "
        f"{counts[Status.SKIP]} skipped"
    )
    return "\n".join(lines) + "\n"


def main(
    argv: Sequence[str],
    *,
    out: TextIO | None = None,
    err: TextIO | None = None,
    runner: Callable[..., list[Probe]] = run_checks,
) -> int:
    """``dfg-bridge check --config FILE [--wait SECONDS] [--log-level LEVEL]``."""
    stdout = sys.stdout if out is None else out
    stderr = sys.stderr if err is None else err
    parser = argparse.ArgumentParser(
        prog="dfg-bridge check", description="Check that a server is ready for dfg-bridge."
    )
    parser.add_argument("--config", required=True, type=Path, help="the YAML config file")
    parser.add_argument(
        "--wait", type=float, default=None, help="seconds to wait for a log line (default: config)"
    )
    parser.add_argument(
        "--log-level", type=parse_level, default="WARNING", help="DEBUG, INFO, WARNING or ERROR"
    )
    args = parser.parse_args(list(argv))
    redactor = setup_logging(args.log_level, stream=stderr)
    try:
        loaded = load_config(args.config)
    except ConfigError as exc:
        print(f"dfg-bridge check: {args.config} has problems:\n{exc}", file=stderr)
        return 2
    redactor.add(loaded.config.rcon.password.reveal())
    for warning in loaded.warnings:
        print(f"warning: {warning}", file=stderr)
    print(f"dfg-bridge check: {args.config}", file=stdout)
    probes = runner(loaded.config, wait=args.wait)
    stdout.write(format_report(probes, color=wants_color(stdout)))
    return 1 if any(p.status is Status.FAIL for p in probes) else 0


__all__ = ["Probe", "Status", "detect_version", "format_report", "main", "read_properties", "run_checks"]
