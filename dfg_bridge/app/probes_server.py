"""``check`` probes of the server's settings (サーバー設定): its version, game rules, ``server.properties``.

Game rules are named as the server's version names them — ``logAdminCommands`` before 1.21.11,
``log_admin_commands`` from 1.21.11 — in the probe names and in every fix.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from dfg_bridge.app.probes import CheckState, Probe, Status, read_properties
from dfg_bridge.app.version import detect_version
from dfg_bridge.config import Flavour
from dfg_bridge.rcon import RconError
from dfg_bridge.render import Dialect, GameRule, RenderError, dialect_for
from dfg_bridge.render.version import NEWEST_KNOWN, SNAKE_GAMERULES_SINCE

_GAMERULE_REPLY = re.compile(r"is currently set to: (true|false)\s*$")


def version_probe(state: CheckState) -> Probe:
    """``server version``: configured, or read from the log; 1.20.5 or later."""
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
    detail = f"{text} ({origin}, {dialect.family.value} commands)"
    newest = (NEWEST_KNOWN.major, NEWEST_KNOWN.minor)
    if (dialect.version.major, dialect.version.minor) > newest:
        return Probe(
            "server version",
            Status.WARN,
            f"{detail}: newer than {NEWEST_KNOWN}, the newest release this dfg-bridge knows",
            "update dfg-bridge; a newer release may have renamed ids or changed commands",
        )
    return Probe("server version", Status.PASS, detail)


def rule_name(state: CheckState, rule: GameRule) -> str:
    """The rule as the server's version spells it (camelCase when the version is unknown)."""
    dialect = state.dialect
    return dialect.gamerule_name(rule) if dialect is not None else rule.camel


def rule_command(state: CheckState, rule: GameRule, value: bool) -> str:
    """``gamerule <rule> <value>`` for the server's version; both spellings when it is unknown."""
    word = "true" if value else "false"
    if state.dialect is not None:
        return f"gamerule {rule_name(state, rule)} {word}"
    return f"gamerule {rule.camel} {word} (from {SNAKE_GAMERULES_SINCE}: gamerule {rule.snake} {word})"


def _gamerule(state: CheckState, rule: GameRule) -> bool | None:
    """The rule's value, trying this version's spelling first and then the other one."""
    assert state.client is not None
    dialect: Dialect | None = state.dialect
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


def gamerule_probes(state: CheckState) -> Iterator[Probe]:
    """``logAdminCommands`` (needed for logged clicks) and ``sendCommandFeedback`` (better off)."""
    log_name = rule_name(state, GameRule.LOG_ADMIN_COMMANDS)
    feedback_name = rule_name(state, GameRule.SEND_COMMAND_FEEDBACK)
    if not state.rcon_up:
        yield Probe(log_name, Status.SKIP, "needs RCON")
        yield Probe(feedback_name, Status.SKIP, "needs RCON")
        return
    log_on = rule_command(state, GameRule.LOG_ADMIN_COMMANDS, True)
    log_admin = _gamerule(state, GameRule.LOG_ADMIN_COMMANDS)
    if log_admin is None:
        yield Probe(log_name, Status.WARN, "could not read the game rule", log_on)
    elif log_admin:
        yield Probe(log_name, Status.PASS, "true")
    elif state.config.source.trigger_poll:
        yield Probe(
            log_name, Status.WARN, "false (trigger poll is on, so clicks still arrive)", f"{log_on} (faster)"
        )
    else:
        paper = state.config.server.flavour is Flavour.PAPER
        yield Probe(
            log_name,
            Status.FAIL,
            "false: sign and chat clicks (/trigger) are not logged"
            + (" (typed /dfg still is)" if paper else ""),
            f"run: {log_on} (or set source.trigger_poll: true)",
        )
    feedback = _gamerule(state, GameRule.SEND_COMMAND_FEEDBACK)
    if feedback is None:
        yield Probe(feedback_name, Status.WARN, "could not read the game rule", "")
    elif feedback:
        yield Probe(
            feedback_name,
            Status.WARN,
            "true: players see 'Triggered [dfg]' after each click, ops see every /trigger",
            "optional: " + rule_command(state, GameRule.SEND_COMMAND_FEEDBACK, False),
        )
    else:
        yield Probe(feedback_name, Status.PASS, "false")


def properties_probes(state: CheckState) -> Iterator[Probe]:
    """``enable-rcon``, ``rcon.port`` and ``broadcast-rcon-to-ops`` in ``server.properties``."""
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


__all__ = ["gamerule_probes", "properties_probes", "rule_command", "rule_name", "version_probe"]
