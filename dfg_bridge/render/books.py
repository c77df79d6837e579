"""Written books (記入済みの本): rewriting pages in place, and the statistic of using an item.

A book's pages hold clickable text, so a whole hand rarely fits into one ``item replace`` (1446 bytes):
the pages are written with ``item modify`` and an inline ``set_written_book_pages`` modifier (1.20.5+),
a page or a few at a time. Pages are JSON strings on 1.20.5–1.21.4 and text components from 1.21.5,
exactly as in the ``written_book_content`` component (:meth:`DialectBase.book_pages`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from dfg_bridge.model.text import Text
from dfg_bridge.render.base import DialectBase
from dfg_bridge.render.errors import RenderError

_ITEM_RE = re.compile(r"^[a-z0-9_]{1,40}$")


class BookCommands(DialectBase):
    """``item modify … set_written_book_pages`` and ``minecraft.used`` objectives."""

    def book_pages_modify(
        self,
        target: str,
        slot: str,
        pages: Sequence[Text],
        *,
        offset: int | None = None,
        size: int | None = None,
    ) -> str:
        """``item modify entity <target> <slot> {function:"minecraft:set_written_book_pages",…}``.

        Without ``offset`` the book's pages become ``pages`` (``replace_all``); with it, ``size`` pages
        from ``offset`` (default: as many as given) are replaced by ``pages`` (``replace_section``;
        ``size=0`` at the end appends).

        >>> from dfg_bridge.render import dialect_for
        >>> new = dialect_for("1.21.6").book_pages_modify("Steve", "hotbar.2", [Text("a")], offset=1)
        >>> print(new.partition("hotbar.2 ")[2])
        {function:"minecraft:set_written_book_pages",pages:[{text:"a"}],mode:"replace_section",offset:1,size:1}
        >>> old = dialect_for("1.21.4").book_pages_modify("Steve", "hotbar.2", [Text("a")])
        >>> print(old.partition("pages:")[2])
        ['"a"'],mode:"replace_all"}
        """
        head = f"item modify entity {self.target(target)} {self.slot(slot)} "
        body = f'{{function:"minecraft:set_written_book_pages",pages:{self.book_pages(pages)},'
        if offset is None:
            return head + body + 'mode:"replace_all"}'
        count = len(pages) if size is None else size
        if offset < 0 or count < 0:
            raise RenderError("bad_number", "page offsets and sizes must not be negative")
        return head + body + f'mode:"replace_section",offset:{int(offset)},size:{int(count)}}}'

    def if_entity_run(self, selector: str, command: str) -> str:
        """``execute if entity <selector> run <command>``: the reply is empty when nobody is selected."""
        if not command or command.startswith("/") or "\n" in command:
            raise RenderError("bad_command", f"not a command to wrap: {command!r}")
        return f"execute if entity {self.target(selector)} run {command}"

    def used_objective(self, name: str, item: str) -> str:
        """``scoreboard objectives add <name> minecraft.used:minecraft.<item>`` (uses of ``item``)."""
        if not _ITEM_RE.fullmatch(item):
            raise RenderError("bad_name", f"not an item id: {item!r}")
        used = self.game_id(item).removeprefix("minecraft:")
        return f"scoreboard objectives add {self.name(name, 'objective')} minecraft.used:minecraft.{used}"


__all__ = ["BookCommands"]
