"""The game host (ゲームホスト): one thread, one queue, every table.

Sources, timers and signal handlers only :meth:`GameHost.post` events. The owner thread runs
:meth:`GameHost.run_forever` (or :meth:`GameHost.run_until` in tests), takes events off the queue one
at a time and is the only code that touches game state or sends commands. Players' intents are
routed to their table; custody (預かり) is taken on join and given back whenever a player leaves a
table, at once if they are online, else at their next join.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import queue
import random
import time
from collections.abc import Callable
from pathlib import Path

from dfg_bridge.engine import CardParseError, EngineError
from dfg_bridge.host.admin import Admin, Reloader
from dfg_bridge.host.attribution import Attribution
from dfg_bridge.host.chathold import ChatHold
from dfg_bridge.host.context import HostContext
from dfg_bridge.host.cpu import CpuPolicy
from dfg_bridge.host.custody import Custody
from dfg_bridge.host.differ import Differ
from dfg_bridge.host.errors import CommandError, HostError
from dfg_bridge.host.events import Call, ChatDue, LinkDown, LinkUp, Shutdown, Tick, TimerFired
from dfg_bridge.host.gamelog import game_event
from dfg_bridge.host.guard import FailureHook, failed, isolated, player_of
from dfg_bridge.host.handscreen import HandPoll
from dfg_bridge.host.intents import (
    STATS_INTENTS,
    AdminReload,
    AdminStop,
    Intent,
    Join,
    Status,
    TriggerCode,
    intent_for_trigger,
    parse_args,
)
from dfg_bridge.host.joins import pick_table
from dfg_bridge.host.journal import Journal
from dfg_bridge.host.ledger import CustodyLedger
from dfg_bridge.host.lifecycle import Recovery
from dfg_bridge.host.match import EndReason
from dfg_bridge.host.outage import LinkGate, link_lost
from dfg_bridge.host.ports import CommandRenderer, CommandSink, MessageCatalog, Scheduler
from dfg_bridge.host.purposes import Purpose, PurposeCounter
from dfg_bridge.host.refusals import Refusal, refuse
from dfg_bridge.host.releases import Releases, tell_finished
from dfg_bridge.host.settings import HostSettings
from dfg_bridge.host.spectate import Spectate
from dfg_bridge.host.statsdesk import StatsDesk
from dfg_bridge.host.store import open_store
from dfg_bridge.host.table import Table
from dfg_bridge.model.events import (
    PlayerCommand,
    PlayerJoined,
    PlayerLeft,
    ServerStarted,
    ServerStopping,
    TriggerFired,
)
from dfg_bridge.stats import StatsPort

log = logging.getLogger(__name__)


class GameHost:
    """Owns every table; everything happens on the thread that calls :meth:`run_until`/:meth:`run_forever`."""

    def __init__(
        self,
        settings: HostSettings,
        sink: CommandSink,
        renderer: CommandRenderer,
        messages: MessageCatalog,
        *,
        data_dir: Path | str,
        scheduler: Scheduler,
        clock: Callable[[], float] = time.monotonic,
        rng: random.Random | None = None,
        cpu: CpuPolicy | None = None,
        reload: Reloader | None = None,
        setup: Callable[[], object] | None = None,
        polled_triggers: bool = False,
        stats: StatsPort | None = None,
    ) -> None:
        self.queue: queue.Queue[object] = queue.Queue()
        self.conn = open_store(data_dir)
        self.ledger = CustodyLedger(self.conn)
        self.journal = Journal(self.conn)
        self.purposes = PurposeCounter(clock)
        """RCON commands sent, by table and purpose (metrics, benchmarks)."""
        self.differ = Differ(renderer, self.purposes.sink(sink, purpose=Purpose.DISPLAY))
        self.custody = Custody(
            self.purposes.sink(sink, purpose=Purpose.CUSTODY),
            renderer,
            self.ledger,
            settings.lockers,
            ender_chest=settings.custody_ender_chest,
        )
        general = self.purposes.sink(sink)
        self.chat = ChatHold(general, renderer, hold=lambda: self.ctx.settings.chat_hold, clock=clock,
                             scheduler=scheduler, post=self.post, purposes=self.purposes)  # fmt: skip
        """Team chat held briefly and sent together (issue 19)."""
        self.ctx = HostContext(
            settings=settings,
            sink=self.chat.gated(),
            chat=self.chat,
            purposes=self.purposes,
            r=renderer,
            msgs=messages,
            journal=self.journal,
            scheduler=scheduler,
            post=self.post,
            clock=clock,
            rng=rng or random.Random(),
            cpu=cpu,
            differ=self.differ,
            release=self.release,
        )
        self.tables: dict[str, Table] = {t.id: Table(self.ctx, t, i) for i, t in enumerate(settings.tables)}
        self.chat.team_of = lambda player: t.names.team if (t := self.table_of(player)) is not None else None
        self.chat.alone = lambda player: (
            (t := self.table_of(player)) is not None
            and [m for m in t.lobby.members if m in self.ctx.online] == [player]
        )
        self.polled_triggers = polled_triggers
        """A trigger poll source re-enables triggers itself; the host must then never do it."""
        self.server_stopping = False
        self.stopped = False
        self._calls: dict[str, Callable[[], None]] = {}
        self.attribution = Attribution(self.ctx)
        """Maps the display names of chat and trigger lines to players."""
        self.releases = Releases(self.ctx, self.custody, lambda p: self.table_of(p) is not None)
        """Give-backs, and the ones to retry from the tick."""
        self.on_failure: FailureHook | None = None
        """Called (owner thread) with every event whose handling failed unexpectedly (metrics, tests)."""
        self.gate = LinkGate(clock)
        """Holds events that need the server while the RCON link is down (see :mod:`.outage`)."""
        self.spectate: Spectate | None = None
        """The spectator publish hook (the web view), called after every event; ``None``: off."""
        self.desk = StatsDesk(self.ctx, self.tables, stats)
        """Stats, rating and the ranked ladder (``stats``: the writer's port; ``None``: no stats)."""
        self.recovery = Recovery(self.ctx, self.custody, self.journal, self.ledger, self.tables,
                                 release=self.release, setup=setup, polled_triggers=polled_triggers,
                                 on_started=self.tick)  # fmt: skip
        """Start-up and reconnection: custody, matches and displays brought in line once."""
        self.admin = Admin(self.ctx, self.tables, self.desk, reload)
        """``/dfg status`` and the admin commands."""

    @property
    def started(self) -> bool:
        """Whether the first start is done."""
        return self.recovery.started

    @property
    def on_rejected(self) -> Callable[[str, str], None] | None:
        """Called on the owner thread with (player, machine code) for every refused player action,
        whether typed, clicked in chat or dialogs, or clicked on the hand screen."""
        return self.ctx.on_rejected

    @on_rejected.setter
    def on_rejected(self, hook: Callable[[str, str], None] | None) -> None:
        self.ctx.on_rejected = hook

    # ---- the loop -------------------------------------------------------------------------------
    def post(self, event: object) -> None:
        """Enqueue an event (any thread)."""
        self.queue.put(event)

    def call(self, label: str, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the owner thread (posted as a :class:`Call`)."""
        self._calls[label] = fn
        self.post(Call(label))

    def step(self, timeout: float) -> bool:
        """Handle one event if one arrives within ``timeout``; ``False`` if none did."""
        try:
            event = self.queue.get(timeout=max(0.0, timeout))
        except queue.Empty:
            return False
        self.handle(event)
        return True

    def run_until(self, done: Callable[[], bool], timeout: float) -> bool:
        """Handle events until ``done()`` or ``timeout`` seconds passed; returns ``done()``."""
        end = time.monotonic() + timeout
        while not done():
            left = end - time.monotonic()
            if left <= 0 or self.stopped:
                break
            self.step(min(left, 0.05))
        return done()

    def run_forever(self) -> None:
        """Handle events until a :class:`Shutdown` event."""
        while not self.stopped:
            self.step(0.5)

    # ---- start and stop -------------------------------------------------------------------------
    def start(self) -> None:
        """Bring the server in line with our state: objectives, custody recovery, matches, displays."""
        self.recovery.start()

    def shutdown(self, *, restore: bool = True) -> None:
        """Stop: with ``restore``, end every match and give every player their items back."""
        if restore:
            for table in self.tables.values():
                try:
                    table.stop(EndReason.SHUTDOWN)
                except Exception:
                    log.exception("table %s: stopping failed", table.id)
        isolated("sending the held chat", self.ctx.flush_chat)
        self.stopped = True

    # ---- dispatch -------------------------------------------------------------------------------
    def handle(self, event: object) -> None:
        """Handle one event; it never raises (only a ``BaseException`` such as ``KeyboardInterrupt``).

        Player mistakes become localized messages. Anything unexpected is logged once with the event
        as context, the player concerned is told, the tables' timers are re-armed, and the loop goes on.
        """
        if self.gate.holds(event):
            return  # needs the server while the link is down: handled when it comes back
        if isinstance(event, PlayerCommand | TriggerFired) and event.shown:
            # The log showed a display name: whose is it? (a team prefix can mimic another's name)
            who = self.attribution.resolve(event.shown, event.player)
            if who is None:
                return
            event = dataclasses.replace(event, player=who)
        player = player_of(event)
        table = self._table_of_event(event, player)
        try:
            with self.purposes.scope(table=table):
                self._dispatch(event)
        except (HostError, EngineError, CardParseError) as exc:
            if player is not None:
                self._refused(player, exc)
        except Exception as exc:
            if link_lost(exc):
                self.gate.failed_on(event, exc)
            else:
                failed(self.ctx, self.tables.values(), self.releases, event, exc, hook=self.on_failure)
        if self.spectate is not None:
            isolated("spectator view", functools.partial(self.spectate.after, self.tables.values()))

    def _table_of_event(self, event: object, player: str | None) -> str | None:
        """The table an event is about (its commands are counted for it), if one."""
        if isinstance(event, TimerFired | HandPoll):
            return event.table
        if player is not None:
            table = self.table_of(player)
            return table.id if table is not None else None
        return None

    def _dispatch(self, event: object) -> None:
        if isinstance(event, PlayerCommand):
            self._intent(event.player, parse_args(event.args))
        elif isinstance(event, TriggerFired):
            if event.objective != self.ctx.settings.trigger_objective:
                return
            if not self.polled_triggers:
                self.ctx.sink.run(self.ctx.r.trigger_enable(event.player, event.objective))
            if event.value == TriggerCode.ACK:
                return  # the Paper alias's trigger: the typed /dfg line is the action
            self._intent(event.player, intent_for_trigger(event.value, list(self.tables)))
        elif isinstance(event, TimerFired):
            table = self.tables.get(event.table)
            if table is not None:
                table.on_timer(event)
        elif isinstance(event, ChatDue):
            self.chat.due(event)
        elif isinstance(event, Tick):
            self.tick()
            for name in self.releases.due():
                isolated(f"giving {name} their items back", functools.partial(self.release, name))
            for table in self.tables.values():
                with self.purposes.scope(table=table.id):
                    isolated(f"table {table.id}: tick", table.on_tick)
            isolated("stats desk: tick", self.desk.on_tick)
        elif isinstance(event, PlayerJoined):
            self._joined(event.player)
        elif isinstance(event, PlayerLeft):
            self._left(event.player)
        elif isinstance(event, ServerStopping):
            self.server_stopping = True
            for table in self.tables.values():
                isolated(f"table {table.id}: pause", functools.partial(table.pause, None))
        elif isinstance(event, ServerStarted):
            self.server_stopping = False
        elif isinstance(event, LinkUp):
            self._link_up()
            for held in self.gate.came_up(self.ctx.online):
                self.handle(held)
        elif isinstance(event, LinkDown):
            self.gate.went_down()  # commands fail until LinkUp, which resynchronises everything
        elif isinstance(event, Shutdown):
            self.shutdown(restore=event.restore)
        elif isinstance(event, Call):
            fn = self._calls.pop(event.label, None)
            if fn is not None:
                fn()
        elif isinstance(event, HandPoll):
            polled = self.tables.get(event.table)
            if polled is not None:
                polled.hands.on_poll(event)
        else:
            self.desk.handle(event)  # stats replies and login UUIDs

    def _refused(self, player: str, exc: Refusal) -> None:
        try:
            refuse(self.ctx, player, exc)
        except Exception:
            log.exception("could not tell %s about %s", player, exc)

    def _intent(self, player: str, intent: Intent) -> None:
        if isinstance(intent, STATS_INTENTS):
            self.desk.on_intent(player, intent)
            return
        if isinstance(intent, AdminStop | AdminReload):
            if player not in self.ctx.settings.admins:
                raise CommandError("not_admin")
            if isinstance(intent, AdminStop):
                self.admin.stop(player, intent.table)
            else:
                self.admin.reload(player)
            return
        if isinstance(intent, Join):
            self._join(player, intent.table)
            return
        if isinstance(intent, Status):
            self.admin.status(player, intent.table)
            return
        table = self.table_of(player)
        if table is None:
            raise CommandError("not_joined")
        table.on_intent(player, intent)

    # ---- joining and leaving ------------------------------------------------------------------
    def table_of(self, player: str) -> Table | None:
        """The table whose lobby (or match) the player is in."""
        return next((t for t in self.tables.values() if player in t.lobby), None)

    def _join(self, player: str, table_id: str | None) -> None:
        current = self.table_of(player)
        if current is not None:
            if table_id is None or table_id.lower() == current.id:
                raise CommandError("already_joined")
            raise CommandError("other_table", table=current.settings.name)
        table = (
            self._named_table(table_id) if table_id is not None else pick_table(self.ctx, self.tables, player)
        )
        self.desk.check_join(player, table.settings)
        self.custody.take(player)
        record = self.ledger.get(player)
        if record is not None:
            game_event("custody_taken", player=player, items=record.item_count, stacks=len(record.snapshot))
        table.add_member(player)
        game_event("join", player=player, table=table.id, lobby=len(table.lobby))

    def _named_table(self, table_id: str) -> Table:
        table = self.tables.get(table_id.lower())
        if table is None:
            raise CommandError("no_such_table", table=table_id)
        return table

    def release(self, player: str) -> None:
        """A player left their table: give their items back now, or at their next join."""
        record = self.ledger.get(player) if player in self.ctx.online else None
        self.releases.release(player)
        if record is not None:
            returned = self.ledger.get(player) is None
            game_event("custody_returned", player=player, items=record.item_count,
                       stacks=len(record.snapshot), result="done" if returned else "pending")  # fmt: skip

    def _joined(self, player: str) -> None:
        self.ctx.online.add(player)
        if not self.polled_triggers:
            self.ctx.sink.run(self.ctx.r.trigger_enable(player, self.ctx.settings.trigger_objective))
        # Half-done custody steps first (and a game mode a crash or a disconnect left frozen).
        had_record = {player} if self.ledger.get(player) is not None else set()
        self.custody.settle(player)
        tell_finished(self.ctx, self.ledger, had_record)
        if self.tables and not any(t.hands.screen_of(player) for t in self.tables.values()):
            # Not seated anywhere: no card, button or key of ours belongs on them (one left from a
            # match that ended while they were away, or a crash).
            next(iter(self.tables.values())).hands.reclaim_stray(player)
        table = self.table_of(player)
        if table is None:
            if self.custody.state(player) is not None:
                self.release(player)
            return
        table.player_back(player)
        table.sync()

    def _left(self, player: str) -> None:
        self.ctx.online.discard(player)
        table = self.table_of(player)
        if table is not None:
            table.player_left(player, server_stopping=self.server_stopping)

    # ---- link and clock -------------------------------------------------------------------------
    def _link_up(self) -> None:
        """The RCON link is back (daemon start or server restart): resync everything once."""
        if self.recovery.started:
            self.server_stopping = False
        self.recovery.link_up()

    def tick(self) -> None:
        """Arm the next once-a-second :class:`Tick`."""
        post = self.post
        self.ctx.scheduler.call_later(1.0, lambda: post(Tick()))
