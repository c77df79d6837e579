"""Written books (記入済みの本): their pages, using one, and the ``set_written_book_pages`` modifier.

Facts (decompiled 1.20.5–1.21.8 server and client; minecraft wiki "Written Book", "Item modifier"):

* ``WrittenBookItem.use``: right-clicking with a written book in the air (or on a block that does not
  take the click: the client's ``startUseItem`` falls through to ``useItem`` when ``useItemOn`` passes)
  calls ``player.openItemGui(stack, hand)`` and ``player.awardStat(Stats.ITEM_USED.get(this))`` — the
  statistic ``minecraft.used:minecraft.written_book``, which every objective with that criterion counts
  (``ServerStatsCounter.setValue`` → ``Scoreboard.forAllObjectives``). A container block takes the click
  first (the chest opens; the book is not used).
* ``ServerPlayer.openItemGui`` resolves the pages once when ``written_book_content.resolved`` is false
  (``WrittenBookContent.resolve``: selectors, scores and NBT components) and stores ``resolved:true``;
  then the client opens ``BookViewScreen`` on a *copy* of the pages: what the server writes into the
  item afterwards is seen the next time the book is opened.
* ``BookViewScreen.handleClickEvent``: a ``run_command`` click on a page closes the book and the client
  sends the command as the player typed it (``/trigger …`` needs no permission); ``change_page`` turns
  pages. Another screen (a chest, a dialog) replaces the book.
* ``written_book_content`` is ``{title, author, generation?, pages?, resolved?}``; a page is a text
  component — a JSON string on 1.20.5–1.21.4 (``ComponentSerialization.flatCodec(32767)``), a text
  component (SNBT) from 1.21.5 — or ``{raw: <page>, filtered?: <page>}`` (``Filterable``).
* ``set_written_book_pages`` (1.20.5+): ``{function, pages, mode, offset?, size?}``; ``mode`` is a
  ``ListOperation`` (``replace_all``, ``replace_section``, ``insert``, ``append``); the item gets the
  component if it had none (``ItemStack.update(WRITTEN_BOOK_CONTENT, EMPTY, …)``) and ``resolved`` is
  set back to false (``withReplacedPages``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dfg_bridge.sim.grammar.nbt import Byte, Int
from dfg_bridge.sim.world import text as textmod
from dfg_bridge.sim.world.items import ItemStack

__all__ = [
    "BOOK",
    "CONTENT",
    "BookModifierError",
    "apply_modifier",
    "book_pages",
    "used_criterion",
]

BOOK = "minecraft:written_book"
CONTENT = "minecraft:written_book_content"
MAX_PAGES = 100
_MODES = ("replace_all", "replace_section", "insert", "append")


class BookModifierError(ValueError):
    """An inline item modifier the simulated server does not model or cannot decode."""


def used_criterion(item_id: str) -> str:
    """``minecraft.used:minecraft.<item>`` (``Stats.ITEM_USED``'s criterion for an item)."""
    return "minecraft.used:" + item_id.replace(":", ".", 1)


def _page_value(page: object) -> object:
    if isinstance(page, Mapping) and "raw" in page:
        return page["raw"]
    return page


def book_pages(stack: ItemStack | None, *, json_text: bool) -> list[textmod.TextDict]:
    """The pages of a written book as canonical text dicts (``[]`` for anything else)."""
    if stack is None or stack.id != BOOK:
        return []
    content = stack.components.get(CONTENT)
    if not isinstance(content, Mapping):
        return []
    pages = content.get("pages", [])
    if not isinstance(pages, list):
        return []
    return [textmod.from_nbt(_page_value(page), json_strings=json_text) for page in pages]


def resolved(stack: ItemStack) -> ItemStack:
    """The stack with ``resolved:true`` (what ``openItemGui`` stores after resolving the pages)."""
    content = stack.components.get(CONTENT)
    if not isinstance(content, Mapping) or bool(getattr(content.get("resolved"), "value", False)):
        return stack
    components = dict(stack.components)
    components[CONTENT] = {**content, "resolved": Byte(1)}
    return ItemStack(stack.id, stack.count, components)


def _int(value: object, default: int) -> int:
    if value is None:
        return default
    number = getattr(value, "value", value)
    if isinstance(number, bool) or not isinstance(number, int):
        raise BookModifierError(f"not an integer: {value!r}")
    return number


def _operate(old: list[object], new: list[object], modifier: Mapping[str, Any]) -> list[object]:
    """``ListOperation.apply`` (bounds errors keep the original list, as vanilla logs and does)."""
    mode = modifier.get("mode")
    if mode not in _MODES:
        raise BookModifierError(f"unknown list operation {mode!r}")
    offset = _int(modifier.get("offset"), 0)
    if mode == "replace_all":
        out = list(new)
    elif mode == "append":
        out = old + new
    elif mode == "insert":
        if offset > len(old):
            return old
        out = old[:offset] + new + old[offset:]
    else:
        if offset > len(old):
            return old
        end = offset + _int(modifier.get("size"), len(new))
        out = old[:offset] + new + old[end:]
    return out if len(out) <= MAX_PAGES else old


def apply_modifier(stack: ItemStack | None, modifier: object) -> ItemStack | None:
    """Apply an inline item modifier (one function or a list); only ``set_written_book_pages`` is modelled.

    Raises :class:`BookModifierError` for any other function (the caller counts it as unmodelled).
    """
    functions: Sequence[object] = modifier if isinstance(modifier, list) else [modifier]
    for function in functions:
        if not isinstance(function, Mapping):
            raise BookModifierError("an item modifier is a compound")
        name = str(function.get("function", ""))
        if name.removeprefix("minecraft:") != "set_written_book_pages":
            raise BookModifierError(f"item modifier {name!r} is not modelled")
        pages = function.get("pages")
        if not isinstance(pages, list):
            raise BookModifierError("set_written_book_pages needs 'pages'")
        if stack is None:
            continue  # an empty slot stays empty
        content = stack.components.get(CONTENT)
        base: dict[str, Any] = (
            dict(content)
            if isinstance(content, Mapping)
            else {"title": "", "author": "", "pages": [], "resolved": Byte(1)}
        )
        old = base.get("pages", [])
        base["pages"] = _operate(list(old) if isinstance(old, list) else [], list(pages), function)
        base["resolved"] = Byte(0)
        base.setdefault("generation", Int(0))
        components = dict(stack.components)
        components[CONTENT] = base
        stack = ItemStack(stack.id, stack.count, components)
    return stack
