"""Shared pieces of the hand screen (共通部品): the poll event, the key book, the render builders used.

Kept apart from :mod:`~dfg_bridge.host.handscreen.manager` so the host loop can import the event
without the whole manager.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from dfg_bridge.host.handscreen.screen import SlotWriter
from dfg_bridge.host.ports import BlockPos
from dfg_bridge.model.text import Text

KEY_SLOT = "hotbar.0"
"""Where the key book goes: the first hotbar slot, selected by default, so it is in hand."""
KEY_ITEM = "book"
"""The key's item (a plain book does nothing on its own when used)."""

REMOVED = re.compile(r"^Removed (\d+) item")
"""``clear``'s reply: how many items it removed."""


@dataclass(frozen=True, slots=True)
class HandPoll:
    """Time to read the next screen of table ``table`` (a stale ``token`` is ignored)."""

    table: str
    token: int


class ScreenRenderer(SlotWriter, Protocol):
    """The render builders the hand screen uses beyond :class:`SlotWriter`."""

    def clear(self, target: str, predicate: str | None = None, max_count: int | None = None) -> str:
        """``clear <target> [<predicate> [<max>]]`` (our items by default)."""
        ...

    def our_items_except(self, tag: str) -> str:
        """The predicate for our items except those tagged ``tag``."""
        ...

    def our_dropped_items(self) -> str:
        """A selector for item entities carrying our tag."""
        ...

    def kill(self, entities: str) -> str:
        """``kill <entities>``."""
        ...

    def rekey_double_chest(
        self, a: BlockPos, b: BlockPos, facing: str, *, key_name: str, key_tag: str, title: Text | None = None
    ) -> tuple[str, str, str, str]:
        """Re-place a double chest (closing it for anyone viewing it), locked to a new key."""
        ...

    def container_title(self, pos: BlockPos, title: Text) -> str:
        """``data merge block <pos> {CustomName:…}``."""
        ...
