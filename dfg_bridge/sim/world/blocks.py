"""Blocks and block entities (ブロック): containers with their lock, and signs with their texts."""

from __future__ import annotations

import dataclasses
from typing import Any

from dfg_bridge.sim.world.items import ItemStack

__all__ = ["CONTAINER_SIZES", "Block", "BlockEntity", "is_sign", "sign_item", "sign_support", "sturdy"]

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


_OPPOSITE = {"north": (0, 0, 1), "south": (0, 0, -1), "east": (-1, 0, 0), "west": (1, 0, 0)}
# Blocks with no sturdy face, of those a sign could end up next to (the rest count as solid).
_NOT_STURDY = frozenset(
    {"minecraft:air", "minecraft:cave_air", "minecraft:void_air", "minecraft:water", "minecraft:lava",
     "minecraft:torch", "minecraft:wall_torch", "minecraft:redstone_torch", "minecraft:redstone_wall_torch",
     "minecraft:lever", "minecraft:ladder", "minecraft:light", "minecraft:short_grass", "minecraft:snow"}
)  # fmt: skip


def sturdy(block_id: str) -> bool:
    """Whether a block can hold a sign (``Block.isFaceSturdy``/``isSolid``, approximated)."""
    return block_id not in _NOT_STURDY and not is_sign(block_id)


def sign_support(block: Block, pos: tuple[int, int, int]) -> tuple[int, int, int] | None:
    """Where a standing or wall sign at ``pos`` rests (below it, or behind it); ``None`` for hanging signs.

    ``StandingSignBlock``/``WallSignBlock.canSurvive``: a sign without that block stays where
    ``setblock`` put it until a shape update comes from there, then breaks and drops (``updateShape``).
    """
    if block.id.endswith("_wall_sign") and "hanging" not in block.id:
        dx, dy, dz = _OPPOSITE[block.properties.get("facing", "north")]
        return (pos[0] + dx, pos[1] + dy, pos[2] + dz)
    if block.id.endswith("_sign") and "hanging" not in block.id:
        return (pos[0], pos[1] - 1, pos[2])
    return None


def sign_item(block_id: str) -> str:
    """The item a broken sign drops (``oak_wall_sign`` → ``oak_sign``)."""
    return block_id.replace("_wall_", "_")


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
