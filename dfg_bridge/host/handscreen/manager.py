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
from dfg_bridge.host.handscreen.clicks import Diff
from dfg_bridge.host.handscreen.keys import Key, KeyRing
from dfg_bridge.host.handscreen.layout import CHEST, Button, Surface
from dfg_bridge.host.handscreen.painter import Painter
from dfg_bridge.host.handscreen.screen import ChestSurface, EnderSurface, HandScreen, chest_halves
from dfg_bridge.host.handscreen.state import ScreenState
from dfg_bridge.host.handscreen.view import Cell
from dfg_bridge.host.handscreen.watch import Watch, WatchTimes
from dfg_bridge.host.purposes import Purpose
from dfg_bridge.model.text import Text
from dfg_bridge.replies import ReadError

if TYPE_CHECKING:
    from dfg_bridge.host.handscreen.port import ScreenTable
    from dfg_bridge.host.views import TableSnap

log = logging.getLogger(__name__)

_PURPOSES = {"draw": Purpose.DISPLAY, "poll": Purpose.POLL, "keys": Purpose.KEYS}


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
        self.painter = Painter(self, self.book)
        """Draws the screens (:mod:`~dfg_bridge.host.handscreen.painter`)."""
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
        self.painter.forget(player)
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
        self.painter.titles[screen.player] = "hand.title"

    def renew_key(self, screen: HandScreen) -> None:
        """The player's key went missing (it may be lying in a world chest): a new key, the old one dead."""
        self.keys.renew(screen.seat)
        if isinstance(screen.surface, ChestSurface) and self.online(screen.player):
            self._rekey(screen, self.key(screen.seat))
            seats.reclaim(self, screen.player, keys=True)
            seats.give_key(self, screen, self.key(screen.seat))
            self.painter.forget(screen.player)
            self.sync([screen.player])

    def unseated(self, player: str) -> None:
        """``player`` left their seat: wipe the screen first, then take every item of ours back."""
        screen = self.screens.pop(player, None)
        self.painter.forget(player)
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
        self.painter.forget()
        self.book.forget()
        self.watch.arm(now=True)

    # ---- drawing ------------------------------------------------------------------------------------
    def desired(
        self, screen: HandScreen, snap: TableSnap | None = None
    ) -> tuple[ScreenState, dict[int, Cell]]:
        """What ``screen`` should show now."""
        return self.painter.desired(screen, snap)

    def sync(self, players: Sequence[str] | None = None, *, first: Sequence[int] = ()) -> int:
        """Draw what changed on the screens of ``players`` (default: everyone seated); re-plan the watch
        (see :meth:`Painter.sync <dfg_bridge.host.handscreen.painter.Painter.sync>`)."""
        sent = self.painter.sync(players, first=first)
        self.watch.arm()
        return sent

    def draw_pending(self, *, opened: bool = False) -> int:
        """Draw the screens (and books) whose redraw waited (the watch calls this at each look;
        ``opened``: at once, a chest was just opened)."""
        return self.painter.draw_pending(opened=opened)

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
        # every part (all it finds is undone together), and so does a look that finds a button
        # pressed: cards clicked just before it in the other half are selected first, then it acts.
        # (A press right after a card click, read from the cards' half, is kept for the next look by
        # the redraw's guard: see HandScreen.commands_for.)
        order = sorted(range(len(commands)), key=lambda part: part != screen.last_part)
        try:
            for part in order:
                replies[part] = self.run("poll", commands[part])
                found = screen.read(replies, key_tag=self.key_tag(screen.seat), item_id=self.r.item_id)
                if found.changed and not screen.fresh:
                    screen.last_part = part
                    if not _presses_button(screen, found):
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
        self.painter.forget(screen.player)
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
            self.painter.forget(player)
            self.sync([player])

    def stop(self) -> None:
        """The table is gone or stopped: no more looks."""
        self.watch.stop()


def _presses_button(screen: HandScreen, found: Diff) -> bool:
    drawn = screen.drawn or {}
    return any(isinstance(drawn[slot].target, Button) for slot in found.clicked if slot in drawn)


__all__ = ["HandScreens"]
