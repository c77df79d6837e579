"""``dfg-bridge check --config FILE``: is this server ready for the daemon? (接続チェック)

Probes, in order: RCON login and a round trip; the log file (readable, and a line seen within a few
seconds, in a recognised format); the server version; the game rules and server.properties settings
the daemon relies on. Prints a table with a fix for every problem. Exit status: 0 when nothing
failed (warnings allowed), 1 when something failed, 2 when the config itself is bad.
"""

from __future__ import annotations

import argparse
import enum
import re
import secrets
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TextIO

from dfg_bridge.app.logsetup import parse_level, setup_logging, wants_color
from dfg_bridge.config import Config, ConfigError, Flavour, SourceKind, load_config
from dfg_bridge.rcon import RconClient, RconError
from dfg_bridge.render import Dialect, GameRule, RenderError, Version, dialect_for
from dfg_bridge.sources.lineformat import compile_custom_prefix, split_line

_VERSION_LINE = re.compile(r"Starting minecraft server version (\S+)")
_GAMERULE_REPLY = re.compile(r"is currently set to: (true|false)\s*$")
_TAIL_BYTES = 4 * 1024 * 1024  # how much of a big log to scan for the version line


class Status(enum.Enum):
    """A probe's verdict."""

    PASS = "PASS"
    """All good."""
    WARN = "WARN"
    """Works, but a setting is not what we recommend."""
    FAIL = "FAIL"
    """The daemon cannot work like this."""
    SKIP = "SKIP"
    """Not checked (it depends on a failed probe, or does not apply)."""


@dataclass(frozen=True, slots=True)
class Probe:
    """One line of the report: what was checked, the verdict, what was seen, and how to fix it."""

    name: str
    status: Status
    detail: str
    fix: str = ""


@dataclass
class _State:
    config: Config
    client: RconClient | None = None
    rcon_up: bool = False
    log_ok: bool = False
    version: Version | None = None


def detect_version(log_path: Path) -> str | None:
    """The version in the last ``Starting minecraft server version X`` line of ``log_path``, if any."""
    try:
        with log_path.open("rb") as f:
            size = f.seek(0, 2)
            f.seek(max(0, size - _TAIL_BYTES))
            text = f.read().decode("utf-8", "replace")
    except OSError:
        return None
    found = _VERSION_LINE.findall(text)
    return found[-1] if found else None


def read_properties(path: Path) -> dict[str, str] | None:
    """``server.properties`` as a mapping (Java properties: ``key=value``, ``#`` comments), or None."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    props: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#!":
            continue
        key, sep, value = line.partition("=")
        if sep:
            props[key.strip()] = value.strip()
    return props


# --- probes ---------------------------------------------------------------------------------------
def _rcon(state: _State) -> Iterator[Probe]:
    rcon = state.config.rcon
    where = f"{rcon.host}:{rcon.port}"
    state.client = RconClient(
        rcon.host,
        rcon.port,
        rcon.password.reveal(),
        timeout=rcon.command_timeout,
        connect_timeout=rcon.connect_timeout,
    )
    try:
        state.client.connect()
    except RconError as exc:
        if exc.code == "auth_failed":
            fix = "rcon.password must equal rcon.password in server.properties"
        else:
            fix = (
                f"start the server with enable-rcon=true and rcon.port={rcon.port} in server.properties, "
                "and check rcon.host and firewalls"
            )
        yield Probe("RCON login", Status.FAIL, f"{where}: {exc}", fix)
        yield Probe("RCON round trip", Status.SKIP, "needs RCON login")
        return
    state.rcon_up = True
    yield Probe("RCON login", Status.PASS, where)
    start = time.perf_counter()
    try:
        reply = state.client.run("list")
    except RconError as exc:
        yield Probe("RCON round trip", Status.FAIL, f"list: {exc}", "check the server console for errors")
        state.rcon_up = False
        return
    ms = (time.perf_counter() - start) * 1000
    if reply.startswith("There are"):
        yield Probe("RCON round trip", Status.PASS, f"{ms:.1f} ms (list)")
    else:
        yield Probe(
            "RCON round trip",
            Status.WARN,
            f"unexpected reply to list: {reply[:60]!r}",
            "is this a Minecraft Java server?",
        )


def _log(state: _State, wait: float) -> Iterator[Probe]:
    source = state.config.source
    if source.kind is SourceKind.PROCESS:
        yield Probe("log readable", Status.SKIP, "source.kind is process: the console is read directly")
        yield Probe("log line seen", Status.SKIP, "source.kind is process")
        return
    path = source.log_path
    try:
        handle = path.open("rb")
    except OSError as exc:
        yield Probe(
            "log readable",
            Status.FAIL,
            f"{path}: {exc.strerror or exc}",
            "set source.log_path to the server's logs/latest.log (in Docker, mount the server's "
            "data folder read-only), or use source.trigger_poll",
        )
        yield Probe("log line seen", Status.SKIP, "needs a readable log")
        return
    state.log_ok = True
    yield Probe("log readable", Status.PASS, str(path))
    with handle:
        handle.seek(0, 2)
        yield _log_line(state, handle, wait)


def _log_line(state: _State, handle: BinaryIO, wait: float) -> Probe:
    custom_regex = state.config.server.log_prefix_regex
    custom = compile_custom_prefix(custom_regex) if custom_regex else None
    nonce = secrets.token_hex(4)
    if state.rcon_up and state.client is not None:
        # `say` from RCON is logged as "[Rcon] <text>" on every server; players see it in chat too.
        try:
            state.client.run(f"say [dfg-bridge] check {nonce}")
        except RconError:
            nonce = ""
    else:
        nonce = ""
    deadline = time.monotonic() + wait
    buffer = b""
    seen_any: str | None = None
    while True:
        buffer += handle.read()
        *lines, buffer = buffer.split(b"\n")
        for raw in lines:
            line = raw.decode("utf-8", "replace")
            if not line.strip():
                continue
            seen_any = seen_any or line
            if nonce and nonce in line:
                split = split_line(line, custom)
                if split is None or split.message != f"[Rcon] [dfg-bridge] check {nonce}":
                    return Probe(
                        "log line seen",
                        Status.FAIL,
                        f"unrecognised line format: {line[:80]!r}",
                        "set server.log_prefix_regex to match your log4j pattern's prefix",
                    )
                return Probe(
                    "log line seen", Status.PASS, f"after {wait - (deadline - time.monotonic()):.1f} s"
                )
            if not nonce:
                return Probe("log line seen", Status.PASS, "a new line appeared")
        if time.monotonic() >= deadline:
            break
        time.sleep(0.05)
    how = "our `say` line never arrived" if nonce else "no new line"
    return Probe(
        "log line seen",
        Status.FAIL,
        f"{how} within {wait:g} s",
        "source.log_path must be the log this server is writing now (not an old or other server's)",
    )


def _version(state: _State) -> Probe:
    configured = state.config.server.version
    if configured != "auto":
        text, origin = configured, "server.version"
    else:
        found = detect_version(state.config.source.log_path) if state.log_ok else None
        if found is None:
            return Probe(
                "server version",
                Status.FAIL,
                "auto, but no 'Starting minecraft server version' line",
                'set server.version (e.g. "1.21.6") or keep the whole latest.log readable',
            )
        text, origin = found, "log"
    try:
        dialect = dialect_for(text)
    except RenderError as exc:
        return Probe(
            "server version",
            Status.FAIL,
            f"{text} ({origin}): {exc}",
            "dfg-bridge needs Minecraft Java 1.20.5 or later",
        )
    state.version = dialect.version
    return Probe("server version", Status.PASS, f"{text} ({origin}, {dialect.family.value} commands)")


def _gamerule(state: _State, rule: GameRule) -> bool | None:
    """The rule's value, trying this version's spelling first and then the other one."""
    assert state.client is not None
    dialect: Dialect | None = dialect_for(state.version) if state.version else None
    names = [dialect.gamerule_name(rule)] if dialect else []
    names += [n for n in (rule.camel, rule.snake) if n not in names]
    for name in names:
        try:
            reply = state.client.run(f"gamerule {name}")
        except RconError:
            return None
        match = _GAMERULE_REPLY.search(reply)
        if match:
            return match.group(1) == "true"
    return None


def _gamerules(state: _State) -> Iterator[Probe]:
    if not state.rcon_up:
        yield Probe("logAdminCommands", Status.SKIP, "needs RCON")
        yield Probe("sendCommandFeedback", Status.SKIP, "needs RCON")
        return
    log_admin = _gamerule(state, GameRule.LOG_ADMIN_COMMANDS)
    if log_admin is None:
        yield Probe(
            "logAdminCommands", Status.WARN, "could not read the game rule", "gamerule logAdminCommands true"
        )
    elif log_admin:
        yield Probe("logAdminCommands", Status.PASS, "true")
    elif state.config.source.trigger_poll:
        yield Probe(
            "logAdminCommands",
            Status.WARN,
            "false (trigger poll is on, so clicks still arrive)",
            "gamerule logAdminCommands true (faster)",
        )
    else:
        paper = state.config.server.flavour is Flavour.PAPER
        yield Probe(
            "logAdminCommands",
            Status.FAIL,
            "false: sign and chat clicks (/trigger) are not logged"
            + (" (typed /dfg still is)" if paper else ""),
            "run: gamerule logAdminCommands true (or set source.trigger_poll: true)",
        )
    feedback = _gamerule(state, GameRule.SEND_COMMAND_FEEDBACK)
    if feedback is None:
        yield Probe("sendCommandFeedback", Status.WARN, "could not read the game rule", "")
    elif feedback:
        yield Probe(
            "sendCommandFeedback",
            Status.WARN,
            "true: players see 'Triggered [dfg]' after each click, ops see every /trigger",
            "optional: gamerule sendCommandFeedback false",
        )
    else:
        yield Probe("sendCommandFeedback", Status.PASS, "false")


def _properties(state: _State) -> Iterator[Probe]:
    path = state.config.server.properties_path
    props = read_properties(path)
    if props is None:
        yield Probe(
            "broadcast-rcon-to-ops",
            Status.SKIP,
            f"{path} not readable",
            "set server.properties_path to check it",
        )
        return
    if props.get("enable-rcon", "false").lower() != "true":
        yield Probe(
            "enable-rcon", Status.FAIL, f"{path}: enable-rcon is not true", "enable-rcon=true, then restart"
        )
    port = props.get("rcon.port", "25575")
    if port != str(state.config.rcon.port):
        yield Probe(
            "rcon.port",
            Status.WARN,
            f"server.properties says {port}, config says {state.config.rcon.port}",
            "make rcon.port the same in both",
        )
    if props.get("broadcast-rcon-to-ops", "true").lower() == "true":
        yield Probe(
            "broadcast-rcon-to-ops",
            Status.WARN,
            "true: every RCON command is echoed to ops and the log",
            "broadcast-rcon-to-ops=false in server.properties, then restart",
        )
    else:
        yield Probe("broadcast-rcon-to-ops", Status.PASS, "false")


def run_checks(config: Config, *, wait: float | None = None) -> list[Probe]:
    """Run every probe against the configured server; ``wait`` overrides ``source.line_seen_within``."""
    state = _State(config)
    probes: list[Probe] = []
    try:
        probes += _rcon(state)
        probes += _log(state, config.source.line_seen_within if wait is None else wait)
        probes.append(_version(state))
        probes += _gamerules(state)
        probes += _properties(state)
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
