"""Drawing the hand screens (画面の描画): what each screen should show, and writing what changed.

:class:`Painter` belongs to a table's :class:`~dfg_bridge.host.handscreen.manager.HandScreens`: it
remembers what each screen was last drawn from (so an unchanged state costs nothing), which screens'
redraws wait (a player who cannot act is redrawn at most every :data:`OFF_TURN_REDRAW` seconds), and
the chests' titles. Each write is guarded by the surface (never onto a player's own item).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from dfg_bridge.host.handscreen import seats
from dfg_bridge.host.handscreen.build import screen_state
from dfg_bridge.host.handscreen.layout import CHEST, Layout, ender_layout, ender_pages
from dfg_bridge.host.handscreen.screen import ChestSurface, HandScreen
from dfg_bridge.host.handscreen.state import ScreenState, placed_hand
from dfg_bridge.host.handscreen.view import Cell, cells
from dfg_bridge.model.text import Text

if TYPE_CHECKING:
    from dfg_bridge.host.handscreen.book import HandBook
    from dfg_bridge.host.handscreen.port import Screens
    from dfg_bridge.host.views import TableSnap

OFF_TURN_REDRAW = 4.0
"""Seconds between redraws of the screen of a player who cannot act (a CPU's plays are coalesced)."""


class Painter:
    """Draws the screens of one table's seated players."""

    def __init__(self, hs: Screens, book: HandBook) -> None:
        self.hs = hs
        self.book = book
        self.states: dict[str, ScreenState] = {}
        """Per player: the state their screen was last drawn from."""
        self.titles: dict[str, str] = {}
        """Per player: the message key of their chest's title."""
        self.pending: set[str] = set()
        """Players whose screen's redraw waits for the watch's next look (see :meth:`sync`)."""
        self.drawn_at: dict[str, float] = {}
        """Per player: when their screen was last written to."""

    def forget(self, player: str | None = None) -> None:
        """``player``'s screen (or every screen) is redrawn in full at the next sync."""
        if player is None:
            self.states.clear()
            self.titles.clear()
        else:
            self.pending.discard(player)
            self.states.pop(player, None)

    def layout(self, screen: HandScreen, state: ScreenState) -> Layout:
        """The layout of ``screen`` (the ender chest's current page)."""
        if isinstance(screen.surface, ChestSurface):
            return CHEST
        pages = ender_pages(len(state.shown_hand()))
        screen.page %= pages
        return ender_layout(screen.page, pages)

    def desired(
        self, screen: HandScreen, snap: TableSnap | None = None
    ) -> tuple[ScreenState, dict[int, Cell]]:
        """What ``screen`` should show now."""
        snap = snap if snap is not None else self.hs.table.snapshot()
        state = screen_state(
            self.hs.table, snap, screen.player, screen.seat, sort=screen.sort, page=screen.page
        )
        state = replace(state, placed=placed_hand(screen.placed if screen.drawn is not None else None, state))
        ctx = self.hs.table.ctx
        return state, cells(state, self.layout(screen, state), ctx.msgs, ctx.lang)

    def sync(self, players: Sequence[str] | None = None, *, first: Sequence[int] = ()) -> int:
        """Draw what changed on the screens of ``players`` (default: everyone seated); re-plan the watch.

        ``first``: slots to write before the others (the ones a click just touched). The screen of a
        player who may act is drawn at once; so is a named player's, unless the sync follows their click
        (``first``). Otherwise the screen of a player who cannot act shows its hand and buttons at once
        (what they click), and its display rows (field, players, state) are redrawn at most every
        :data:`OFF_TURN_REDRAW` seconds (the watch's next look draws what is left over): while three
        CPUs play in turn, and right after a play that ended the player's own turn, those rows then
        change once instead of after every play (issue 19).
        """
        sent = 0
        if self.hs.screens and self.hs.table.run is not None:
            snap = self.hs.table.snapshot()
            clock = self.hs.table.ctx.clock()
            may_lag = players is None or bool(first)
            for name in list(players if players is not None else self.hs.screens):
                screen = self.hs.screens.get(name)
                if screen is None or not self.hs.online(name):
                    continue
                if may_lag and self._may_wait(screen, snap, clock):
                    partly = self._draw(screen, snap, first, lag=True)
                    if partly:  # the off-turn wait counts from this write (the end of their turn)
                        self.drawn_at[name] = clock
                    sent += partly
                    self.pending.add(name)
                    continue
                self.pending.discard(name)
                sent += self._draw_stamped(screen, snap, clock, first)
            # The key books of the same players (a waiting player's book waits with their chest).
            self.book.sync(
                [n for n in (players if players is not None else self.hs.screens) if n not in self.pending],
                defer=bool(first),  # a click in the chest: its player looks at the chest, not the book
            )
        return sent

    def _may_wait(self, screen: HandScreen, snap: TableSnap, clock: float) -> bool:
        """Whether ``screen``'s display rows can wait for the watch's next look (see :meth:`sync`)."""
        if screen.drawn is None or self.hs.may_act(screen, snap):
            return False
        return clock - self.drawn_at.get(screen.player, -OFF_TURN_REDRAW) < OFF_TURN_REDRAW

    def _interactive(self, screen: HandScreen, state: ScreenState) -> frozenset[int]:
        """The slots never left showing an old state: the hand and the buttons (what the player clicks)
        and the turn's clock (whether it is their turn)."""
        layout = self.layout(screen, state)
        clock = () if layout.time_slot is None else (layout.time_slot,)
        return frozenset((*layout.hand_slots, *layout.buttons.values(), *clock))

    def draw_pending(self, *, opened: bool = False) -> int:
        """Draw the screens (and books) whose redraw waited (the watch calls this at each look);
        ``opened``: a chest was just opened, so whoever opened it sees the current screen now."""
        self.book.flush()
        if not self.pending:
            return 0
        clock = self.hs.table.ctx.clock()
        snap = self.hs.table.snapshot()
        due = [
            name
            for name in sorted(self.pending)
            if (screen := self.hs.screens.get(name)) is not None
            and (opened or not self._may_wait(screen, snap, clock))
        ]
        if not due:
            return 0
        self.pending.difference_update(due)
        sent = 0
        for name in due:
            screen = self.hs.screens.get(name)
            if screen is not None and self.hs.online(name):
                sent += self._draw_stamped(screen, snap, clock)
        self.book.sync(due)
        return sent

    def _draw_stamped(
        self, screen: HandScreen, snap: TableSnap, clock: float, first: Sequence[int] = ()
    ) -> int:
        """:meth:`_draw`, noting when the screen was last written to (for :meth:`_may_wait`)."""
        drawn = self._draw(screen, snap, first)
        if drawn:
            self.drawn_at[screen.player] = clock
        return drawn

    def _draw(
        self,
        screen: HandScreen,
        snap: TableSnap,
        first: Sequence[int] = (),
        *,
        lag: bool = False,
    ) -> int:
        """Write what changed on ``screen`` (``lag``: only its :meth:`_interactive` slots; the display
        rows are left for later)."""
        state, want = self.desired(screen, snap)
        if screen.drawn is not None and self.states.get(screen.player) == state:
            return 0
        only = self._interactive(screen, state) if lag else None
        sent = 0
        if screen.drawn is None:
            if isinstance(screen.surface, ChestSurface):
                found = seats.chest_foreign(self.hs, screen)
                screen.foreign = found if found is not None else screen.foreign
            wipe = screen.surface.wipe(self.hs.r) if not screen.foreign else []
            for command in wipe:
                self.hs.run("draw", command)
                sent += 1
            screen.drawn = {}
            screen.stray = set(range(screen.surface.size)) - screen.foreign if screen.foreign else set()
        commands = screen.commands_for(want, self.hs.r)
        partial = only is not None and any(slot not in only for slot, _, _ in commands)
        if only is not None:
            commands = [entry for entry in commands if entry[0] in only]
        if first:
            commands.sort(key=lambda entry: entry[0] not in first)
        for slot, command, own in commands:
            reply = self.hs.run("draw", command)
            if not reply:
                if not own:
                    screen.foreign.add(slot)  # the guard found a player's own item there
                continue  # else something was put there since it was drawn: the next read sees it
            screen.mark(slot, want.get(slot))
            sent += 1
        screen.placed = state.placed
        if partial:
            return sent  # the screen is not all drawn yet: its state is not recorded as drawn
        sent += self._title(screen, state)
        self.states[screen.player] = state
        return sent

    def _title(self, screen: HandScreen, state: ScreenState) -> int:
        """The chest's title: 手札, or 交換 during the exchange (seen the next time it opens)."""
        if not isinstance(screen.surface, ChestSurface):
            return 0
        key = "hand.title_exchange" if state.exchange else "hand.title"
        if self.titles.get(screen.player) == key:
            return 0
        title = Text(self.hs.table.ctx.text(key), color="dark_green" if state.exchange else None)
        for pos in (screen.surface.top, screen.surface.bottom):
            self.hs.run("draw", self.hs.r.container_title(pos, title))
        self.titles[screen.player] = key
        return 2
