"""One table (卓): its lobby, its seats, its displays, and the match it holds.

Tables never touch each other: each has its own lobby, match, timer, selection state and display
elements (scoped by table id). A :class:`Table` *holds* its parts: the match flow
(:class:`~dfg_bridge.host.flow.MatchFlow`, which calls back only through the narrow
:class:`~dfg_bridge.host.flow.FlowHooks` the table fulfils) and the hand screens
(:class:`~dfg_bridge.host.handscreen.HandScreens`, which ask of the table only what
:class:`~dfg_bridge.host.handscreen.port.ScreenTable` names).
"""

from __future__ import annotations

from collections.abc import Sequence

from dfg_bridge.engine import Card
from dfg_bridge.host.context import HostContext
from dfg_bridge.host.differ import Element
from dfg_bridge.host.errors import CommandError
from dfg_bridge.host.events import TimerFired
from dfg_bridge.host.flow import MatchFlow
from dfg_bridge.host.gamelog import game_event
from dfg_bridge.host.handscreen import (
    HandScreens,
    Surface,
    WatchTimes,
    on_dialog,
    send_chat_hand,
    show_dialog,
)
from dfg_bridge.host.intents import (
    ClearSelection,
    DialogClick,
    Hand,
    Intent,
    Leave,
    Mode,
    PassTurn,
    PlayCards,
    PlaySelection,
    Start,
    Toggle,
)
from dfg_bridge.host.lobby import Lobby
from dfg_bridge.host.match import EndReason, MatchRun, Participant
from dfg_bridge.host.names import TableNames
from dfg_bridge.host.presence import Presence
from dfg_bridge.host.selection import toggle_card
from dfg_bridge.host.settings import TableSettings
from dfg_bridge.host.snapshot import table_snapshot
from dfg_bridge.host.status import rules_summary, status_text
from dfg_bridge.host.views import TableSnap, desired
from dfg_bridge.model.text import Text


class Table:
    """A table: lobby + match flow + seats + displays. Only the main thread calls it."""

    def __init__(self, ctx: HostContext, settings: TableSettings, index: int) -> None:
        self.ctx = ctx
        self.settings = settings
        self.index = index
        self.names = TableNames(settings.id)
        self.lobby = Lobby()
        self.pending_settings: TableSettings | None = None
        self.flow = MatchFlow(ctx, self.names, self)
        """The match flow (試合の流れ): the match, its turns and its timer."""
        self.presence = Presence(ctx, self.flow, self)
        """Disconnects, grace, pauses and resuming (在席)."""
        hs = ctx.settings
        times = WatchTimes(
            fast=hs.hand_poll_interval, idle=hs.hand_idle_interval, off_turn=hs.hand_offturn_interval
        )
        self.hands = HandScreens(self, surface=Surface(hs.hand_surface), times=times)
        """The seated players' hand screens (手札の画面)."""

    @property
    def id(self) -> str:
        """The table id."""
        return self.settings.id

    # ---- the match it holds (read by the host, the hand screens and the views) --------------
    @property
    def run(self) -> MatchRun | None:
        """The match being played, if any."""
        return self.flow.run

    @run.setter
    def run(self, run: MatchRun | None) -> None:
        self.flow.run = run

    @property
    def paused_until(self) -> float | None:
        """Set while a resumed match waits for its players to come back."""
        return self.flow.paused_until

    @property
    def away(self) -> dict[str, float]:
        """Disconnected players whose seat is kept (grace policy): name → when it expires."""
        return self.flow.away

    @property
    def selection(self) -> dict[str, set[int]]:
        """Per player: selected card indices (the hand screen, clickable chat and dialog share it)."""
        return self.flow.selection

    def awaiting(self) -> frozenset[int]:
        """The seats whose decision is awaited now."""
        return self.flow.awaiting()

    def decide(self, player: str, cards: str | tuple[Card, ...] | None) -> None:
        """``play <cards>`` or ``pass`` (``None``) for ``player``; raises on errors."""
        self.flow.decide(player, cards)

    def play_selection(self, player: str) -> None:
        """Play (or give) the cards ``player`` has selected."""
        self.flow.play_selection(player)

    def on_timer(self, event: TimerFired) -> None:
        """The table's timer fired."""
        self.flow.on_timer(event)

    def recover_timer(self, delay: float = 1.0) -> None:
        """After a handler failed midway: re-arm the timer (see :meth:`MatchFlow.recover_timer`)."""
        self.flow.recover_timer(delay)

    def end_match(self, reason: EndReason) -> None:
        """End the match (standings, seats released, items given back)."""
        self.flow.end_match(reason)

    def seconds_left(self) -> int | None:
        """Whole seconds left for the humans now awaited."""
        return self.flow.seconds_left()

    # ---- lobby ----------------------------------------------------------------------------------
    def add_member(self, player: str) -> None:
        """Put a player (whose items are already in custody) into the lobby."""
        self.ctx.flush_team(self.names.team)  # what the team was told before is not the newcomer's
        self.lobby.add(player)
        self.ctx.journal.lobby_add(self.id, player)
        self.sync()
        joined = self.ctx.text("lobby.joined", player=player, count=len(self.lobby))
        self.ctx.to_team(self.names.team, Text(joined, color="green"))
        self.ctx.tell(player, "lobby.items_kept", "gray")
        if self.run is not None:
            self.ctx.tell(player, "lobby.joined_next_match", "yellow")
        elif len(self.lobby) > self.settings.max_players:
            self.ctx.tell(player, "lobby.waiting", "yellow", max=self.settings.max_players)

    def remove_member(self, player: str) -> None:
        """Take a player out of the lobby and give their items back (now, or at their next join).

        A seat they still hold is vacated first (脱落, a disconnect, the grace running out): its hand
        screen is wiped even when they are offline.
        """
        self.ctx.flush_team(self.names.team)  # the player still on the team sees what was held
        if self.hands.screen_of(player) is not None:
            self.unseat(player)
        self.lobby.remove(player)
        self.selection.pop(player, None)
        self.away.pop(player, None)
        self.ctx.journal.lobby_remove(player)
        self.ctx.release(player)

    def leave(self, player: str) -> None:
        """``/dfg leave``: 脱落 during a match, then out of the lobby; a seated player goes to the exit."""
        seated = self.run is not None and self.run.seat_of(player) is not None
        if self.run is not None:
            seat = self.run.seat_of(player)
            if seat is not None and seat not in self.run.dropped:
                key = "match.dropout_self" if self.settings.exit_pos is None else "match.dropout_self_exit"
                self.ctx.tell(player, key, "red")
                self.flow.drop(seat, why="command")
        if self.run is not None and self.run.seat_of(player) is not None:
            self.unseat(player)
        if seated:
            self.send_to_exit(player)
        if player in self.lobby:
            left = Text(self.ctx.text("lobby.left", player=player), color="gray")
            self.ctx.to_team(self.names.team, left)
            game_event("leave", player=player, table=self.id, why="command")
            self.remove_member(player)
        self.sync()

    def on_intent(self, player: str, intent: Intent) -> None:
        """What a member asked of their table (the host routes lobby-wide intents itself)."""
        if isinstance(intent, Leave):
            self.leave(player)
        elif isinstance(intent, Start):
            if intent.table is not None and intent.table != self.id:
                raise CommandError("other_table", table=self.settings.name)
            self.start(player, intent.mode)
        elif isinstance(intent, Hand):
            self.show_hand(player)
        elif isinstance(intent, PlayCards):
            self.decide(player, intent.cards)
        elif isinstance(intent, PassTurn):
            self.decide(player, None)
        elif isinstance(intent, PlaySelection):
            self.play_selection(player)
        elif isinstance(intent, Toggle):
            self.toggle(player, intent.card)
        elif isinstance(intent, ClearSelection):
            self.clear_selection(player)
        elif isinstance(intent, DialogClick):
            on_dialog(self.hands, player, intent.action, intent.card)

    def start(self, player: str, mode: Mode | None) -> None:
        """``/dfg start [normal|cpu]``."""
        if player not in self.lobby:
            raise CommandError("not_joined")
        if self.run is not None:
            raise CommandError("match_running")
        mode = mode or self.settings.default_mode
        humans = [p for p in self.lobby.members if p in self.ctx.online][: self.settings.max_players]
        if mode is Mode.NORMAL and len(humans) < 3:
            raise CommandError("need_players", min=3, count=len(humans))
        if not humans:
            raise CommandError("need_human")
        self.start_match(mode, humans)

    def start_match(self, mode: Mode, humans: Sequence[str]) -> None:
        """Seat ``humans`` (in order) and, in ``cpu`` mode, CPUs up to the table's total; deal round 1.

        With no humans at all this is an exhibition of CPUs (benchmarks use it); it then never ends
        for lack of humans.
        """
        participants = [Participant(p) for p in humans]
        if mode is Mode.CPU:
            total = max(3, min(self.settings.cpu_total, self.settings.max_players), len(humans))
            for i in range(total - len(humans)):
                name = self.ctx.text("display.cpu_name", n=i + 1)
                participants.append(Participant(name, cpu=True))
        if self.pending_settings is not None:
            self.settings = self.pending_settings
            self.pending_settings = None
        seed = self.ctx.rng.randrange(1, 2**31)
        run = MatchRun(mode, participants, self.settings.rules, seed, self.settings.rounds)
        self.ctx.journal.clear(self.id)
        self.ctx.journal.append(self.id, run.header())
        self.run = run
        self.hands.new_match()
        self.flow.paused_until = None
        count, rounds = len(participants), self.settings.rounds
        if mode is Mode.CPU:
            line = self.ctx.text("start.cpu", cpus=count - len(humans), count=count, rounds=rounds)
        else:
            line = self.ctx.text("start.normal", count=count, rounds=rounds)
        rules = rules_summary(self.settings.rules, self.ctx.msgs, self.ctx.lang)
        names = Text(" " + "、".join(run.names))
        self.ctx.to_team(self.names.team, Text.join([Text(line, color="gold"), names]),
                         Text(self.ctx.text("start.local_rules", rules=rules), color="gray"))  # fmt: skip
        game_event("match_start", table=self.id, mode=mode.value, rules=self.settings.rules_name,
                   rounds=rounds, players=",".join(run.names))  # fmt: skip
        self.seat_players(humans)
        for name in humans:
            self.ctx.tell(name, "start.seated", "gray")
        self.flow.begin_round()

    # ---- player info ------------------------------------------------------------------------------
    def show_hand(self, player: str) -> None:
        """``/dfg hand``: where the hand screen is, the clickable chat hand and (1.21.6+) the hand dialog."""
        run = self.run
        seat = run.seat_of(player) if run is not None else None
        if run is None or run.round is None or seat is None:
            raise CommandError("not_playing")
        where = "hand.ender_where" if self.hands.surface is Surface.ENDER_CHEST else "hand.where"
        self.ctx.tell(player, where, "gray")
        self._send_hand(player, seat, your_turn=False)
        show_dialog(self.hands, player)

    def _send_hand(self, player: str, seat: int, *, your_turn: bool) -> None:
        # The clickable chat hand (one line of cards, then 出す and パス); it also refreshes the screen.
        send_chat_hand(self.hands, player, your_turn=your_turn)

    def notify_turn(self, player: str) -> None:
        """Tell ``player`` it is their turn, with their hand."""
        assert self.run is not None
        seat = self.run.seat_of(player)
        if seat is not None:
            self._send_hand(player, seat, your_turn=True)

    def toggle(self, player: str, card_index: int) -> None:
        """Select or unselect a card from clickable chat (the chat hand is sent again)."""
        seat = toggle_card(self.run, self.selection, player, card_index)
        self._send_hand(player, seat, your_turn=False)

    def clear_selection(self, player: str) -> None:
        """選択を外す."""
        self.selection.pop(player, None)
        run = self.run
        seat = run.seat_of(player) if run is not None else None
        if run is not None and run.round is not None and seat is not None:
            self._send_hand(player, seat, your_turn=False)

    def status_for(self, player: str) -> None:
        """``/dfg status``: settings, local rules ON/OFF, lobby and match."""
        run, text = self.run, self.ctx.text
        lines = []
        mode = text(f"modes.{self.settings.default_mode.value}")
        turn = round(self.settings.durations.turn)
        lines.append(text("status.settings", mode=mode, rounds=self.settings.rounds, turn_seconds=turn))
        players = ", ".join(self.lobby.members) or "-"
        lines.append(text("status.lobby", count=len(self.lobby), players=players))
        if run is None:
            lines.append(text("status.no_match"))
        elif self.paused_until is not None:
            lines.append(text("status.paused", round=run.round_no, rounds=run.rounds))
        else:
            acting = "、".join(run.participants[s].name for s in sorted(self.awaiting())) or "-"
            lines.append(text("status.match", round=run.round_no, rounds=run.rounds, player=acting))
        rules = text("status.rules", rules=rules_summary(self.settings.rules, self.ctx.msgs, self.ctx.lang))
        self.ctx.tell_text(player, status_text(lines, rules, text("status.header", table=self.settings.name)))

    # ---- seats ------------------------------------------------------------------------------------
    def seat_players(self, players: Sequence[str]) -> None:
        """Teleport each player to their seat and mount them on the seat entity."""
        run = self.run
        if run is None:
            return
        r = self.ctx.r
        for player in players:
            seat = run.seat_of(player)
            if seat is None or player not in self.ctx.online or seat >= len(self.settings.seats):
                continue
            spot = self.settings.seats[seat]
            self.ctx.sink.run(r.teleport(player, spot.pos, spot.yaw, 0.0))
            entity = r.tagged(self.names.seat(seat), kind="armor_stand", single=True)
            self.ctx.sink.run(r.ride_mount(player, entity))
            self.hands.seated(player, seat)

    def unseat(self, player: str) -> None:
        """Dismount a player (their hand screen goes away)."""
        self.hands.unseated(player)
        if player not in self.ctx.online:
            return
        self.ctx.sink.run(self.ctx.r.ride_dismount(player))

    def leave_table(self, player: str) -> None:
        """The match is over for a human still in the lobby: off their seat, out of the lobby."""
        if player in self.lobby:
            self.unseat(player)
            self.remove_member(player)

    def send_to_exit(self, player: str) -> None:
        """Teleport a player who left mid-match to the table's ``exit_pos``, or to the world spawn."""
        if player not in self.ctx.online:
            return
        r, exit_pos = self.ctx.r, self.settings.exit_pos
        self.ctx.sink.run(r.teleport_to_spawn(player) if exit_pos is None else r.teleport(player, exit_pos))

    # ---- connections (see :mod:`dfg_bridge.host.presence`) ------------------------------------------
    def player_left(self, player: str, *, server_stopping: bool) -> None:
        """A lobby member disconnected (or was kicked)."""
        self.presence.player_left(player, server_stopping=server_stopping)

    def player_back(self, player: str) -> None:
        """A lobby member (re)joined the server."""
        self.presence.player_back(player)

    def pause(self, wait: float | None) -> None:
        """Hold the match until its players are back (``wait`` seconds, ``None``: until told)."""
        self.presence.pause(wait)

    def try_resume(self, *, force: bool = False) -> None:
        """Resume a paused match once every remaining human is online (or ``force``: drop the rest)."""
        self.presence.try_resume(force=force)

    def on_tick(self) -> None:
        """Once a second: grace and pause expiries, and the bossbar countdown."""
        self.presence.on_tick()

    def stop(self, reason: EndReason = EndReason.STOPPED) -> None:
        """``admin stop`` / shutdown: end the match and give everyone at this table their items back."""
        if self.run is not None:
            self.end_match(reason)
        for player in list(self.lobby.members):
            self.remove_member(player)
        self.sync()

    # ---- displays ---------------------------------------------------------------------------------
    def snapshot(self) -> TableSnap:
        """What the displays of this table depend on, now."""
        return table_snapshot(self)

    def sync(self) -> None:
        """Send the changed display elements of this table."""
        self.hands.sync()
        if not self.ctx.settings.displays:
            return
        shown = desired(self.snapshot(), self.ctx.msgs, self.ctx.lang)
        self.ctx.differ.sync(self.id, shown, rider=self.hands.watch.rider)

    def desired(self) -> dict[Element, object]:
        """The whole desired display (for tests and the full-redraw baseline)."""
        return desired(self.snapshot(), self.ctx.msgs, self.ctx.lang)

    def scene(self) -> None:
        """Create (or recreate) the table's team, sidebar objective and bossbar; then redraw in full."""
        r, sink, names = self.ctx.r, self.ctx.sink, self.names
        settings = self.ctx.settings
        sink.run(r.team_add(names.team))
        sink.run(r.team_prefix(names.team, Text(settings.team_prefix, color="gold")))
        color = settings.team_color(self.index)
        if color is not None:
            sink.run(r.team_color(names.team, color))
        sink.run(r.objective_remove(names.objective))
        sink.run(r.objective_add(names.objective, display=Text(self.settings.name)))
        slot = settings.sidebar_slot(self.index)
        if slot is not None:
            sink.run(r.set_display(slot, names.objective))
        sink.run(r.objective_number_format_blank(names.objective))
        sink.run(r.bossbar_add(names.bossbar, Text(self.settings.name)))
        self.ctx.differ.forget(self.id)
        self.hands.forget()
        self.sync()
