"""The hand screens of one table (卓の手札画面): seats, keys, drawing, reading and clicks.

:class:`HandScreens` belongs to a :class:`~dfg_bridge.host.table.Table` and runs on the main thread.

* **Seating** tags the player (``dfg_<table>_p``, for the watch's selectors), re-keys the seat's chest
  to this match's key of that seat (:mod:`~dfg_bridge.host.handscreen.keys`) and puts the key into a
  free slot of the player's. **Unseating** — leave, disconnect, 脱落, the match's end — wipes the
  screen *first* (a click made meanwhile then finds nothing to take), then takes every item of ours
  back from the player (:func:`~dfg_bridge.host.handscreen.seats.reclaim`).
* **Drawing** (:meth:`sync`, from the table's own sync) writes only the slots whose content changed,
  each write conditional on the slot not holding a player's own item.
* **Reading**: :class:`~dfg_bridge.host.handscreen.watch.Watch` decides when a screen must be read
  (:meth:`read`). A difference is a click when the player may act and the turn's first look is past;
  otherwise (off turn, or found by the first look of a turn) it is undone and never acted on — not even
  as a selection.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from dfg_bridge.host.handscreen import seats
from dfg_bridge.host.handscreen.actions import act
from dfg_bridge.host.handscreen.base import HandPoll, ScreenRenderer
from dfg_bridge.host.handscreen.book import HandBook
from dfg_bridge.host.handscreen.build import screen_state
from dfg_bridge.host.handscreen.clicks import Diff
from dfg_bridge.host.handscreen.keys import Key, KeyRing
from dfg_bridge.host.handscreen.layout import CHEST, Layout, Surface, ender_layout, ender_pages
from dfg_bridge.host.handscreen.screen import ChestSurface, EnderSurface, HandScreen, chest_halves
from dfg_bridge.host.handscreen.state import ScreenState
from dfg_bridge.host.handscreen.view import Cell, cells
from dfg_bridge.host.handscreen.watch import Watch, WatchTimes
from dfg_bridge.host.purposes import Purpose
from dfg_bridge.model.text import Text
from dfg_bridge.replies import ReadError

if TYPE_CHECKING:
    from dfg_bridge.host.handscreen.port import ScreenTable
    from dfg_bridge.host.views import TableSnap

log = logging.getLogger(__name__)

_PURPOSES = {"draw": Purpose.DISPLAY, "poll": Purpose.POLL, "keys": Purpose.KEYS}
OFF_TURN_REDRAW = 2.0
"""Seconds between redraws of the screen of a player who cannot act (a CPU's plays are coalesced)."""


class HandScreens:
    """Every seated player's hand screen at one table."""

    def __init__(
        self, table: ScreenTable, *, surface: Surface = Surface.CHEST, times: WatchTimes | None = None
    ) -> None:
        self.table = table
        self.surface = surface
        self.screens: dict[str, HandScreen] = {}
        self.counts: Counter[str] = Counter()
        """Commands sent, by purpose: ``draw``, ``poll``, ``keys`` (for the efficiency figures)."""
        self.keys = KeyRing(table.id, named_locks=not table.ctx.r.lock_predicate)
        self.watch = Watch(self, times or WatchTimes())
        self.book = HandBook(self)
        """The key books' pages (a hand view) and their use."""
        self._states: dict[str, ScreenState] = {}
        self._titles: dict[str, str] = {}
        self._pending: set[str] = set()
        """Players whose screen's redraw waits for the watch's next look (see :meth:`sync`)."""
        self._drawn_at: dict[str, float] = {}
        """Per player: when their screen was last written to."""
        self.dialog_page: dict[str, int] = {}
        """Per player: the hand dialog's page (long hands do not fit in one dialog command)."""

    # ---- plumbing ---------------------------------------------------------------------------------
    @property
    def r(self) -> ScreenRenderer:
        """The command builders."""
        return self.table.ctx.r

    def run(self, purpose: str, command: str) -> str:
        """Send one command, counted under ``purpose`` (``draw``, ``poll`` or ``keys``)."""
        self.counts[purpose] += 1
        ctx = self.table.ctx
        if ctx.purposes is None:
            return ctx.sink.run(command)
        with ctx.purposes.scope(table=self.table.id, purpose=_PURPOSES[purpose]):
            return ctx.sink.run(command)

    @property
    def player_tag(self) -> str:
        """The entity tag every player seated at this table carries (``dfg_t1_p``)."""
        return self.table.names.table_tag + "_p"

    def key(self, seat: int) -> Key:
        """Seat ``seat``'s key in this match."""
        return self.keys.key(seat, f"{self.table.ctx.text('hand.key_name')} {self.table.id}-{seat + 1}")

    def key_tag(self, seat: int) -> str:
        """The ``custom_data`` tag of seat ``seat``'s key book this match."""
        return self.key(seat).tag

    def key_name(self, seat: int) -> str:
        """The key book's name as plain text (what a 1.20.5–1.21.1 lock matches)."""
        return self.key(seat).name

    def _spot(self, player: str, seat: int) -> ChestSurface | EnderSurface | None:
        if self.surface is Surface.ENDER_CHEST:
            return EnderSurface(player)
        boxes = self.table.settings.hand_boxes
        if seat >= len(boxes):
            return None
        box = boxes[seat]
        top, bottom = chest_halves(box.a, box.b, box.facing)
        return ChestSurface(top, bottom)

    def online(self, player: str) -> bool:
        """Whether ``player`` is online."""
        return player in self.table.ctx.online

    # ---- seats --------------------------------------------------------------------------------------
    def new_match(self) -> None:
        """A match starts: every seat's key is new; nobody keeps the table's tag from before."""
        self.keys.new_match()
        self.run(seats.PURPOSE, self.r.tag_player(f"@a[tag={self.player_tag}]", self.player_tag, add=False))

    def seated(self, player: str, seat: int) -> None:
        """``player`` sits at ``seat``: tag, re-key the chest if needed, hand them the key."""
        spot = self._spot(player, seat)
        if spot is None:
            return
        screen = self.screens.get(player)
        if screen is None or screen.seat != seat:
            screen = self.screens[player] = HandScreen(player, seat, spot)
        screen.fresh = True
        self._states.pop(player, None)
        if not self.online(player):
            return
        self.run(seats.PURPOSE, self.r.tag_player(player, self.player_tag))
        # Whatever of ours they still carry (cards taken before a disconnect, an old key, this seat's
        # key kept in the ender chest) goes first, so exactly one valid key exists afterwards.
        seats.reclaim(self, player, keys=True, ender=isinstance(spot, ChestSurface))
        if isinstance(spot, ChestSurface):
            key = self.key(seat)
            if screen.lock != key.tag:
                self._rekey(screen, key)
            seats.give_key(self, screen, key)
        self.watch.arm(now=True)

    def _rekey(self, screen: HandScreen, key: Key) -> None:
        """Lock the seat's chest to ``key``, re-placing it (which closes it for anyone viewing it).

        A player's own item left in the chest (no room when it was vacated) keeps it from being
        re-placed: then only the lock changes.
        """
        surface = screen.surface
        assert isinstance(surface, ChestSurface)
        box = self.table.settings.hand_boxes[screen.seat]
        foreign = seats.chest_foreign(self, screen)
        if foreign:
            log.warning("table %s: seat %d's chest holds a player's item: re-locked in place", self.table.id,
                        screen.seat + 1)  # fmt: skip
            for pos in (surface.top, surface.bottom):
                self.run(seats.PURPOSE, self.r.set_lock(pos, key.name, key.tag))
            screen.foreign = foreign
            screen.drawn = None
        else:
            title = Text(self.table.ctx.text("hand.title"))
            for command in self.r.rekey_double_chest(box.a, box.b, box.facing, key_name=key.name,
                                                     key_tag=key.tag, title=title):  # fmt: skip
                self.run(seats.PURPOSE, command)
            screen.drawn = {}
            screen.foreign.clear()
        screen.stray.clear()
        screen.lock = key.tag
        self._titles[screen.player] = "hand.title"

    def renew_key(self, screen: HandScreen) -> None:
        """The player's key went missing (it may be lying in a world chest): a new key, the old one dead."""
        self.keys.renew(screen.seat)
        if isinstance(screen.surface, ChestSurface) and self.online(screen.player):
            self._rekey(screen, self.key(screen.seat))
            seats.reclaim(self, screen.player, keys=True)
            seats.give_key(self, screen, self.key(screen.seat))
            self._states.pop(screen.player, None)
            self.sync([screen.player])

    def unseated(self, player: str) -> None:
        """``player`` left their seat: wipe the screen first, then take every item of ours back."""
        screen = self.screens.pop(player, None)
        self._pending.discard(player)
        self._states.pop(player, None)
        self.book.forget(player)
        if screen is None:
            return
        online = self.online(player)
        if isinstance(screen.surface, ChestSurface):
            foreign = seats.chest_foreign(self, screen) if online or screen.foreign else set()
            screen.foreign = foreign or set()
            held = seats.return_foreign(self, screen)
            if held:
                for slot in sorted(set(range(CHEST.size)) - set(held)):
                    self.run("draw", screen.surface.write(self.r, slot, None))
            else:
                for command in screen.surface.wipe(self.r):
                    self.run("draw", command)
        elif online:
            for command in screen.surface.wipe(self.r):
                self.run("draw", command)
        if online:
            seats.reclaim(self, player, keys=True)
            self.run(seats.PURPOSE, self.r.tag_player(player, self.player_tag, add=False))
        self.watch.arm()

    def reclaim_stray(self, player: str) -> None:
        """A player with no seat here (re)joined: take back any item of ours they still carry."""
        if player not in self.screens and self.online(player):
            seats.reclaim(self, player, keys=True)

    def forget(self) -> None:
        """After a (re)connect: every screen is redrawn in full at the next sync."""
        for screen in self.screens.values():
            screen.drawn = None
            screen.fresh = True
        self._states.clear()
        self._titles.clear()
        self.book.forget()
        self.watch.arm(now=True)

    # ---- drawing ------------------------------------------------------------------------------------
    def layout(self, screen: HandScreen, state: ScreenState) -> Layout:
        """The layout of ``screen`` (the ender chest's current page)."""
        if isinstance(screen.surface, ChestSurface):
            return CHEST
        pages = ender_pages(len(state.hand))
        screen.page %= pages
        return ender_layout(screen.page, pages)

    def desired(
        self, screen: HandScreen, snap: TableSnap | None = None
    ) -> tuple[ScreenState, dict[int, Cell]]:
        """What ``screen`` should show now."""
        snap = snap if snap is not None else self.table.snapshot()
        state = screen_state(self.table, snap, screen.player, screen.seat, sort=screen.sort, page=screen.page)
        ctx = self.table.ctx
        return state, cells(state, self.layout(screen, state), ctx.msgs, ctx.lang)

    def sync(self, players: Sequence[str] | None = None, *, first: Sequence[int] = ()) -> int:
        """Draw what changed on the screens of ``players`` (default: everyone seated); re-plan the watch.

        ``first``: slots to write before the others (the ones a click just touched). Named players'
        screens are drawn at once. In the table-wide sync, the screen of a player who cannot act is
        redrawn at most every :data:`OFF_TURN_REDRAW` seconds (the watch's next look draws what is left
        over): while three CPUs play in turn, the chest then changes once instead of after every play
        (issue 19). The screen of a player who may act, or who just opened a chest, is drawn at once.
        """
        sent = 0
        if self.screens and self.table.run is not None:
            snap = self.table.snapshot()
            clock = self.table.ctx.clock()
            named = players is not None
            for name in list(players if players is not None else self.screens):
                screen = self.screens.get(name)
                if screen is None or not self.online(name):
                    continue
                if not named and self._may_wait(screen, snap, clock):
                    self._pending.add(name)
                    continue
                self._pending.discard(name)
                sent += self._draw_stamped(screen, snap, clock, first)
            # The key books of the same players (a waiting player's book waits with their chest).
            self.book.sync(
                [n for n in (players if players is not None else self.screens) if n not in self._pending]
            )
        self.watch.arm()
        return sent

    def _may_wait(self, screen: HandScreen, snap: TableSnap, clock: float) -> bool:
        """Whether ``screen``'s redraw can wait for the watch's next look (see :meth:`sync`)."""
        if screen.drawn is None or screen.acting or self.may_act(screen, snap) or self.watch.hot(clock):
            return False
        return clock - self._drawn_at.get(screen.player, -OFF_TURN_REDRAW) < OFF_TURN_REDRAW

    def draw_pending(self) -> int:
        """Draw the screens whose redraw waited (the watch calls this at each look)."""
        if not self._pending:
            return 0
        clock = self.table.ctx.clock()
        snap = self.table.snapshot()
        due = [
            name
            for name in sorted(self._pending)
            if (screen := self.screens.get(name)) is not None and not self._may_wait(screen, snap, clock)
        ]
        if not due:
            return 0
        self._pending.difference_update(due)
        sent = 0
        for name in due:
            screen = self.screens.get(name)
            if screen is not None and self.online(name):
                sent += self._draw_stamped(screen, snap, clock)
        self.book.sync(due)
        return sent

    def _draw_stamped(
        self, screen: HandScreen, snap: TableSnap, clock: float, first: Sequence[int] = ()
    ) -> int:
        """:meth:`_draw`, noting when the screen was last written to (for :meth:`_may_wait`)."""
        drawn = self._draw(screen, snap, first)
        if drawn:
            self._drawn_at[screen.player] = clock
        return drawn

    def _draw(self, screen: HandScreen, snap: TableSnap, first: Sequence[int] = ()) -> int:
        state, want = self.desired(screen, snap)
        if screen.drawn is not None and self._states.get(screen.player) == state:
            return 0
        sent = 0
        if screen.drawn is None:
            if isinstance(screen.surface, ChestSurface):
                found = seats.chest_foreign(self, screen)
                screen.foreign = found if found is not None else screen.foreign
            wipe = screen.surface.wipe(self.r) if not screen.foreign else []
            for command in wipe:
                self.run("draw", command)
                sent += 1
            screen.drawn = {}
            screen.stray = set(range(screen.surface.size)) - screen.foreign if screen.foreign else set()
        commands = screen.commands_for(want, self.r)
        if first:
            commands.sort(key=lambda pair: pair[0] not in first)
        for slot, command in commands:
            reply = self.run("draw", command)
            if not reply:
                screen.foreign.add(slot)  # the guard found a player's own item there
                continue
            screen.mark(slot, want.get(slot))
            sent += 1
        sent += self._title(screen, state)
        self._states[screen.player] = state
        return sent

    def _title(self, screen: HandScreen, state: ScreenState) -> int:
        """The chest's title: 手札, or 交換 during the exchange (seen the next time it opens)."""
        if not isinstance(screen.surface, ChestSurface):
            return 0
        key = "hand.title_exchange" if state.exchange else "hand.title"
        if self._titles.get(screen.player) == key:
            return 0
        title = Text(self.table.ctx.text(key), color="dark_green" if state.exchange else None)
        for pos in (screen.surface.top, screen.surface.bottom):
            self.run("draw", self.r.container_title(pos, title))
        self._titles[screen.player] = key
        return 2

    # ---- reading ------------------------------------------------------------------------------------
    def may_act(self, screen: HandScreen, snap: TableSnap | None = None) -> bool:
        """Whether the screen's player may act now (their turn or their exchange, not paused)."""
        table = self.table
        if table.run is None or table.paused_until is not None:
            return False
        snap = snap if snap is not None else table.snapshot()
        return any(s.name == screen.player and s.to_act and not s.cpu and not s.away for s in snap.seats)

    def read(self, screen: HandScreen, *, acting: bool) -> Diff | None:
        """Read ``screen`` back and handle what changed; ``acting``: its player may act now.

        A change is acted on only when ``acting`` and the screen is past its turn's first look
        (:attr:`HandScreen.fresh`); in every case the touched slots are redrawn, the player's own
        items given back and our items taken back from them.
        """
        replies: dict[int, str] = {}
        commands = screen.surface.reads(self.r)
        # The part (chest half) that changed last is read first, and a click found there is handled
        # at once: the other half is asked about again at the next look. A turn's first look reads
        # every part (all it finds is undone together).
        order = sorted(range(len(commands)), key=lambda part: part != screen.last_part)
        try:
            for part in order:
                replies[part] = self.run("poll", commands[part])
                found = screen.read(replies, key_tag=self.key_tag(screen.seat), item_id=self.r.item_id)
                if found.changed and not screen.fresh:
                    screen.last_part = part
                    break
        except ReadError:
            log.warning("table %s: cannot read %s's screen: %.120s", self.table.id, screen.player,
                        " | ".join(replies.values()))  # fmt: skip
            return None
        screen.reads += 1
        fresh, screen.fresh = screen.fresh, False
        if not found.changed:
            return found
        screen.clicks += 1
        drawn = dict(screen.drawn or {})
        screen.forget_slots(found.touched)
        screen.foreign.update(found.foreign)
        self._states.pop(screen.player, None)
        if acting and not fresh:
            targets = [t for t in (drawn[s].target for s in found.clicked if s in drawn) if t is not None]
            act(self, screen, targets)
        self.sync([screen.player], first=found.touched)
        if found.foreign:
            seats.return_foreign(self, screen)
        removed = 0
        if self.online(screen.player):
            taken = self.run(seats.PURPOSE, self.r.clear(screen.player, self.r.our_non_keys()))
            removed = seats.counted(taken)
        if removed < found.taken:
            self.run(seats.PURPOSE, self.r.kill(self.r.our_dropped_items()))  # thrown out (Q) or spilled
        if self.online(screen.player) and found.key_seen and isinstance(screen.surface, ChestSurface):
            seats.ensure_key(self, screen, self.key(screen.seat))
        return found

    def on_poll(self, event: HandPoll) -> None:
        """A planned look of the watch."""
        self.watch.on_poll(event)

    # ---- per-player view state -------------------------------------------------------------------
    def screen_of(self, player: str) -> HandScreen | None:
        """The seated player's screen."""
        return self.screens.get(player)

    def refresh(self, player: str) -> None:
        """Redraw ``player``'s screen after their selection changed elsewhere (chat, dialog)."""
        if player in self.screens:
            self._states.pop(player, None)
            self.sync([player])

    def stop(self) -> None:
        """The table is gone or stopped: no more looks."""
        self.watch.stop()


__all__ = ["HandScreens"]
