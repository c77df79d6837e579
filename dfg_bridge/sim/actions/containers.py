"""Containers for fake players (コンテナ操作): open (lock, reach, lid), click, close."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.actions.common import ActionError, drop_for, online
from dfg_bridge.sim.grammar.nbt import compare_nbt
from dfg_bridge.sim.world import stats
from dfg_bridge.sim.world import text as textmod
from dfg_bridge.sim.world.blocks import Block, BlockEntity
from dfg_bridge.sim.world.clicks import Clicker, add_to_inventory
from dfg_bridge.sim.world.entities import Player
from dfg_bridge.sim.world.items import ItemStack, component_from_nbt, namespaced
from dfg_bridge.sim.world.menu import ClickMode, Menu, MenuKind, chest_menu, inventory_menu

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = [
    "click",
    "close",
    "close_menu",
    "in_reach",
    "lock_predicate_matches",
    "open_container",
    "still_valid",
]

REACH = 4.5 + 1.0
"""``block_interaction_range`` (4.5) plus the server's 1.0 tolerance (``canInteractWithBlock(pos, 1.0)``)."""
_DIRECTIONS = {"north": (0, 0, -1), "east": (1, 0, 0), "south": (0, 0, 1), "west": (-1, 0, 0)}
_CLOCKWISE = {"north": "east", "east": "south", "south": "west", "west": "north"}
_COUNTER = {v: k for k, v in _CLOCKWISE.items()}
_SOLID_SUFFIXES = (
    "_planks",
    "_log",
    "_wood",
    "stone",
    "cobblestone",
    "dirt",
    "grass_block",
    "_wool",
    "_concrete",
    "terracotta",
    "bricks",
    "sandstone",
    "_ore",
    "obsidian",
    "bedrock",
    "iron_block",
    "gold_block",
    "diamond_block",
    "quartz_block",
    "deepslate",
    "netherrack",
    "end_stone",
    "barrel",
    "crafting_table",
    "bookshelf",
)
_TRANSPARENT_HINTS = ("glass", "slab", "stairs", "leaves", "sign", "chest", "carpet", "fence", "wall", "pane")


def in_reach(player: Player, pos: tuple[int, int, int], reach: float = REACH) -> bool:
    """``canInteractWithBlock``: the block is within reach of the player's eyes."""
    eye = (player.pos[0], player.pos[1] + 1.62, player.pos[2])
    nearest = [min(max(eye[i], pos[i]), pos[i] + 1) for i in range(3)]
    return sum((eye[i] - nearest[i]) ** 2 for i in range(3)) < reach**2


def still_valid(player: Player, pos: tuple[int, int, int]) -> bool:
    """``Container.stillValidBlockEntity``: ``canInteractWithBlock(pos, 4.0)``, checked every tick."""
    return in_reach(player, pos, 4.5 + 4.0)


def _blocked_above(ex: Executor, pos: tuple[int, int, int]) -> bool:
    above = ex.world.block_id((pos[0], pos[1] + 1, pos[2])).split(":", 1)[-1]
    if above == "air" or any(h in above for h in _TRANSPARENT_HINTS):
        return False
    return above.endswith(_SOLID_SUFFIXES)


def _lock_ok(ex: Executor, be: BlockEntity, held: ItemStack | None) -> bool:
    """``LockCode.unlocksWith``: a name (1.20.5–1.21.1) or an item predicate (1.21.2+)."""
    lock = be.lock
    if lock is None or lock in ("", {}):
        return True
    if ex.world.version < (1, 21, 2):
        if not isinstance(lock, str) or held is None:
            return not isinstance(lock, str)
        name = held.custom_name
        return name is not None and textmod.plain_text(name) == lock
    if not isinstance(lock, dict):
        return True  # LockCode.fromTag: a "lock" that is no item predicate loads as NO_LOCK
    if held is None:
        return False
    return lock_predicate_matches(ex, lock, held)


def lock_predicate_matches(ex: Executor, pred: dict[str, Any], stack: ItemStack) -> bool:
    """Vanilla ``ItemPredicate.test`` for the ``lock`` compound: items, count, components, predicates."""
    items = pred.get("items")
    if items is not None:
        wanted = (
            [items]
            if isinstance(items, str)
            else [i for i in items if isinstance(i, str)]
            if isinstance(items, list)
            else []
        )
        if not any(not w.startswith("#") and namespaced(w) == stack.id for w in wanted):
            return False
    count = pred.get("count")
    if count is not None:
        value = getattr(count, "value", None)
        if isinstance(value, int) and stack.count != value:
            return False
        if isinstance(count, dict):
            low = getattr(count.get("min"), "value", None)
            high = getattr(count.get("max"), "value", None)
            if (low is not None and stack.count < low) or (high is not None and stack.count > high):
                return False
    components = pred.get("components")
    if isinstance(components, dict):
        for key, value in components.items():
            name = namespaced(key)
            expected = component_from_nbt(name, value, ex.world.json_text)
            if stack.components.get(name) != expected:
                return False
    predicates = pred.get("predicates")
    if isinstance(predicates, dict):
        for key, value in predicates.items():
            if namespaced(key) != "minecraft:custom_data":
                return False  # other sub-predicates are not modelled: refuse rather than be lenient
            if not compare_nbt(value, stack.components.get("minecraft:custom_data"), partial_lists=True):
                return False
    return True


def _chest_partner(
    ex: Executor, pos: tuple[int, int, int], block: Block
) -> tuple[tuple[int, int, int], Block] | None:
    kind = block.properties.get("type", "single")
    facing = block.properties.get("facing", "north")
    if kind == "single" or block.id not in ("minecraft:chest", "minecraft:trapped_chest"):
        return None
    direction = _CLOCKWISE[facing] if kind == "left" else _COUNTER[facing]
    dx, dy, dz = _DIRECTIONS[direction]
    other_pos = (pos[0] + dx, pos[1] + dy, pos[2] + dz)
    other = ex.world.block(other_pos)
    if (
        other is None
        or other.id != block.id
        or other.properties.get("facing", "north") != facing
        or other.properties.get("type") != ("right" if kind == "left" else "left")
    ):
        return None
    return other_pos, other


def _title(ex: Executor, block: Block, double: bool) -> str:
    be = block.entity
    if be is not None and be.custom_name is not None:
        return textmod.plain_text(be.custom_name)
    path = block.id.split(":", 1)[-1]
    if double:
        return ex.tr("container.chestDouble")
    key = {
        "chest": "container.chest",
        "trapped_chest": "container.chest",
        "barrel": "container.barrel",
        "dispenser": "container.dispenser",
        "dropper": "container.dropper",
        "hopper": "container.hopper",
    }.get(path)
    if key is None and path.endswith("shulker_box"):
        key = "container.shulkerBox"
    return ex.tr(key) if key is not None else ex.texts.item_name(block.id)


def open_container(
    ex: Executor,
    name: str,
    pos: tuple[int, int, int] | None = None,
    *,
    enderchest: bool = False,
    force: bool = False,
) -> dict[str, Any]:
    """Right-click a container block (lock, blocked lid and reach apply) or open the ender chest."""
    player = online(ex, name)
    spectator = player.game_mode.value == "spectator"
    if enderchest:
        close_menu(ex, player)
        player.book = None
        player.menu = chest_menu(
            MenuKind.ENDER_CHEST, [player.ender], player, ex.tr("container.enderchest"), None
        )
        if not spectator:
            stats.award(ex.world, player, "open_enderchest")
        return {"opened": True, "title": player.menu.title}
    assert pos is not None
    block = ex.world.block(pos)
    if block is None or not block.container_size:
        raise ActionError(f"no container at {pos}", code="not_a_container", status=404)
    if not force and not in_reach(player, pos):
        raise ActionError(f"{pos} is out of {player.name}'s reach", code="out_of_reach")
    parts = [(pos, block)]
    partner = _chest_partner(ex, pos, block)
    if partner is not None:
        # The half of type=right is the top one (DoubleBlockCombiner's FIRST).
        parts = (
            [(pos, block), partner] if block.properties.get("type") == "right" else [partner, (pos, block)]
        )
    if block.id.endswith("chest") and any(_blocked_above(ex, p) for p, _ in parts):
        return {"opened": False, "reason": "blocked"}
    held = player.inventory[player.selected]
    stat = None if spectator else stats.open_stat(block.id)
    if not spectator:
        for _, half in parts:
            be = half.entity or BlockEntity(items=[None] * half.container_size)
            if not _lock_ok(ex, be, held):
                shown = _title(ex, half, False)
                player.actionbar = {"text": ex.tr("container.isLocked", shown)}
                if stat is not None and not ex.paper:
                    stats.award(ex.world, player, stat)  # vanilla counts the try (see world.stats)
                return {"opened": False, "reason": "locked", "message": player.actionbar["text"]}
    stores = []
    for _, half in parts:
        if half.entity is None:
            half.entity = BlockEntity(items=[None] * half.container_size)
        stores.append(half.entity.items)
    close_menu(ex, player)
    player.book = None
    player.menu = chest_menu(MenuKind.CHEST, stores, player, _title(ex, block, partner is not None), pos)
    if stat is not None:
        stats.award(ex.world, player, stat)
    return {"opened": True, "title": player.menu.title, "size": player.menu.container_slots}


def _own_menu(player: Player) -> Menu:
    if player.own_menu is None:
        player.own_menu = inventory_menu(player, player.crafting, [None])
    menu: Menu = player.own_menu
    return menu


def click(
    ex: Executor, name: str, slot: int, mode: str, *, button: int = 0, slots: list[int] | None = None
) -> bool:
    """One click in the open menu (or the own inventory); ``drag`` runs the three quick-craft phases.

    Returns ``False`` when the server ignored the click (the player is a spectator).
    """
    player = online(ex, name)
    if player.game_mode.value == "spectator":
        # ServerGamePacketListenerImpl.handleContainerClick: a spectator's click is answered with
        # sendAllDataToRemote() and changes nothing (1.21.1).
        return False
    menu = player.menu if player.menu is not None else _own_menu(player)
    clicker = Clicker(menu, player, ex.texts, drop_for(ex, player))
    if mode == "drag":
        if not slots:
            raise ActionError("drag needs a non-empty list of slots", code="bad_click", status=400)
        kind = button if button in (0, 1, 2) else 0
        clicker.click(-999, (kind << 2) | 0, ClickMode.QUICK_CRAFT)
        for index in slots:
            clicker.click(index, (kind << 2) | 1, ClickMode.QUICK_CRAFT)
        clicker.click(-999, (kind << 2) | 2, ClickMode.QUICK_CRAFT)
        return True
    try:
        click_mode = ClickMode(mode)
    except ValueError:
        raise ActionError(f"unknown click mode {mode!r}", code="bad_click", status=400) from None
    clicker.click(slot, button, click_mode)
    return True


def close_menu(ex: Executor, player: Player, *, disconnected: bool = False) -> None:
    """``AbstractContainerMenu.removed`` and ``InventoryMenu``'s ``clearContainer(craftSlots)``.

    The cursor and the 2×2 crafting grid go back into the inventory (what does not fit is dropped); a
    player who disconnected (``hasDisconnected()``) or died gets them dropped instead, since
    ``Player.remove`` closes the menus after ``PlayerList.remove`` saved the player (1.21.1
    ``AbstractContainerMenu.removed``/``clearContainer``, ``Player.remove``).
    """
    drop = drop_for(ex, player)
    held = [player.cursor, *player.crafting]
    player.cursor = None
    player.crafting[:] = [None] * len(player.crafting)
    for stack in held:
        if stack is None:
            continue
        rest = stack if disconnected else add_to_inventory(player, stack, ex.texts)
        if rest is not None:
            drop(rest)
    player.menu = None


def close(ex: Executor, name: str) -> None:
    """Close the open screen (a container, a book or a dialog: Esc)."""
    player = online(ex, name)
    player.book = None
    player.dialog = None
    close_menu(ex, player)
