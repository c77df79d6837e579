"""A dialect-free item stack description (アイテム).

``render/`` turns an :class:`ItemSpec` into an item argument such as
``red_dye[custom_name=…,custom_data={dfg:{…}}] 12``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dfg_bridge.model.text import Text


@dataclass(frozen=True, slots=True)
class BookSpec:
    """A written book's content (記入済みの本): its title (at most 32 characters), author and pages."""

    title: str
    author: str
    pages: tuple[Text, ...] = field(default=())
    generation: int = 0
    """0 original, 1 copy of original, 2 copy of a copy, 3 tattered; from 2 on the crafting table
    refuses to copy it (``WrittenBookContent.tryCraftCopy``)."""


@dataclass(frozen=True, slots=True)
class ItemSpec:
    """An item stack the daemon places into a slot.

    ``tag`` is written into ``custom_data={dfg:{id:"<tag>"}}``; every item we create carries one,
    so that ``clear <p> *[custom_data~{dfg:{}}]`` removes exactly our items and stacks never merge.
    """

    item: str
    count: int = 1
    name: Text | None = None
    lore: tuple[Text, ...] = field(default=())
    glint: bool | None = None
    tag: str = ""
    book: BookSpec | None = None
    """A ``written_book``'s content (``written_book_content``)."""
