"""Wiring the daemon's parts (配線): the RCON client behind its reply guard, sources, host, timers.

:func:`wire` is the composition root shared by ``dfg-bridge run``, the demo and the tests: it plugs
our RCON client (its up/down transitions become ``LinkUp``/``LinkDown`` events, its replies are
checked by :class:`~dfg_bridge.rcon.ReplyGuard`), the version's render dialect, the log tail and/or
the trigger poll, APScheduler and the message catalogue into :class:`~dfg_bridge.host.GameHost`.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from dfg_bridge.host import GameHost, HostSettings, LinkDown, LinkUp, Shutdown
from dfg_bridge.host.ports import MessageCatalog
from dfg_bridge.host.purposes import Purpose
from dfg_bridge.host.timers import ApsScheduler
from dfg_bridge.rcon import Backoff, LinkState, RconClient, RconError, ReplyGuard
from dfg_bridge.render import dialect_for
from dfg_bridge.sources import LogParser, LogTail, ParserOptions, SourceThread, TriggerPoll

log = logging.getLogger("dfg_bridge.run")


@dataclass
class Daemon:
    """A wired daemon: call :meth:`start`, then :meth:`run` on the owner thread, then :meth:`close`."""

    host: GameHost
    rcon: RconClient
    scheduler: ApsScheduler
    sources: list[SourceThread] = field(default_factory=list)
    guard: ReplyGuard | None = None
    """Checks every reply against its command (mix-ups with other RCON clients, server errors)."""
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
        # Also while up: a server that went away is noticed within a second, before any event needs it.
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
    connect_timeout: float = 3.0,
    backoff: Backoff | None = None,
    reload: Any = None,
    cpu: Any = None,
    rng: Any = None,
    place_on_start: bool = True,
    wrap_sink: Any = None,
    log_poll: float = 0.1,
    stats: Any = None,
) -> Daemon:
    """Build a daemon from its parts (used by ``run``, ``demo`` and the tests).

    ``wrap_sink`` may wrap the (reply-checked) RCON client before the host sees it (tests count or cut
    commands). ``parser_options`` default to the built-in words; ``dfg-bridge run`` passes the config's.
    """
    scheduler = ApsScheduler()
    holder: dict[str, GameHost] = {}

    def on_link(state: LinkState, _error: RconError | None) -> None:
        host = holder.get("host")
        if host is not None:
            host.post(LinkUp() if state is LinkState.UP else LinkDown())

    client = RconClient(
        rcon_host, rcon_port, rcon_password, timeout=rcon_timeout, connect_timeout=connect_timeout,
        backoff=backoff, on_link=on_link,
    )  # fmt: skip
    dialect = dialect_for(version)
    guard = ReplyGuard(client)
    sink = guard if wrap_sink is None else wrap_sink(guard)

    def setup() -> None:
        from dfg_bridge.app.placer import place

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
    host.gate.probe = lambda: client.check() is LinkState.UP
    options = _with_host_words(parser_options or ParserOptions(), settings, polled=trigger_poll is not None)
    sources: list[SourceThread] = []
    if log_path is not None:
        sources.append(LogTail(log_path, host.queue, LogParser(options), poll_interval=log_poll))
    if trigger_poll is not None:
        counted = host.purposes.sink(guard, purpose=Purpose.POLL)  # counted for no table ("-")
        poll = TriggerPoll(counted, host.queue, objective=settings.trigger_objective, interval=trigger_poll,
                           floodgate_prefix=options.floodgate_prefix)  # fmt: skip
        sources.append(poll)
    return Daemon(host, client, scheduler, sources, guard, stats)


def _with_host_words(options: ParserOptions, settings: HostSettings, *, polled: bool) -> ParserOptions:
    """``options`` with what the host decides: the trigger objective and our team prefix.

    With the trigger poll every /trigger press is read from the scores (exactly once); the log's
    "Triggered [dfg]" lines would report clickable-chat presses a second time, so they are ignored.
    """
    objectives = () if polled else (settings.trigger_objective,)
    return replace(options, trigger_objectives=objectives, display_prefixes=(settings.team_prefix,))


def parser_options(config: Any) -> ParserOptions:
    """The log parser's words from the config: chat prefix, command names, Floodgate prefix, line regex."""
    return ParserOptions(
        chat_prefixes=(config.commands.chat_prefix,),
        typed_commands=tuple(config.commands.names),
        floodgate_prefix=config.server.floodgate_prefix,
        prefix_regex=config.server.log_prefix_regex,
    )


__all__ = ["Daemon", "parser_options", "wire"]
