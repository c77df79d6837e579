"""What every builder shares: the version's features, text in arguments and in NBT, items, validation.

Builders live in small mixins, each a subclass of :class:`DialectBase`: ``chat`` (tellraw, titles,
dialogs), ``items`` (item stacks, ``clear``, ``data get``), ``displays`` (scoreboard, bossbar, teams),
``world`` (blocks, entities, signs, locks), ``control`` (game rules, triggers, ``execute store``) and
``watch`` (the hand-screen watch's one-command tests). :class:`~dfg_bridge.render.dialect.Dialect`
combines them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from dfg_bridge.model.items import BookSpec, ItemSpec
from dfg_bridge.model.limits import MAX_COMMAND_BYTES
from dfg_bridge.model.positions import BlockPos, Vec3
from dfg_bridge.model.text import Text
from dfg_bridge.render.errors import RenderError
from dfg_bridge.render.escape import snbt_key, snbt_string
from dfg_bridge.render.ids import version_id
from dfg_bridge.render.text import text_json, text_snbt
from dfg_bridge.render.version import (
    DIALOG_SINCE,
    LOCK_PREDICATE_SINCE,
    MIN_SUPPORTED,
    SNAKE_GAMERULES_SINCE,
    DialectFamily,
    Version,
)

FACINGS = ("north", "east", "south", "west")
"""Horizontal facings in clockwise order."""

KEY_TAG_PREFIX = "key_"
"""Tags of key books (``key_t1_0_…``): their ``custom_data`` gets the ``key:1b`` marker."""

MAX_BOOK_PAGES = 100
"""Pages in a written book (``WrittenBookContent.MAX_PAGES``)."""
MAX_BOOK_TITLE = 32
"""Characters in a written book's title (``WrittenBookContent.TITLE_MAX_LENGTH``)."""

# Unquoted-string characters in Brigadier: names, objectives, teams and tags must stay within them.
_NAME_RE = re.compile(r"^[A-Za-z0-9_.+-]{1,40}$")
_SELECTOR_RE = re.compile(r"^@[aeprsn](\[[^\n]*\])?$")
_RESOURCE_RE = re.compile(r"^(?:[a-z0-9_.-]+:)?[a-z0-9_./-]+$")
_SLOT_RE = re.compile(
    r"^(?:container\.(?:[0-9]|[1-4][0-9]|5[0-3])|hotbar\.[0-8]|inventory\.(?:[0-9]|1[0-9]|2[0-6])"
    r"|enderchest\.(?:[0-9]|1[0-9]|2[0-6])|armor\.(?:head|chest|legs|feet|body)|weapon(?:\.mainhand|\.offhand)?"
    r"|player\.cursor|player\.crafting\.[0-3])$"
)


def clockwise(facing: str) -> str:
    """The horizontal direction 90° clockwise (seen from above) of ``facing``.

    >>> clockwise("north"), clockwise("west")
    ('east', 'north')
    """
    if facing not in FACINGS:
        raise RenderError("bad_facing", f"not a horizontal facing: {facing!r}")
    return FACINGS[(FACINGS.index(facing) + 1) % 4]


def step(pos: BlockPos, facing: str) -> BlockPos:
    """The block next to ``pos`` in direction ``facing``.

    >>> step((0, 64, 0), "north"), step((0, 64, 0), "east")
    ((0, 64, -1), (1, 64, 0))
    """
    dx, dz = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}[facing]
    return (pos[0] + dx, pos[1], pos[2] + dz)


def fits(command: str) -> bool:
    """Whether ``command`` fits in one vanilla RCON request (:data:`MAX_COMMAND_BYTES`)."""
    return len(command.encode("utf-8", "surrogatepass")) <= MAX_COMMAND_BYTES


class DialectBase:
    """The syntax of one server version: feature flags and the shared writers.

    ``version`` must be a release from 1.20.5 on.
    """

    def __init__(self, version: Version) -> None:
        if version < MIN_SUPPORTED:
            raise RenderError("unsupported_version", f"Minecraft {version} is older than {MIN_SUPPORTED}")
        self.version = version
        self.family = DialectFamily.of(version)
        self.snbt_text = self.family is DialectFamily.SNBT_TEXT
        self.lock_predicate = version >= LOCK_PREDICATE_SINCE
        self.has_dialog = version >= DIALOG_SINCE
        self.snake_gamerules = version >= SNAKE_GAMERULES_SINCE

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.version}, {self.family.value})"

    # --- text -----------------------------------------------------------------------------------
    def arg_text(self, text: Text) -> str:
        """A text component as a command argument (``tellraw``, ``bossbar … name``, team prefix …)."""
        return text_snbt(text) if self.snbt_text else text_json(text)

    def nbt_text(self, text: Text) -> str:
        """A text component as an NBT value: SNBT since 1.21.5, before that a string holding JSON."""
        return text_snbt(text) if self.snbt_text else self.nbt_str(text_json(text))

    def nbt_text_list(self, texts: Sequence[Text]) -> str:
        """A list of text components as an NBT list (sign messages, lore), homogeneous in both formats."""
        if self.snbt_text:
            return "[" + ",".join(text_snbt(t, compound=True) for t in texts) + "]"
        return "[" + ",".join(self.nbt_str(text_json(t)) for t in texts) + "]"

    def nbt_str(self, value: str) -> str:
        """An SNBT string literal in this version's escaping."""
        return snbt_string(value, control_escapes=self.snbt_text)

    def nbt_key(self, key: str) -> str:
        """An SNBT compound key, quoted only when needed."""
        return snbt_key(key, control_escapes=self.snbt_text)

    # --- ids --------------------------------------------------------------------------------------
    def game_id(self, name: str, what: str = "item") -> str:
        """An item, block or entity id as this version spells it (``chain`` → ``iron_chain`` on 1.21.9+).

        The daemon names everything by its 1.20.5 id (:mod:`dfg_bridge.render.ids`); the namespace, if
        given, is kept.
        """
        return version_id(self.resource(name, what), self.version)

    def item_id(self, item: str) -> str:
        """The namespaced id a read-back (``data get``) shows for our item ``item`` on this version.

        >>> from dfg_bridge.render import dialect_for
        >>> dialect_for("1.21.8").item_id("chain"), dialect_for("1.21.9").item_id("chain")
        ('minecraft:chain', 'minecraft:iron_chain')
        """
        found = self.game_id(item)
        return found if ":" in found else "minecraft:" + found

    # --- items ----------------------------------------------------------------------------------
    def custom_data(self, tag: str) -> str:
        """The ``custom_data`` value every item of ours carries: ``{dfg:{id:"<tag>"}}`` (or ``{dfg:{}}``).

        A key book's tag starts with :data:`KEY_TAG_PREFIX` and also carries ``key:1b``, so one item
        predicate tells keys from every other item of ours (``WatchCommands.our_non_keys``).
        """
        if not tag:
            return "{dfg:{}}"
        marker = ",key:1b" if tag.startswith(KEY_TAG_PREFIX) else ""
        return "{dfg:{id:" + self.nbt_str(tag) + marker + "}}"

    def item_arg(self, spec: ItemSpec) -> str:
        """The item-stack argument for ``spec`` without the count, e.g. ``red_dye[custom_name=…,…]``."""
        item = self.game_id(spec.item)
        components: list[str] = []
        if spec.name is not None:
            components.append("custom_name=" + self.nbt_text(spec.name))
        if spec.lore:
            components.append("lore=" + self.nbt_text_list(spec.lore))
        if spec.glint is not None:
            components.append("enchantment_glint_override=" + ("true" if spec.glint else "false"))
        if spec.book is not None:
            components.append("written_book_content=" + self.book_content(spec.book))
        components.append("custom_data=" + self.custom_data(spec.tag))
        return item + "[" + ",".join(components) + "]"

    def book_pages(self, pages: Sequence[Text]) -> str:
        """A written book's pages: JSON strings (1.20.5–1.21.4) or text components (1.21.5+)."""
        if len(pages) > MAX_BOOK_PAGES:
            raise RenderError("too_long", f"a book has at most {MAX_BOOK_PAGES} pages, not {len(pages)}")
        return self.nbt_text_list(pages)

    def book_content(self, book: BookSpec) -> str:
        """``{title:…,author:…,pages:[…],resolved:true}`` (``resolved``: nothing in it to resolve)."""
        if len(book.title) > MAX_BOOK_TITLE:
            raise RenderError("too_long", f"a book title has at most {MAX_BOOK_TITLE} characters")
        if not 0 <= book.generation <= 3:
            raise RenderError("bad_number", f"a book's generation is 0-3, not {book.generation}")
        generation = f"generation:{book.generation}," if book.generation else ""
        return (
            f"{{title:{self.nbt_str(book.title)},author:{self.nbt_str(book.author)},{generation}"
            f"pages:{self.book_pages(book.pages)},resolved:true}}"
        )

    @staticmethod
    def count(n: int) -> str:
        """An item count (1–99)."""
        if not 1 <= n <= 99:
            raise RenderError("bad_count", f"item count must be 1..99, got {n}")
        return str(n)

    # --- names and positions --------------------------------------------------------------------
    @staticmethod
    def target(target: str) -> str:
        """A player name (``Steve``, Floodgate ``.Steve``) or a selector we built (``@a[tag=dfg]``)."""
        if _NAME_RE.fullmatch(target) or _SELECTOR_RE.fullmatch(target):
            return target
        raise RenderError("bad_target", f"not a player name or selector: {target!r}")

    @staticmethod
    def name(value: str, what: str) -> str:
        """An objective, team or entity tag name: unquoted-string characters only."""
        if _NAME_RE.fullmatch(value):
            return value
        raise RenderError("bad_name", f"{what} name must match [A-Za-z0-9_.+-]{{1,40}}: {value!r}")

    @staticmethod
    def score_holder(holder: str) -> str:
        """A score holder: a player, a selector, or a fake name such as ``#line3`` (no spaces)."""
        if _SELECTOR_RE.fullmatch(holder):
            return holder
        if not holder or holder.startswith("@") or any(ch.isspace() for ch in holder) or len(holder) > 40:
            raise RenderError("bad_holder", f"not a score holder: {holder!r}")
        return holder

    @staticmethod
    def resource(value: str, what: str) -> str:
        """A resource location (``red_dye``, ``minecraft:chest``, ``dfg:t1``)."""
        if _RESOURCE_RE.fullmatch(value):
            return value
        raise RenderError("bad_resource", f"not a {what} id: {value!r}")

    @staticmethod
    def slot(slot: str) -> str:
        """An item slot (``container.0``–``53``, ``hotbar.N``, ``enderchest.N``, ``player.cursor`` …)."""
        if _SLOT_RE.fullmatch(slot):
            return slot
        raise RenderError("bad_slot", f"not an item slot: {slot!r}")

    @staticmethod
    def block_pos(pos: BlockPos) -> str:
        """``x y z`` for a block."""
        return " ".join(str(int(c)) for c in pos)

    @staticmethod
    def number(value: float) -> str:
        """A double with a decimal point and no exponent (Brigadier reads neither ``1e5`` nor ``inf``)."""
        if not math.isfinite(value):
            raise RenderError("bad_number", f"not a finite number: {value!r}")
        text = f"{value:.6f}".rstrip("0")
        return text + "0" if text.endswith(".") else text

    def vec(self, pos: Vec3) -> str:
        """``x y z`` for an exact position."""
        return " ".join(self.number(c) for c in pos)

    def tags_nbt(self, tags: Sequence[str]) -> str:
        """``Tags:[…]`` for summoned entities."""
        return "Tags:[" + ",".join(self.nbt_str(self.name(tag, "tag")) for tag in tags) + "]"
