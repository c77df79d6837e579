"""``dfg-bridge run --config FILE``: the daemon (常駐プロセス) — the composition root of the host.

It wires the real parts into :class:`dfg_bridge.host.GameHost`: our RCON client as the command sink
(its up/down transitions become ``LinkUp``/``LinkDown`` events), the version's render dialect as the
command renderer, the log tail (or the wrapped server process, or the trigger poll) as the event
source, APScheduler for timers, and the message catalogue. ``SIGINT``/``SIGTERM`` end every match
and give every player their items back before exiting.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import re
import signal
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dfg_bridge.app.logsetup import Redactor, parse_level, setup_logging
from dfg_bridge.host import GameHost, HostSettings, LinkDown, LinkUp, Shutdown
from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.host.purposes import Purpose
from dfg_bridge.host.timers import ApsScheduler
from dfg_bridge.rcon import LinkState, RconClient, RconError
from dfg_bridge.render import dialect_for
from dfg_bridge.sources import LogParser, LogTail, ParserOptions, SourceThread, TriggerPoll

log = logging.getLogger("dfg_bridge.run")

DEFAULT_VERSION = "1.21.6"
"""Used when the version is ``auto`` and the log does not say."""

_VERSION_LINE = re.compile(r"Starting minecraft server version (\S+)")


def detect_version(log_path: Path) -> str | None:
    """The last ``Starting minecraft server version X`` in the log, if any."""
    try:
        text = log_path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    found = _VERSION_LINE.findall(text)
    return found[-1] if found else None


@dataclass
class Daemon:
    """A wired daemon: call :meth:`start`, then :meth:`run` on the owner thread, then :meth:`close`."""

    host: GameHost
    rcon: RconClient
    scheduler: ApsScheduler
    sources: list[SourceThread] = field(default_factory=list)
    stats: Any = None
    """The stats writer thread (a :class:`~dfg_bridge.stats.store.service.StatsService`), if stats are on."""
    _watch: Any = None

    def start(self) -> None:
        """Connect (or keep retrying in the background) and start the sources."""
        if self.stats is not None:
            self.stats.start()
        for source in self.sources:
            source.start()
        self._watch = self.scheduler.every(1.0, self._poll_link)
        try:
            self.rcon.connect()
        except RconError as exc:
            log.warning("RCON not reachable yet (%s); retrying", exc)

    def _poll_link(self) -> None:
        if self.rcon.state is LinkState.DOWN:
            with contextlib.suppress(RconError):
                self.rcon.poll_link()

    def run(self) -> None:
        """Run the main loop until a :class:`Shutdown` event."""
        self.host.run_forever()

    def stop(self, *, restore: bool = True) -> None:
        """Ask the main loop to stop (from any thread)."""
        self.host.post(Shutdown(restore=restore))

    def close(self) -> None:
        """Stop sources, timers and the RCON link."""
        if self._watch is not None:
            self._watch.cancel()
        for source in self.sources:
            source.stop(timeout=2.0)
        self.scheduler.shutdown()
        self.rcon.close()
        if self.stats is not None:
            self.stats.stop()


def wire(
    settings: HostSettings,
    messages: MessageCatalog,
    *,
    rcon_host: str,
    rcon_port: int,
    rcon_password: str,
    version: str,
    data_dir: Path,
    log_path: Path | None,
    parser_options: ParserOptions | None = None,
    trigger_poll: float | None = None,
    rcon_timeout: float = 5.0,
    reload: Any = None,
    cpu: Any = None,
    rng: Any = None,
    place_on_start: bool = True,
    wrap_sink: Any = None,
    log_poll: float = 0.1,
    stats: Any = None,
) -> Daemon:
    """Build a daemon from its parts (used by ``run``, ``demo`` and the tests).

    ``wrap_sink`` may wrap the RCON client before the host sees it (tests count or cut commands).
    """
    scheduler = ApsScheduler()
    holder: dict[str, GameHost] = {}

    def on_link(state: LinkState, _error: RconError | None) -> None:
        host = holder.get("host")
        if host is not None:
            host.post(LinkUp() if state is LinkState.UP else LinkDown())

    client = RconClient(rcon_host, rcon_port, rcon_password, timeout=rcon_timeout, on_link=on_link)
    dialect = dialect_for(version)

    sink = client if wrap_sink is None else wrap_sink(client)

    def setup() -> None:
        from dfg_bridge.app.setup import place

        report = place(sink, dialect, settings)
        for what, where, outcome in report.failed:
            log.warning("setup: %s at %s: %s", what, where, outcome)
        log.info("setup: %s", ", ".join(f"{n} {k}" for k, n in sorted(report.counts().items())))

    host = GameHost(
        settings,
        sink,
        dialect,
        messages,
        data_dir=data_dir,
        scheduler=scheduler,
        reload=reload,
        cpu=cpu,
        rng=rng,
        setup=setup if place_on_start else None,
        polled_triggers=trigger_poll is not None,
        stats=stats,
    )
    holder["host"] = host
    if stats is not None:
        stats.post = host.post  # replies reach the game thread as events on its queue
    # With the trigger poll every /trigger press is read from the scores (exactly once); the log's
    # "Triggered [dfg]" lines would report clickable-chat presses a second time, so they are ignored.
    objectives = () if trigger_poll is not None else (settings.trigger_objective,)
    options = parser_options or ParserOptions(
        trigger_objectives=objectives, display_prefixes=(settings.team_prefix,)
    )
    sources: list[SourceThread] = []
    if log_path is not None:
        sources.append(LogTail(log_path, host.queue, LogParser(options), poll_interval=log_poll))
    if trigger_poll is not None:
        counted = host.purposes.sink(client, purpose=Purpose.POLL)  # counted for no table ("-")
        poll = TriggerPoll(counted, host.queue, objective=settings.trigger_objective, interval=trigger_poll)
        sources.append(poll)
    return Daemon(host, client, scheduler, sources, stats)


def _load(config_path: Path, redactor: Redactor | None = None) -> tuple[Any, HostSettings, MessageCatalog]:
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
    return config, host_settings(config), messages


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


def main(argv: Sequence[str]) -> int:
    """``dfg-bridge run --config FILE [--log-level LEVEL]``."""
    parser = argparse.ArgumentParser(prog="dfg-bridge run", description="Run the 大富豪 daemon.")
    parser.add_argument("--config", required=True, type=Path, help="the YAML config file")
    parser.add_argument("--log-level", type=_log_level, default="INFO", help="DEBUG, INFO, WARNING or ERROR")
    from dfg_bridge.app.health import add_arguments, start_from_args

    add_arguments(parser)  # --metrics-port, --metrics-host
    args = parser.parse_args(list(argv))
    redactor = setup_logging(args.log_level)
    logging.getLogger("apscheduler").setLevel(logging.WARNING)  # one line per timer job is noise
    from dfg_bridge.config import ConfigError

    try:
        config, settings, messages = _load(args.config, redactor)
    except ConfigError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    log_path = config.source.log_path
    version = config.server.version
    if version == "auto":
        version = detect_version(log_path) or DEFAULT_VERSION
        log.info("server version %s", version)

    def reload() -> tuple[HostSettings, MessageCatalog]:
        _config, new_settings, new_messages = _load(args.config, redactor)
        return new_settings, new_messages

    daemon = wire(
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
        reload=reload,
        stats=_stats_for(config, settings),
    )
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
        print(f"web.port {config.web.port}: cannot listen on {config.web.host}: {exc}", file=sys.stderr)
        daemon.close()
        return 2
    daemon.start()
    endpoint = start_from_args(args, daemon)
    try:
        daemon.run()
    finally:
        if endpoint is not None:
            endpoint.close()
        if web is not None:
            web.close()
        daemon.close()
    return 0
