"""Using a held item and reading a written book (本を使う・読む), as ``sim.world.books`` describes.

Every function runs on the server thread (the caller holds ``executor.lock``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.actions.common import ActionError, online
from dfg_bridge.sim.actions.players import follow_click
from dfg_bridge.sim.world import stats
from dfg_bridge.sim.world import text as textmod
from dfg_bridge.sim.world.books import BOOK, book_pages, resolved, used_criterion

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = ["book_view", "click_book", "use_item"]

OFFHAND = 40


def use_item(ex: Executor, name: str, *, slot: int | None = None) -> dict[str, Any]:
    """Right-click in the air with what the player holds (hotbar ``slot`` selected first, if given).

    The main hand is tried first and the off hand when the main hand's item does nothing in the air
    (``Minecraft.startUseItem``: each hand in turn until one consumes the action). Only written books
    do something here: the book opens and ``minecraft.used:minecraft.written_book`` counts one.
    """
    player = online(ex, name)
    if slot is not None:
        if not 0 <= slot <= 8:
            raise ActionError("'slot' (the selected hotbar slot) must be 0-8", code="bad_slot", status=400)
        player.selected = slot
    if player.menu is not None or player.dialog is not None or player.book is not None:
        return {"used": False, "reason": "screen_open"}  # a screen is open: the client sends no use
    if player.game_mode.value == "spectator":
        return {"used": False, "reason": "spectator"}  # ServerPlayerGameMode.useItem passes
    for index, hand in ((player.selected, "main"), (OFFHAND, "off")):
        stack = player.inventory[index]
        if stack is None or stack.id != BOOK:
            continue
        stack = resolved(stack)  # openItemGui resolves the pages once and stores resolved:true
        player.inventory[index] = stack
        pages = book_pages(stack, json_text=ex.world.json_text)
        player.book = {"hand": hand, "slot": index, "pages": pages}
        stats.award(ex.world, player, "used", wanted=used_criterion(BOOK))
        return {"used": True, "item": BOOK, "hand": hand, "pages": len(pages)}
    held = player.inventory[player.selected]
    return {"used": False, "reason": "nothing_to_use", "item": held.id if held is not None else None}


def book_view(book: object) -> dict[str, Any] | None:
    """The open book for ``GET /players/{name}``: plain pages and each page's clickable parts."""
    if not isinstance(book, dict):
        return None
    pages = book.get("pages", [])
    return {
        "hand": book.get("hand"),
        "slot": book.get("slot"),
        "pages": [textmod.plain_text(page) for page in pages],
        "parts": [
            [{"part": j, **part} for j, part in enumerate(textmod.click_parts(page))] for page in pages
        ],
    }


def click_book(ex: Executor, name: str, page: int, part: int, *, confirm: bool = True) -> dict[str, Any]:
    """Click part ``part`` of page ``page`` of the open book.

    A ``run_command`` closes the book and the client sends the command (``BookViewScreen``);
    ``change_page`` only turns the page.
    """
    player = online(ex, name)
    book = player.book
    if not isinstance(book, dict):
        raise ActionError(f"{player.name} has no book open", code="no_book", status=404)
    pages = book.get("pages", [])
    if not 0 <= page < len(pages):
        raise ActionError(f"the open book has no page {page}", code="no_page", status=404)
    parts = textmod.click_parts(pages[page])
    if not 0 <= part < len(parts):
        raise ActionError(f"page {page} has no part {part}", code="no_part", status=404)
    event = parts[part].get("click_event")
    if event is None:
        return {"action": None, "ran": False}
    if event.get("action") != "run_command":
        return {"action": event.get("action"), "ran": False}
    player.book = None
    return follow_click(ex, player, event, confirm=confirm)
