"""``dfg-bridge run --config FILE``: the daemon (常駐プロセス).

It loads the config, refuses to start on any operator error (each one ``file:line: key: message``,
exit status 2, never a traceback), wires the parts (:mod:`dfg_bridge.app.wiring`) with every config
key that concerns them, and runs the host until ``SIGINT``/``SIGTERM``, which end every match and
give every player their items back before exiting.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sqlite3
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from dfg_bridge.app.logsetup import Redactor, parse_level, setup_logging
from dfg_bridge.app.version import DEFAULT_VERSION, detect_version, server_version
from dfg_bridge.app.wiring import Daemon, parser_options, wire
from dfg_bridge.engine import native
from dfg_bridge.host import HostSettings
from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.rcon import Backoff

log = logging.getLogger("dfg_bridge.run")


def load(
    config_path: Path, redactor: Redactor | None = None
) -> tuple[Any, HostSettings, MessageCatalog, Mapping[str, int]]:
    """Config, host settings, messages and the line of every config value; raises ``ConfigError``."""
    from dfg_bridge.config import load_config
    from dfg_bridge.host.fromconfig import host_settings
    from dfg_bridge.i18n import Messages

    loaded = load_config(config_path)
    if redactor is not None:
        # Registered before anything else is logged: the password must never reach the output.
        redactor.add(loaded.config.rcon.password.reveal())
        from dfg_bridge.app.statswire import password_of

        if db_password := password_of(loaded.config.stats.database):
            redactor.add(db_password)
    for warning in loaded.warnings:
        log.warning("%s", warning)
    config = loaded.config
    messages, issues = Messages.load(config.messages_dir)
    for issue in issues:
        log.warning("%s", issue)
    return config, host_settings(config), messages, loaded.lines


def start_problems(config: Any, file: str, lines: Mapping[str, int]) -> list[str]:
    """What would keep the daemon from working, as ``file:line: key: message`` (``check`` FAILs them too)."""
    problems = []
    log_path = config.source.log_path
    if str(config.source.kind) == "log" and log_path.is_dir():
        line = lines.get("source.log_path", lines.get("source", 1))
        problems.append(f"{file}:{line}: source.log_path: {log_path} is a folder; name the log file, "
                        "e.g. <server>/logs/latest.log")  # fmt: skip
    return problems


def log_engine_build(build: str) -> None:
    """Say at start how the CPU engine was built (``native.build()``); warn when ``strong`` runs on source.

    An install without a C compiler falls back to pure Python silently, and its ``strong`` CPU plays
    out about a third as many deals: the operator should hear of it where they look first, the log.
    """
    if build == "compiled":
        log.info("CPU engine: compiled")
    else:
        log.warning(
            "CPU engine: %s; the strong CPU searches about a third as many deals. Install a C compiler"
            " and Python's headers (Debian: gcc python3-dev) and reinstall dfg-bridge to compile it",
            build,
        )


def daemon_from_config(config: Any, settings: HostSettings, messages: MessageCatalog, *,
                       reload: Any = None) -> Daemon:  # fmt: skip
    """A wired daemon with every config key that concerns the wiring (used by ``run`` and its tests)."""
    log_path = config.source.log_path
    version = server_version(config.server.version, log_path)
    if config.server.version == "auto":
        log.info("server version %s", version)
    return wire(
        settings,
        messages,
        rcon_host=config.rcon.host,
        rcon_port=config.rcon.port,
        rcon_password=config.rcon.password.reveal(),
        version=version,
        data_dir=config.data_dir,
        log_path=log_path if str(config.source.kind) == "log" else None,
        trigger_poll=config.source.trigger_poll_interval if _needs_poll(config) else None,
        rcon_timeout=config.rcon.command_timeout,
        connect_timeout=config.rcon.connect_timeout,
        backoff=Backoff(cap=config.rcon.reconnect_max_delay),
        parser_options=parser_options(config),
        reload=reload,
        stats=_stats_for(config, settings),
    )


def _stats_for(config: Any, settings: HostSettings) -> Any:
    """The stats writer for the configured database, or ``None`` when stats are off."""
    if not config.stats.enabled:
        return None
    from dfg_bridge.app.statswire import open_stats

    return open_stats(config.stats.database, config.data_dir, settings.stats.ladder,
                      board_size=settings.stats.board_size)  # fmt: skip


def _needs_poll(config: Any) -> bool:
    """Poll trigger scores when configured, or when a table has signs.

    A sign's click command runs from a silent command source (vanilla ``CommandSource.NULL``), so a
    ``/trigger`` pressed on a sign is never logged; only the scores show it.
    """
    if config.source.trigger_poll:
        return True
    signs = [t.signs for t in config.tables]
    if any(s.join or s.start or s.start_cpu or s.leave for s in signs):
        log.info("signs are configured: polling /trigger scores (sign clicks are not logged)")
        return True
    return False


def _log_level(value: str) -> int:
    try:
        return parse_level(value)
    except ValueError as exc:  # argparse shows an ArgumentTypeError's own message
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _port_problem(port: int | None) -> str | None:
    if port is not None and not 1 <= port <= 65535:
        return f"dfg-bridge run: --metrics-port: must be a port number 1-65535 (got {port})"
    return None


def main(argv: Sequence[str]) -> int:
    """``dfg-bridge run --config FILE [--log-level LEVEL] [--metrics-port N]``."""
    parser = argparse.ArgumentParser(prog="dfg-bridge run", description="Run the 大富豪 daemon.")
    parser.add_argument("--config", required=True, type=Path, help="the YAML config file")
    parser.add_argument("--log-level", type=_log_level, default="INFO", help="DEBUG, INFO, WARNING or ERROR")
    from dfg_bridge.app.health import add_arguments, start_from_args

    add_arguments(parser)  # --metrics-port, --metrics-host
    args = parser.parse_args(list(argv))
    port_problem = _port_problem(args.metrics_port)
    if port_problem is not None:
        print(port_problem, file=sys.stderr)
        return 2
    redactor = setup_logging(args.log_level)
    logging.getLogger("apscheduler").setLevel(logging.WARNING)  # one line per timer job is noise
    from dfg_bridge.config import ConfigError

    try:
        config, settings, messages, lines = load(args.config, redactor)
    except ConfigError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    problems = start_problems(config, str(args.config), lines)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 2
    log_engine_build(native.build())

    def reload() -> tuple[HostSettings, MessageCatalog]:
        _config, new_settings, new_messages, _lines = load(args.config, redactor)
        return new_settings, new_messages

    try:
        daemon = daemon_from_config(config, settings, messages, reload=reload)
    except (OSError, sqlite3.Error) as exc:  # the data folder cannot be used (permissions, a full disk)
        line = lines.get("data_dir", 1)
        reason = getattr(exc, "strerror", None) or exc
        print(f"{args.config}:{line}: data_dir: cannot open {config.data_dir}: {reason}", file=sys.stderr)
        return 2
    done = threading.Event()

    def on_signal(_sig: int, _frame: object) -> None:
        if not done.is_set():
            done.set()
            daemon.stop(restore=True)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    from dfg_bridge.web import from_config as start_web

    try:
        web = start_web(config.web, daemon.host)  # the spectator page, when web.port is set
    except OSError as exc:
        where = f"{config.web.host}:{config.web.port}"
        print(f"{args.config}:{lines.get('web.port', 1)}: web.port: cannot listen on {where}: "
              f"{exc.strerror or exc}", file=sys.stderr)  # fmt: skip
        daemon.close()
        return 2
    daemon.start()
    try:
        endpoint = start_from_args(args, daemon)
    except OSError as exc:
        where = f"{args.metrics_host}:{args.metrics_port}"
        print(f"dfg-bridge run: --metrics-port: cannot listen on {where}: {exc.strerror or exc}",
              file=sys.stderr)  # fmt: skip
        if web is not None:
            web.close()
        daemon.close()
        return 2
    try:
        daemon.run()
    finally:
        if endpoint is not None:
            endpoint.close()
        if web is not None:
            web.close()
        daemon.close()
    return 0


__all__ = ["DEFAULT_VERSION", "Daemon", "daemon_from_config", "detect_version", "load", "main", "wire"]
