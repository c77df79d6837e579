"""The hand screens of one table (卓の手札画面): keys, drawing, polling and clicks.

:class:`HandScreens` belongs to a :class:`~dfg_bridge.host.table.Table` and runs on the main thread.

* **Seating** gives the player the seat's 「手札を開く」 key book (in ``hotbar.0``, so it is in hand)
  and re-keys the seat's chest to it; unseating clears the key and every card item and wipes the
  chest. On 1.20.5–1.21.1 a lock is a *name* (anyone can rename a book on an anvil), so each match
  gets a fresh secret suffix in the key's name; on 1.21.2+ the lock matches the key's
  ``custom_data``, which players cannot forge.
* **Drawing** (:meth:`sync`, called from the table's own sync) writes only the slots whose content
  changed, for every seated player.
* **Polling**: only screens whose player may act now are read back, each every ``poll_interval``
  seconds, the reads of several screens spread evenly over the interval. A difference is a click:
  the player's card items are cleared (cursor and inventory), thrown ones killed, the key given back
  if it was swapped into the screen, the click acted on, and the touched slots redrawn.
"""

from __future__ import annotations

import logging
import secrets
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from dfg_bridge.host.handscreen.actions import act
from dfg_bridge.host.handscreen.base import KEY_ITEM, KEY_SLOT, REMOVED, HandPoll, ScreenRenderer
from dfg_bridge.host.handscreen.build import screen_state
from dfg_bridge.host.handscreen.clicks import Diff, ScreenReadError
from dfg_bridge.host.handscreen.layout import CHEST, Layout, Surface, ender_layout, ender_pages
from dfg_bridge.host.handscreen.screen import ChestSurface, EnderSurface, HandScreen, chest_halves
from dfg_bridge.host.handscreen.state import ScreenState
from dfg_bridge.host.handscreen.view import Cell, cells
from dfg_bridge.model.items import ItemSpec
from dfg_bridge.model.text import Text

if TYPE_CHECKING:
    from dfg_bridge.host.table import Table
    from dfg_bridge.host.views import TableSnap

log = logging.getLogger(__name__)

class HandScreens:
    """Every seated player's hand screen at one table."""

    def __init__(
        self, table: Table, *, surface: Surface = Surface.CHEST, poll_interval: float = 0.05
    ) -> None:
        self.table = table
        self.surface = surface
        self.poll_interval = poll_interval
        self.screens: dict[str, HandScreen] = {}
        self.counts: Counter[str] = Counter()
        """Commands sent, by purpose: ``draw``, ``poll``, ``clean``, ``key`` (for the efficiency figures)."""
        self.secret = secrets.token_hex(2)
        """This match's key-name suffix (1.20.5–1.21.1 locks match names)."""
        self._token = 0
        self._due: float | None = None
        """When the pending poll fires (``None``: no poll pending)."""
        self._turn = 0
        self._states: dict[str, ScreenState] = {}
        self._titles: dict[str, str] = {}
        self.dialog_page: dict[str, int] = {}
        """Per player: the hand dialog's page (long hands do not fit in one dialog command)."""

    # ---- plumbing ---------------------------------------------------------------------------------
    @property
    def _r(self) -> ScreenRenderer:
        return self.table.ctx.r

    def _run(self, purpose: str, command: str) -> str:
        self.counts[purpose] += 1
        return self.table.ctx.sink.run(command)

    def key_tag(self, seat: int) -> str:
        """The ``custom_data`` tag of seat ``seat``'s key book."""
        return self.table.names.key_tag(seat)

    def key_name(self, seat: int) -> str:
        """The key book's name: 「手札を開く」, the table and seat, and this match's secret."""
        base = self.table.ctx.text("hand.key_name")
        return f"{base} {self.table.id}-{seat + 1} #{self.secret}"

    def key_item(self, seat: int) -> ItemSpec:
        """The seat's key book."""
        return ItemSpec(
            KEY_ITEM, 1, Text(self.key_name(seat), color="gold", italic=False), tag=self.key_tag(seat)
        )

    def _spot(self, player: str, seat: int) -> ChestSurface | EnderSurface | None:
        if self.surface is Surface.ENDER_CHEST:
            return EnderSurface(player)
        boxes = self.table.settings.hand_boxes
        if seat >= len(boxes):
            return None
        box = boxes[seat]
        top, bottom = chest_halves(box.a, box.b, box.facing)
        return ChestSurface(top, bottom)

    # ---- seats --------------------------------------------------------------------------------------
    def new_match(self) -> None:
        """A match starts: a fresh key secret."""
        self.secret = secrets.token_hex(2)

    def seated(self, player: str, seat: int) -> None:
        """``player`` sits at ``seat``: give the key and re-key the chest (drawn at the next sync)."""
        spot = self._spot(player, seat)
        if spot is None:
            return
        self.screens[player] = HandScreen(player, seat, spot)
        self._states.pop(player, None)
        if player not in self.table.ctx.online:
            return
        r = self._r
        self._run("key", r.clear(player))
        if isinstance(spot, ChestSurface):
            self._run("key", r.item_to_player(player, KEY_SLOT, self.key_item(seat)))
            # Re-placing the chest closes it for anyone who opened it earlier (a stale viewer could
            # otherwise watch the hand), and locks it to this match's key.
            box = self.table.settings.hand_boxes[seat]
            title = Text(self.table.ctx.text("hand.title"))
            name, tag = self.key_name(seat), self.key_tag(seat)
            rekey = r.rekey_double_chest(box.a, box.b, box.facing, key_name=name, key_tag=tag, title=title)
            for command in rekey:
                self._run("key", command)
            screen = self.screens[player]
            screen.drawn = {}
            self._titles[player] = "hand.title"

    def unseated(self, player: str) -> None:
        """``player`` left their seat: take the key and any card items back, wipe the screen."""
        screen = self.screens.pop(player, None)
        self._states.pop(player, None)
        if screen is None:
            return
        r = self._r
        if player in self.table.ctx.online:
            self._run("clean", r.clear(player))
        if isinstance(screen.surface, ChestSurface):
            for command in screen.surface.wipe(r):
                self._run("clean", command)
        elif player in self.table.ctx.online:
            # The ender chest has no one-command wipe: read it once and empty what holds anything (a
            # card may have been moved anywhere), so custody can put the player's own items back.
            try:
                held = sorted(screen.surface.seen(0, self._run("clean", screen.surface.reads(r)[0])))
            except ScreenReadError:
                held = list(range(screen.surface.size))
            for slot in held:
                self._run("clean", screen.surface.write(r, slot, None))
        self._arm()

    def forget(self) -> None:
        """After a (re)connect: every screen is redrawn in full at the next sync."""
        for screen in self.screens.values():
            screen.drawn = None
        self._states.clear()
        self._titles.clear()

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
        """Draw what changed on the screens of ``players`` (default: everyone seated); re-plan polls.

        ``first``: slots to write before the others (the ones a click just touched).
        """
        if not self.screens:
            self._arm()
            return 0
        snap = self.table.snapshot()
        sent = 0
        for name in list(players if players is not None else self.screens):
            screen = self.screens.get(name)
            if screen is None or name not in self.table.ctx.online:
                continue
            sent += self._draw(screen, snap, first)
        self._arm(snap)
        return sent

    def _draw(self, screen: HandScreen, snap: TableSnap, first: Sequence[int] = ()) -> int:
        state, want = self.desired(screen, snap)
        if screen.drawn is not None and self._states.get(screen.player) == state:
            return 0
        sent = 0
        if screen.drawn is None:
            for command in screen.surface.wipe(self._r):
                self._run("draw", command)
                sent += 1
            screen.drawn = {}
            screen.stray.clear()
        commands = screen.commands_for(want, self._r)
        if first:
            commands.sort(key=lambda pair: pair[0] not in first)
        for slot, command in commands:
            self._run("draw", command)
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
            self._run("draw", self._r.container_title(pos, title))
        self._titles[screen.player] = key
        return 2

    # ---- polling ------------------------------------------------------------------------------------
    def pollable(self, snap: TableSnap | None = None) -> list[HandScreen]:
        """Screens whose player may act now (the only ones read back)."""
        table = self.table
        if table.run is None or table.paused_until is not None or not self.screens:
            return []
        snap = snap if snap is not None else table.snapshot()
        acting = {s.name for s in snap.seats if s.to_act and not s.cpu and not s.away}
        out = []
        for name, screen in self.screens.items():
            if name in acting and name in table.ctx.online:
                out.append(screen)
            else:
                screen.fresh = True
        return out

    def _arm(self, snap: TableSnap | None = None) -> None:
        """Keep one poll pending while any screen is pollable.

        A screen that just became pollable is read at once: clicks made while its player could not
        act are absorbed by that first read (their card clicks select, their button clicks are
        ignored), so a click made once the turn has begun is never mistaken for a stale one.
        Timers are never cancelled (a cancel racing the firing job upsets APScheduler's thread): a
        new token makes the pending poll stale, and a stale poll is ignored when it arrives.
        """
        targets = self.pollable(snap)
        if not targets:
            if self._due is not None:
                self._token += 1
                self._due = None
            return
        now = self.table.ctx.clock()
        if any(t.fresh for t in targets):
            if self._due is None or self._due > now:
                self._schedule(0.0)
        elif self._due is None:
            self._schedule(self.poll_interval)

    def _schedule(self, delay: float) -> None:
        self._token += 1
        self._due = self.table.ctx.clock() + delay
        token, table, post = self._token, self.table.id, self.table.ctx.post
        self.table.ctx.scheduler.call_later(delay, lambda: post(HandPoll(table, token)))

    def on_poll(self, event: HandPoll) -> None:
        """Read the next pollable screen (round robin) and act on what changed."""
        if event.token != self._token:
            return
        self._due = None
        targets = self.pollable()
        if not targets:
            return
        fresh = [t for t in targets if t.fresh]
        if fresh:
            screen = fresh[0]
        else:
            self._turn += 1
            screen = targets[self._turn % len(targets)]
        # Each screen is read every poll_interval; with several, the reads are spread across it.
        self._schedule(0.0 if len(fresh) > 1 else self.poll_interval / len(targets))
        self.poll(screen)

    def poll(self, screen: HandScreen) -> Diff | None:
        """Read ``screen`` back and handle any clicks; returns the difference found."""
        r = self._r
        commands = screen.surface.reads(r)
        screen.reads += 1
        # The parts (chest halves) are read in turn, starting with a different one each poll; a poll
        # stops at the first part with a click, which saves a read on the way to the redraw. The
        # first poll of a turn reads every part: all its clicks are stale and handled together.
        start = screen.reads % len(commands)
        replies: dict[int, str] = {}
        found = Diff()
        for k in range(len(commands)):
            part = (start + k) % len(commands)
            replies[part] = self._run("poll", commands[part])
            try:
                found = screen.read(replies, key_tag=self.key_tag(screen.seat), item_id=r.item_id)
            except ScreenReadError:
                log.warning("table %s: cannot read %s's screen: %s", self.table.id, screen.player,
                            replies[part][:120])  # fmt: skip
                return None
            if found.changed and not screen.fresh:
                break
        fresh, screen.fresh = screen.fresh, False
        if not found.changed:
            return found
        screen.clicks += 1
        drawn = dict(screen.drawn or {})
        screen.forget_slots(found.touched)
        self._states.pop(screen.player, None)
        targets = [t for t in (drawn[s].target for s in found.clicked if s in drawn) if t is not None]
        # Act, redraw (the touched slots first), then take the card items back: the player sees the
        # answer to their click as soon as possible, and the cleanup follows within milliseconds.
        act(self, screen, targets, fresh=fresh)
        self.sync([screen.player], first=found.touched)
        self._clean(screen, found)
        return found

    def _clean(self, screen: HandScreen, found: Diff) -> None:
        """Take every card item back from the player and the ground; give the key back if it was swapped."""
        r, player = self._r, screen.player
        reply = self._run("clean", r.clear(player, r.our_items_except(self.key_tag(screen.seat))))
        match = REMOVED.match(reply)
        removed = int(match.group(1)) if match else 0
        if removed < found.taken:
            self._run("clean", r.kill(r.our_dropped_items()))
        if found.key_seen and isinstance(screen.surface, ChestSurface):
            self._run("key", r.item_to_player(player, KEY_SLOT, self.key_item(screen.seat)))

    def sweep(self) -> None:
        """Once a second during a match: remove any of our items lying on the ground (a thrown key or card).

        Items a player throws cannot be picked up for 2 s (vanilla's pickup delay), so nobody else can
        grab a dropped key first.
        """
        if self.table.run is None or not self.screens:
            return
        self._run("clean", self._r.kill(self._r.our_dropped_items()))

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
        """The table is gone or stopped: no more polls."""
        self._token += 1
        self._due = None


__all__ = ["HandScreens"]
