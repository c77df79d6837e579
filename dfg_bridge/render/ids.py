"""Registry ids per version (ID表): every item, block and entity the daemon names, and their renames.

The daemon names things by their 1.20.5 ids (``chain``); the dialect writes the id the server's version
knows (``iron_chain`` from 1.21.9). A test checks every id below, as each supported version's dialect
writes it, against that version's registry (vendored from minecraft-data), and that the daemon names no
id missing from these tables.

>>> version_id("chain", Version(1, 21, 8)), version_id("minecraft:chain", Version(1, 21, 9))
('chain', 'minecraft:iron_chain')
"""

from __future__ import annotations

from dataclasses import dataclass

from dfg_bridge.render.version import IRON_CHAIN_SINCE, Version


@dataclass(frozen=True, slots=True)
class Rename:
    """``old`` is called ``new`` from ``since`` on (as an item and a block alike)."""

    old: str
    new: str
    since: Version


RENAMES: tuple[Rename, ...] = (
    # 1.21.9 (The Copper Age) renamed the chain to iron_chain beside the new copper chains.
    Rename("chain", "iron_chain", IRON_CHAIN_SINCE),
)
"""Ids the daemon uses that a later release renamed."""

ITEMS: frozenset[str] = frozenset(
    {
        # cards (suit = dye colour) and the joker
        "black_dye", "red_dye", "blue_dye", "green_dye", "carved_pumpkin",
        # hand-screen buttons, field, players and status row
        "lime_concrete", "orange_concrete", "purple_concrete", "white_concrete", "gray_concrete",
        "light_gray_concrete", "comparator", "name_tag", "arrow", "paper", "map", "clock", "barrier",
        "skeleton_skull", "zombie_head", "player_head", "torch", "redstone_torch", "chain",
        # the seat's key (「手札を開く」の本)
        "book", "writable_book", "written_book",
    }
)  # fmt: skip
"""Every item id the daemon writes into a slot."""

BLOCKS: frozenset[str] = frozenset(
    {
        "air", "chest", "barrel", "bedrock", "barrier", "water", "lava", "oak_sign", "oak_wall_sign",
        "oak_planks",
    }
)  # fmt: skip
"""Every block id the daemon places, replaces or tests for: hand chests, lockers, their shell and what
they may replace, signs and their supports."""

ENTITIES: frozenset[str] = frozenset({"armor_stand", "text_display", "marker", "block_display", "item"})
"""Every entity type the daemon summons or selects."""


def version_id(name: str, version: Version) -> str:
    """``name`` (``red_dye`` or ``minecraft:red_dye``) as ``version`` calls it; the prefix is kept."""
    namespace, sep, path = name.rpartition(":")
    if sep and namespace != "minecraft":
        return name
    for rename in RENAMES:
        if path == rename.old and version >= rename.since:
            return f"{namespace}{sep}{rename.new}"
    return name


__all__ = ["BLOCKS", "ENTITIES", "ITEMS", "RENAMES", "Rename", "version_id"]
