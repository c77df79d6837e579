"""Item audits for custody tests: where every item in the simulated world is, exactly.

``census`` counts every item by identity (its exact SNBT at count 1) over every known player's
inventory, ender chest, cursor and crafting grid, every container, and every item entity on the
ground: a custody bug that loses or duplicates an item changes it, whatever the player did with
their items. The daemon's own items (``custom_data.dfg``: cards, keys, buttons) are not counted.
``slots`` is one player's per-slot exact SNBT, for "given back exactly as taken".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from dfg_bridge.sim import SimServer
from dfg_bridge.sim.grammar.snbt import format_snbt
from dfg_bridge.sim.world.items import ItemStack


def _ours(stack: ItemStack) -> bool:
    data = stack.components.get("minecraft:custom_data")
    return isinstance(data, dict) and "dfg" in data


def _snbt(sim: SimServer, stack: ItemStack) -> str:
    return format_snbt(stack.to_nbt(json_text=sim.world.json_text), order="insertion")


def identity(sim: SimServer, item: str) -> str:
    """The census identity of a plain item (``diamond``): its SNBT at count 1."""
    return _snbt(sim, ItemStack(item if ":" in item else f"minecraft:{item}", 1))


def census(sim: SimServer) -> Counter[str]:
    """Item counts by identity over all players, containers and the ground."""
    world = sim.world
    stacks: list[ItemStack | None] = []
    with sim.executor.lock:
        for player in world.players.values():
            stacks += [*player.inventory, *player.ender, *player.crafting, player.cursor]
        for block in world.blocks.values():
            if block.entity is not None and block.container_size:
                stacks += block.entity.items
        for entity in world.entities.values():
            if entity.alive and entity.type == "minecraft:item" and "Item" in entity.nbt:
                stacks.append(ItemStack.from_nbt(entity.nbt["Item"], json_text=world.json_text))
        total: Counter[str] = Counter()
        for stack in stacks:
            if stack is not None and not _ours(stack):
                total[_snbt(sim, stack.with_count(1))] += stack.count
    return total


def slots(sim: SimServer, name: str) -> dict[str, str]:
    """The player's every occupied slot as exact SNBT (inventory, ender chest, cursor, crafting grid)."""
    with sim.executor.lock:
        player = sim.world.player(name)
        assert player is not None, name
        out: dict[str, str] = {}
        stores: Iterable[tuple[str, list[ItemStack | None]]] = (
            ("inv", player.inventory),
            ("ender", player.ender),
            ("crafting", player.crafting),
        )
        for prefix, store in stores:
            for i, stack in enumerate(store):
                if stack is not None:
                    out[f"{prefix}.{i}"] = _snbt(sim, stack)
        if player.cursor is not None:
            out["cursor"] = _snbt(sim, player.cursor)
    return out


def difference(before: Counter[str], after: Counter[str]) -> tuple[int, int]:
    """(items lost, items duplicated) between two censuses."""
    return sum((before - after).values()), sum((after - before).values())
