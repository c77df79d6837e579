"""The 「手札を開く」 book as a hand (手札の本): its pages show the hand, using it opens the dialog.

Seed 001: 「ホットバーの「手札を開く」の本を右クリック…」「自分の番でなくても開いて見られます」. The key
book (:mod:`~dfg_bridge.host.handscreen.keys`) is a ``written_book``, so right-clicking it anywhere
opens its pages without the daemon: a small hand is one page with the field and 出す / パス / 選択を外す;
a larger one has those on the first page and the hand as clickable cards on the next — the chat
hand's own texts (:func:`~dfg_bridge.host.handscreen.chatview.chat_hand`), every button a ``/trigger``
click. On 1.21.6+ using the book opens the hand dialog, which shows the hand, the field and the
buttons: the book then holds one fixed page (what it does, a 手札を開く button, ``/dfg hand``) and is
never rewritten, so neither a play nor a selection costs a page write (issue 19).

* **Rewritten in place**: after every change the pages that differ are rewritten with ``item modify``
  (``set_written_book_pages``) — a book whose clickable pages rarely fit into one 1446-byte command
  is written a page per command. Every write is guarded by ``execute if items entity <p> <slot>
  <this seat's key>``: it lands only in the slot holding this match's key of the seat, never on
  another item. When the key moved, its slot is looked up again (one ``data get``).
* **Use is noticed** through the statistic ``minecraft.used:minecraft.written_book`` (objective
  :data:`USED_OBJECTIVE`): one more test in the watch's table question asks whether any seated player
  used a book (all players in one test). On 1.21.6+ a use opens the hand dialog; before, the book
  itself is the hand, and a use only makes a book whose last write failed be written again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dfg_bridge.host.handscreen import seats
from dfg_bridge.host.handscreen.build import screen_state
from dfg_bridge.host.handscreen.chatsend import field_text, show_dialog
from dfg_bridge.host.handscreen.chatview import chat_hand
from dfg_bridge.host.handscreen.screen import ChestSurface, HandScreen
from dfg_bridge.host.handscreen.state import ScreenState
from dfg_bridge.host.intents import TriggerCode
from dfg_bridge.model.items import BookSpec
from dfg_bridge.model.limits import MAX_COMMAND_BYTES
from dfg_bridge.model.text import Click, ClickAction, Text
from dfg_bridge.replies.answers import execute_passed
from dfg_bridge.replies.items import ReadError, inventory_items

if TYPE_CHECKING:
    from dfg_bridge.host.handscreen.keys import Key
    from dfg_bridge.host.handscreen.port import Screens

USED_OBJECTIVE = "dfg_ub"
"""The objective counting ``minecraft.used:minecraft.written_book`` (shared by every table)."""
BOOK_ITEM = "written_book"
"""The key book's item."""
AUTHOR = "dfg-bridge"
UNCOPYABLE = 2
"""The key book's generation, "copy of a copy": a crafting table refuses to copy it (a copy would carry
the same ``custom_data`` and open the same chest)."""
SPARE_SLOTS = ("weapon.offhand", "player.cursor")
"""Where else the key may be when it is in no main slot (the off hand is in ``equipment`` on 1.21.5+)."""
_LONGEST_SLOT = "weapon.offhand"
CLICK_DEFER = 1.0
"""Seconds a book's rewrite may wait after a click in the chest (whose player is looking at the chest,
not the book): a turn's selection clicks and its play then rewrite the book once (issue 19)."""

PageKey = tuple[object, ...]


@dataclass(frozen=True, slots=True)
class PageWrite:
    """One page written: at ``offset`` replacing ``size`` pages (``offset=None``: all pages)."""

    page: Text
    offset: int | None = None
    size: int | None = None


def _view_key(state: ScreenState) -> PageKey:
    """What the pages depend on (not the clock: the book is not redrawn every second)."""
    return (state.hand, state.selected, state.sort, state.verdict, state.field, state.readings)


def _page(head: Text, field: Text | None, cards: Sequence[Text], buttons: Text | None, number: str) -> Text:
    """One page: 手札 (n/m) and the page's cards; the first page also has the field and 出す / パス /
    選択を外す (the book opens there, and a change of selection then rewrites one page or two)."""
    gap = Text("\n\n")
    parts = [head, Text(number + "\n", color="gray")]
    if field is not None:
        parts += [field, gap]
    parts += cards
    if buttons is not None:
        parts += [gap, buttons]
    return Text.join(parts)


class HandBook:
    """The hand books of one table's seated players."""

    def __init__(self, screens: Screens) -> None:
        self.hs = screens
        self._written: dict[str, tuple[Text, ...]] = {}
        """Per player: the pages their book holds (absent: unknown, written in full next time)."""
        self._slot: dict[str, str] = {}
        """Per player: where their key book was put or last found."""
        self._seen: dict[str, PageKey] = {}
        self._failed: dict[str, PageKey] = {}
        """Per player: the view whose write found the key nowhere (not tried again for the same view)."""
        self._deferred: dict[str, float] = {}
        """Per player: since when their book's rewrite waits (see :data:`CLICK_DEFER`)."""
        self._ready = False
        self.writes = 0
        """Page-writing commands sent."""
        self.uses = 0
        """Book uses noticed."""

    # ---- the key item -------------------------------------------------------------------------------
    def cover(self) -> BookSpec:
        """The content a new key book is given with (its hand pages follow at once; with dialogs, the
        fixed page that is all it ever holds)."""
        ctx = self.hs.table.ctx
        cover = self._dialog_pages() if ctx.r.has_dialog else (Text(ctx.text("hand.book_cover")),)
        return BookSpec(ctx.text("hand.book_title"), AUTHOR, cover, generation=UNCOPYABLE)

    def _dialog_pages(self) -> tuple[Text, ...]:
        """The one page of a key book on a server with dialogs: using the book opens the hand dialog."""
        ctx = self.hs.table.ctx
        command = ctx.r.trigger_command(ctx.settings.trigger_objective, int(TriggerCode.HAND))
        button = Text(ctx.text("hand.book_open_button"), color="gold", bold=True,
                      click=Click(ClickAction.RUN_COMMAND, command))  # fmt: skip
        return (Text.join([Text(ctx.text("hand.book_dialog_page")), Text("\n\n"), button]),)

    def placed(self, player: str, slot: str) -> None:
        """A new key book (holding only the cover) was put into ``slot``."""
        self._slot[player] = slot
        self._written.pop(player, None)
        if self.hs.r.has_dialog:
            self._written[player] = self._dialog_pages()  # the cover is the whole book
        self._seen.pop(player, None)
        self._failed.pop(player, None)

    def forget(self, player: str | None = None) -> None:
        """``player``'s book (or every book) is unknown: it is written in full at the next sync."""
        for store in (self._written, self._seen, self._slot, self._failed, self._deferred):
            if player is None:
                store.clear()
            else:
                store.pop(player, None)

    # ---- pages -------------------------------------------------------------------------------------
    def pages(self, state: ScreenState, player: str) -> tuple[Text, ...]:
        """The book's pages for ``state``: one page when the whole hand fits beside the field and the
        buttons; else the field and the buttons alone on the first page and the cards on the next ones,
        as many per page as fit when every card is selected.

        So the pages' split depends on the hand alone: a selection or a new field rewrites the page it
        changed (one or two), never every page by moving cards between them (issue 19). With dialogs
        (1.21.6+) the book holds its fixed page whatever the state.
        """
        ctx = self.hs.table.ctx
        if ctx.r.has_dialog:
            return self._dialog_pages()

        def texts(selected: frozenset[int]) -> tuple[list[Text], Text]:
            parts, buttons = chat_hand(
                state.sorted_hand(),
                selected,
                state.verdict,
                trigger=lambda v: ctx.r.trigger_command(ctx.settings.trigger_objective, v),
                msgs=ctx.msgs,
                lang=ctx.lang,
            )
            return list(parts), buttons

        parts, buttons = texts(state.selected)
        head, cards = parts[0], parts[1:]
        field = field_text(ctx, state)
        whole = _page(head, field, cards, buttons, "(1/1)")
        worst = texts(frozenset(c.index for c in state.hand))[0][1:]  # every card marked ✔
        if self._fits(player, _page(head, field, worst, buttons, "(1/1)")) and self._fits(player, whole):
            return (whole,)
        per = max(1, len(cards))
        while per > 1 and not all(
            self._fits(player, _page(head, None, worst[i : i + per], None, "(99/99)"))
            for i in range(0, len(worst), per)
        ):
            per -= 1
        chunks = [cards[i : i + per] for i in range(0, len(cards), per)]
        count = len(chunks) + 1
        first = _page(head, field, [], buttons, f"(1/{count})")
        return (
            first,
            *(_page(head, None, chunk, None, f"({n}/{count})") for n, chunk in enumerate(chunks, 2)),
        )

    def _fits(self, player: str, page: Text) -> bool:
        r = self.hs.r
        key = self.hs.key(self._seat(player))
        write = r.book_pages_modify(player, _LONGEST_SLOT, [page], offset=99)
        command = r.if_items_on(player, _LONGEST_SLOT, r.our_keys(key.tag), write)
        return len(command.encode("utf-8")) <= MAX_COMMAND_BYTES

    def _seat(self, player: str) -> int:
        screen = self.hs.screens[player]
        return screen.seat

    # ---- writing -----------------------------------------------------------------------------------
    def sync(self, players: Sequence[str], *, defer: bool = False) -> None:
        """Rewrite the books of ``players`` whose pages changed.

        ``defer``: the change is a click in the chest; the rewrite waits up to :data:`CLICK_DEFER`
        seconds for the next sync (or :meth:`flush`), so that one write carries every click.
        """
        clock = self.hs.table.ctx.clock()
        due = []
        for player in players:
            since = self._deferred.get(player)
            if defer and (since is None or clock - since < CLICK_DEFER):
                self._deferred.setdefault(player, clock)
                continue
            self._deferred.pop(player, None)
            due.append(player)
        self._rewrite(due)

    def flush(self) -> None:
        """Rewrite the books whose deferred rewrite has waited :data:`CLICK_DEFER` seconds."""
        clock = self.hs.table.ctx.clock()
        due = [player for player, since in self._deferred.items() if clock - since >= CLICK_DEFER]
        for player in due:
            del self._deferred[player]
        self._rewrite(due)

    def _rewrite(self, players: Sequence[str]) -> None:
        hs = self.hs
        for player in players:
            screen = hs.screens.get(player)
            if screen is None or not isinstance(screen.surface, ChestSurface) or screen.key_missing:
                continue
            if not hs.online(player):
                continue
            state = screen_state(hs.table, hs.table.snapshot(), player, screen.seat, sort=screen.sort)
            seen = _view_key(state)
            done = player in self._written or self._failed.get(player) == seen
            if self._seen.get(player) == seen and done:
                continue
            pages = self.pages(state, player)
            self._seen[player] = seen
            if self._written.get(player) != pages and not self._write(screen, pages):
                self._failed[player] = seen

    def _write(self, screen: HandScreen, pages: tuple[Text, ...]) -> bool:
        """Rewrite the pages that changed (all of them when the page count changed), a page a command.

        ``False`` when the key was nowhere to be written (the watch finds it or renews it).
        """
        player = screen.player
        old = self._written.pop(player, None)
        key = self.hs.key(screen.seat)
        steps: list[PageWrite]
        if old is not None and len(old) == len(pages):
            steps = [PageWrite(page, i, 1) for i, page in enumerate(pages) if old[i] != page]
        else:  # all pages: the first replaces them all, each next one is appended
            steps = [PageWrite(pages[0])]
            steps += [PageWrite(page, i, 0) for i, page in enumerate(pages[1:], start=1)]
        for step in steps:
            if not self._modify(player, key, step):
                return False  # the key is nowhere we may write: written in full once it is found again
        self._written[player] = pages
        self._failed.pop(player, None)
        return True

    def _modify(self, player: str, key: Key, step: PageWrite) -> bool:
        """One guarded page write into the slot holding ``key``; looks the slot up again if it moved."""
        last = self._slot.get(player)
        if last is not None and self._try(player, key, last, step):
            return True
        for slot in self._candidates(player, key, exclude=last):
            if self._try(player, key, slot, step):
                self._slot[player] = slot
                return True
        self._slot.pop(player, None)
        return False

    def _try(self, player: str, key: Key, slot: str, step: PageWrite) -> bool:
        r = self.hs.r
        write = r.book_pages_modify(player, slot, [step.page], offset=step.offset, size=step.size)
        self.writes += 1
        reply = self.hs.run("draw", r.if_items_on(player, slot, r.our_keys(key.tag), write))
        return reply.startswith("Replaced")

    def _candidates(self, player: str, key: Key, *, exclude: str | None) -> list[str]:
        """The slots holding ``key`` (one ``data get``), then those a read of ``Inventory`` does not show."""
        try:
            held = inventory_items(self.hs.run(seats.PURPOSE, self.hs.r.read_entity(player, "Inventory")))
        except ReadError:
            held = {}
        found = [slot for slot, stack in held.items() if key.tag in stack]
        return [s for s in [*found, *SPARE_SLOTS] if s != exclude]

    # ---- use -----------------------------------------------------------------------------------------
    def count_uses(self) -> None:
        """Make sure the objective counting book uses exists (before a key is given: a use before it
        existed would never be counted, and the dialog would not open)."""
        if not self._ready:
            self.hs.run("poll", self.hs.r.used_objective(USED_OBJECTIVE, BOOK_ITEM))
            self._ready = True

    def tests(self) -> list[str]:
        """The table question's test: no seated player used a written book since the last look."""
        self.count_uses()
        return [
            self.hs.r.entity_check(False, f"@a[tag={self.hs.player_tag},scores={{{USED_OBJECTIVE}=1..}}]")
        ]

    def follow(self) -> bool:
        """After a table question that failed: who used the book? ``True`` if anyone did (then handled)."""
        hs, r = self.hs, self.hs.r
        if not self._ready or execute_passed(hs.run("poll", r.all_clear(self.tests()))):
            return False
        users = []
        for player in list(hs.screens):
            if not hs.online(player):
                continue
            used = f"@a[name={player},scores={{{USED_OBJECTIVE}=1..}}]"
            reset = r.if_entity_run(used, r.scores_reset(player, USED_OBJECTIVE))
            if hs.run("poll", reset):
                users.append(player)
        for player in users:
            self.on_used(player)
        return bool(users)

    def on_used(self, player: str) -> None:
        """``player`` right-clicked a written book: the dialog (1.21.6+), and a book that is up to date."""
        self.uses += 1
        if player not in self._written:  # the last write failed: try again now
            self._failed.pop(player, None)
            self.sync([player])
        show_dialog(self.hs, player)


__all__ = ["AUTHOR", "BOOK_ITEM", "USED_OBJECTIVE", "HandBook"]
