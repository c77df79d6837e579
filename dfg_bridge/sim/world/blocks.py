"""Blocks and block entities (ブロック): containers with their lock, and signs with their texts."""

from __future__ import annotations

import dataclasses
from typing import Any

from dfg_bridge.sim.world.items import ItemStack

__all__ = ["CONTAINER_SIZES", "Block", "BlockEntity", "is_sign"]

CONTAINER_SIZES: dict[str, int] = {
    "minecraft:chest": 27,
    "minecraft:trapped_chest": 27,
    "minecraft:barrel": 27,
    "minecraft:dispenser": 9,
    "minecraft:dropper": 9,
    "minecraft:hopper": 5,
    **{
        f"minecraft:{color}shulker_box": 27
        for color in (
            "",
            "white_",
            "orange_",
            "magenta_",
            "light_blue_",
            "yellow_",
            "lime_",
            "pink_",
            "gray_",
            "light_gray_",
            "cyan_",
            "purple_",
            "blue_",
            "brown_",
            "green_",
            "red_",
            "black_",
        )
    },
}
"""Block id → number of slots, for the containers the sim models."""

_WOODS = (
    "oak",
    "spruce",
    "birch",
    "jungle",
    "acacia",
    "dark_oak",
    "mangrove",
    "cherry",
    "bamboo",
    "crimson",
    "warped",
    "pale_oak",
)
_SIGNS = frozenset(
    f"minecraft:{wood}_{kind}"
    for wood in _WOODS
    for kind in ("sign", "wall_sign", "hanging_sign", "wall_hanging_sign")
)


def is_sign(block_id: str) -> bool:
    """Whether a block id is one of the sign kinds (standing, wall, hanging)."""
    return block_id in _SIGNS


@dataclasses.dataclass
class BlockEntity:
    """A block entity: container slots, lock and custom name, or a sign's text; ``extra`` keeps the rest."""

    items: list[ItemStack | None] = dataclasses.field(default_factory=list)
    lock: Any = None
    """1.20.5–1.21.1: the ``Lock`` string; 1.21.2+: the ``lock`` item-predicate compound."""
    custom_name: dict[str, Any] | None = None
    front_text: dict[str, Any] | None = None
    back_text: dict[str, Any] | None = None
    is_waxed: bool = False
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class Block:
    """A non-air block: id, block-state properties and its block entity if it has one."""

    id: str
    properties: dict[str, str] = dataclasses.field(default_factory=dict)
    entity: BlockEntity | None = None

    @property
    def container_size(self) -> int:
        """Slots if this is a container, else 0."""
        return CONTAINER_SIZES.get(self.id, 0)
