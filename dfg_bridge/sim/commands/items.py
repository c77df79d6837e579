"""``give``, ``item`` and ``clear`` (アイテム操作) with vanilla's slot rules and feedback."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dfg_bridge.sim.commands.call import Call
from dfg_bridge.sim.commands.selectors import find_players, find_required
from dfg_bridge.sim.commands.source import Source
from dfg_bridge.sim.commands.util import block_pos, item_from_arg
from dfg_bridge.sim.errors import CommandFailure
from dfg_bridge.sim.grammar.values import ItemPredicate, ItemSlot, ItemStackArg
from dfg_bridge.sim.world.clicks import add_to_inventory
from dfg_bridge.sim.world.entities import Entity, Player
from dfg_bridge.sim.world.items import ItemStack

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = ["SlotRef", "cmd_clear", "cmd_give", "cmd_item", "entity_slot"]

CURSOR = 499
CRAFTING = range(500, 504)


class SlotRef:
    """One addressable slot (vanilla ``SlotAccess``): read and write a stack."""

    def __init__(self, get: Callable[[], ItemStack | None], put: Callable[[ItemStack | None], None]) -> None:
        self.get = get
        self.put = put


def _list_slot(store: list[ItemStack | None], index: int) -> SlotRef:
    def put(stack: ItemStack | None) -> None:
        store[index] = stack if stack is not None and stack.count > 0 else None

    return SlotRef(lambda: store[index], put)


def entity_slot(entity: Entity, index: int) -> SlotRef | None:
    """``Entity.getSlot(int)`` for players (inventory, ender chest, armor, hands, cursor)."""
    if not isinstance(entity, Player):
        return None
    if 0 <= index < 36:
        return _list_slot(entity.inventory, index)
    if 200 <= index < 227:
        return _list_slot(entity.ender, index - 200)
    if index == 98:
        return _list_slot(entity.inventory, entity.selected)
    if index == 99:
        return _list_slot(entity.inventory, 40)
    if 100 <= index <= 103:
        return _list_slot(entity.inventory, 36 + index - 100)
    if index in CRAFTING:
        return _list_slot(entity.crafting, index - CRAFTING.start)
    if index == CURSOR:

        def put(stack: ItemStack | None) -> None:
            entity.cursor = stack if stack is not None and stack.count > 0 else None

        return SlotRef(lambda: entity.cursor, put)
    return None


def _container(ex: Executor, pos: tuple[int, int, int], key: str) -> list[ItemStack | None]:
    block = ex.world.block(pos)
    if block is None or not block.container_size:
        raise CommandFailure(ex.tr(key, *pos))
    if block.entity is None:
        from dfg_bridge.sim.world.blocks import BlockEntity

        block.entity = BlockEntity(items=[None] * block.container_size)
    return block.entity.items


def _overstack_check(ex: Executor, stack: ItemStack) -> None:
    limit = stack.max_stack_size(ex.texts)
    if stack.count > limit:
        raise CommandFailure(ex.tr("arguments.item.overstacked", stack.id, limit))


def cmd_give(ex: Executor, src: Source, call: Call) -> int:
    """``give <targets> <item> [count]`` (``GiveCommand.giveItem``)."""
    arg = call.arg("item")
    count = call.arg("count", 1)
    assert isinstance(arg, ItemStackArg) and isinstance(count, int)
    targets = find_players(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    one = item_from_arg(ex, arg, 1)
    limit = one.max_stack_size(ex.texts)
    if count > limit * 100:
        raise CommandFailure(
            ex.tr(
                "commands.give.failed.toomanyitems", limit * 100, one.with_count(count).display_name(ex.texts)
            )
        )
    for player in targets:
        left = count
        while left > 0:
            n = min(limit, left)
            left -= n
            rest = add_to_inventory(player, one.with_count(n), ex.texts)
            if rest is not None:
                # Vanilla drops what does not fit at the player's feet, owned by them.
                ex.world.dropped.append((player.pos, rest))
                player.dropped.append(rest)
    shown = one.with_count(count).display_name(ex.texts)
    if len(targets) == 1:
        ex.success(
            src,
            ex.tr("commands.give.success.single", count, shown, ex.display_name(targets[0])),
            broadcast=True,
        )
    else:
        ex.success(src, ex.tr("commands.give.success.multiple", count, shown, len(targets)), broadcast=True)
    return len(targets)


def _source_stack(ex: Executor, src: Source, call: Call) -> ItemStack | None:
    if call.has("with"):
        arg = call.arg("item")
        count = call.arg("count", 1)
        assert isinstance(arg, ItemStackArg) and isinstance(count, int)
        stack = item_from_arg(ex, arg, count)
        _overstack_check(ex, stack)
        return None if stack.id == "minecraft:air" else stack
    slot = call.arg("sourceSlot")
    assert isinstance(slot, ItemSlot)
    # After "from", the literal "block" or "entity" names the source kind (the second such literal).
    kinds = [lit for lit in call.literals if lit in ("block", "entity")]
    if kinds[-1] == "block":
        items = _container(ex, block_pos(src, call.arg("source")), "commands.item.source.not_a_container")
        if not 0 <= slot.index < len(items):
            raise CommandFailure(ex.tr("commands.item.source.no_such_slot", slot.index))
        return items[slot.index]
    from dfg_bridge.sim.commands.selectors import one_entity

    entity = one_entity(ex, src, call.arg("source"))  # type: ignore[arg-type]
    ref = entity_slot(entity, slot.index)
    if ref is None:
        raise CommandFailure(ex.tr("commands.item.source.no_such_slot", slot.index))
    return ref.get()


def cmd_item(ex: Executor, src: Source, call: Call) -> int:
    """``item replace block|entity … with|from …`` and ``item modify`` (``set_written_book_pages`` only)."""
    if call.lit(1) == "modify":
        return _modify(ex, src, call)
    if not call.has("replace"):
        ex.unmodelled["item " + call.lit(1)] += 1
        return 0
    stack = _source_stack(ex, src, call)
    slot = call.arg("slot")
    assert isinstance(slot, ItemSlot)
    if call.lit(2) == "block":
        pos = block_pos(src, call.arg("pos"))
        items = _container(ex, pos, "commands.item.target.not_a_container")
        if not 0 <= slot.index < len(items):
            raise CommandFailure(ex.tr("commands.item.target.no_such_slot", slot.index))
        items[slot.index] = stack
        shown = stack.display_name(ex.texts) if stack is not None else "[Air]"
        ex.success(src, ex.tr("commands.item.block.set.success", *pos, shown), broadcast=True)
        return 1
    targets = find_required(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    changed: list[Entity] = []
    for entity in targets:
        ref = entity_slot(entity, slot.index)
        if ref is not None:
            ref.put(stack)
            changed.append(entity)
    shown = stack.display_name(ex.texts) if stack is not None else "[Air]"
    if not changed:
        raise CommandFailure(ex.tr("commands.item.target.no_changed.known_item", shown, slot.index))
    if len(changed) == 1:
        ex.success(
            src,
            ex.tr("commands.item.entity.set.success.single", ex.display_name(changed[0]), shown),
            broadcast=True,
        )
    else:
        ex.success(
            src, ex.tr("commands.item.entity.set.success.multiple", len(changed), shown), broadcast=True
        )
    return len(changed)


def _modify(ex: Executor, src: Source, call: Call) -> int:
    """``ItemCommands.modifyBlockItem|modifyEntityItem`` with an inline modifier (``sim.world.books``)."""
    from dfg_bridge.sim.world.books import BookModifierError, apply_modifier

    modifier = call.arg("modifier")
    slot = call.arg("slot")
    assert isinstance(slot, ItemSlot)
    if not isinstance(modifier, (dict, list)):
        ex.unmodelled["item modify <id>"] += 1  # a data pack's modifier: none are loaded
        raise CommandFailure(ex.tr("argument.resource_or_id.invalid"))
    try:
        if call.lit(2) == "block":
            pos = block_pos(src, call.arg("pos"))
            items = _container(ex, pos, "commands.item.target.not_a_container")
            if not 0 <= slot.index < len(items):
                raise CommandFailure(ex.tr("commands.item.target.no_such_slot", slot.index))
            stack = apply_modifier(items[slot.index], modifier)
            items[slot.index] = stack
            shown = stack.display_name(ex.texts) if stack is not None else "[Air]"
            ex.success(src, ex.tr("commands.item.block.set.success", *pos, shown), broadcast=True)
            return 1
        targets = find_required(ex, src, call.arg("targets"))  # type: ignore[arg-type]
        changed: list[tuple[Entity, ItemStack | None]] = []
        for entity in targets:
            ref = entity_slot(entity, slot.index)
            if ref is not None:
                stack = apply_modifier(ref.get(), modifier)
                ref.put(stack)
                changed.append((entity, stack))
    except BookModifierError:
        ex.unmodelled["item modify"] += 1
        return 0
    if not changed:
        raise CommandFailure(ex.tr("commands.item.target.no_changes", slot.index))
    if len(changed) == 1:
        entity, stack = changed[0]
        shown = stack.display_name(ex.texts) if stack is not None else "[Air]"
        line = ex.tr("commands.item.entity.set.success.single", ex.display_name(entity), shown)
        ex.success(src, line, broadcast=True)
    else:
        shown = "[Air]"
        ex.success(
            src, ex.tr("commands.item.entity.set.success.multiple", len(changed), shown), broadcast=True
        )
    return len(changed)


def _clear_store(
    ex: Executor, store: list[ItemStack | None], predicate: ItemPredicate | None, budget: int, test: bool
) -> int:
    found = 0
    for i, stack in enumerate(store):
        if stack is None or not _matches(ex, predicate, stack):
            continue
        if test:
            found += stack.count
            continue
        if budget >= 0 and found >= budget:
            break
        take = stack.count if budget < 0 else min(stack.count, budget - found)
        found += take
        store[i] = stack.with_count(stack.count - take) if stack.count > take else None
    return found


def _matches(ex: Executor, predicate: ItemPredicate | None, stack: ItemStack) -> bool:
    if predicate is None:
        return True
    from dfg_bridge.sim.grammar.values import UnsupportedPredicateError

    try:
        return predicate.matches(stack.id, stack.components, stack.count)
    except UnsupportedPredicateError:
        ex.unmodelled["item predicate"] += 1
        return False


def cmd_clear(ex: Executor, src: Source, call: Call) -> int:
    """``clear [targets] [item] [maxCount]``: inventory, crafting grid and the cursor, not the ender chest.

    Vanilla's ``Inventory.clearOrCountMatchingItems(predicate, max, inventoryMenu.getCraftSlots())``
    takes the inventory (armour and off hand included), then the 2×2 crafting grid, then the carried
    stack (ARCHITECTURE §9: confirmed on a real 1.21.8 server).
    """
    if "targets" in call.args:
        targets = find_players(ex, src, call.arg("targets"))  # type: ignore[arg-type]
    elif isinstance(src.entity, Player):
        targets = [src.entity]
    else:
        raise CommandFailure(ex.tr("permissions.requires.player"))
    predicate = call.arg("item", None)
    assert predicate is None or isinstance(predicate, ItemPredicate)
    max_count = call.arg("maxCount", -1)
    assert isinstance(max_count, int)
    test = max_count == 0
    total = 0
    for player in targets:
        found = _clear_store(ex, player.inventory, predicate, max_count, test)
        budget = -1 if max_count < 0 else max(0, max_count - found)
        if test or budget != 0 or max_count < 0:
            found += _clear_store(ex, player.crafting, predicate, budget, test)
            budget = -1 if max_count < 0 else max(0, max_count - found)
        if player.cursor is not None and (test or budget != 0 or max_count < 0):
            cursor: list[ItemStack | None] = [player.cursor]
            found += _clear_store(ex, cursor, predicate, budget, test)
            player.cursor = cursor[0]
        total += found
    if total == 0:
        if len(targets) == 1:
            raise CommandFailure(ex.tr("clear.failed.single", targets[0].name))
        raise CommandFailure(ex.tr("clear.failed.multiple", len(targets)))
    if test:
        if len(targets) == 1:
            ex.success(
                src, ex.tr("commands.clear.test.single", total, ex.display_name(targets[0])), broadcast=True
            )
        else:
            ex.success(src, ex.tr("commands.clear.test.multiple", total, len(targets)), broadcast=True)
    elif len(targets) == 1:
        ex.success(
            src, ex.tr("commands.clear.success.single", total, ex.display_name(targets[0])), broadcast=True
        )
    else:
        ex.success(src, ex.tr("commands.clear.success.multiple", total, len(targets)), broadcast=True)
    return total
