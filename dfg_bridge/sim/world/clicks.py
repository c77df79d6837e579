"""Vanilla's click rules (クリック処理): ``AbstractContainerMenu.doClick`` and ``Inventory.add``."""

from __future__ import annotations

from collections.abc import Callable

from dfg_bridge.sim.lang import Texts
from dfg_bridge.sim.world.entities import Player
from dfg_bridge.sim.world.items import ItemStack
from dfg_bridge.sim.world.menu import OUTSIDE, ClickError, ClickMode, Menu, MenuKind, Slot

__all__ = ["Clicker", "add_to_inventory"]


class Clicker:
    """Applies clicks to one menu for one player; ``drop`` receives thrown items."""

    def __init__(self, menu: Menu, player: Player, texts: Texts, drop: Callable[[ItemStack], None]) -> None:
        self.menu = menu
        self.player = player
        self.texts = texts
        self.drop = drop

    # -- helpers ----------------------------------------------------------------------------------------

    @property
    def carried(self) -> ItemStack | None:
        """The cursor stack."""
        return self.player.cursor

    @carried.setter
    def carried(self, stack: ItemStack | None) -> None:
        self.player.cursor = stack if stack is not None and stack.count > 0 else None

    def _slot(self, index: int) -> Slot:
        if not 0 <= index < len(self.menu.slots):
            raise ClickError(f"slot {index} is not in this menu (0-{len(self.menu.slots) - 1})")
        return self.menu.slots[index]

    def _safe_insert(self, slot: Slot, stack: ItemStack, amount: int) -> ItemStack | None:
        """``Slot.safeInsert``: put up to ``amount`` of ``stack`` into ``slot``; return what is left."""
        if not slot.may_place(stack):
            return stack
        current = slot.item
        room = slot.max_for(stack, self.texts) - (current.count if current is not None else 0)
        n = min(amount, stack.count, room)
        if n <= 0:
            return stack
        if current is None:
            slot.item = stack.with_count(n)
        elif current.same_item_same_components(stack):
            slot.item = current.with_count(current.count + n)
        else:
            return stack
        rest = stack.count - n
        return stack.with_count(rest) if rest > 0 else None

    def _take(self, slot: Slot, amount: int) -> ItemStack | None:
        current = slot.item
        if current is None or amount <= 0:
            return None
        n = min(amount, current.count)
        slot.item = current.with_count(current.count - n) if current.count > n else None
        return current.with_count(n)

    def _can_quick_replace(self, slot: Slot, stack: ItemStack, size_matters: bool) -> bool:
        current = slot.item
        if current is None:
            return True
        return current.same_item_same_components(stack) and (
            current.count + (0 if size_matters else stack.count) <= stack.max_stack_size(self.texts)
        )

    # -- clicks ---------------------------------------------------------------------------------------------

    def click(self, slot_index: int, button: int, mode: ClickMode) -> None:
        """``AbstractContainerMenu.doClick``."""
        menu = self.menu
        menu.state_id += 1
        if mode is ClickMode.QUICK_CRAFT:
            self._quick_craft(slot_index, button)
            return
        if menu.quickcraft_status != 0:
            self._reset_quick_craft()
            return
        if mode in (ClickMode.PICKUP, ClickMode.QUICK_MOVE) and button in (0, 1):
            if slot_index == OUTSIDE:
                if self.carried is not None:
                    if button == 0:
                        self.drop(self.carried)
                        self.carried = None
                    else:
                        self.drop(self.carried.with_count(1))
                        self.carried = self.carried.with_count(self.carried.count - 1)
                return
            if mode is ClickMode.QUICK_MOVE:
                self._quick_move_loop(slot_index)
            else:
                self._pickup(slot_index, button)
        elif mode is ClickMode.SWAP and (0 <= button < 9 or button == 40):
            self._swap(slot_index, button)
        elif mode is ClickMode.CLONE:
            if self.player.game_mode.value == "creative" and self.carried is None and slot_index >= 0:
                item = self._slot(slot_index).item
                if item is not None:
                    self.carried = item.with_count(item.max_stack_size(self.texts))
        elif mode is ClickMode.THROW and self.carried is None and slot_index >= 0:
            slot = self._slot(slot_index)
            item = slot.item
            if item is not None and not slot.output_only:
                taken = self._take(slot, 1 if button == 0 else item.count)
                if taken is not None:
                    self.drop(taken)
        elif mode is ClickMode.PICKUP_ALL and slot_index >= 0:
            self._pickup_all(slot_index, button)
        elif slot_index != OUTSIDE and not (mode is ClickMode.PICKUP or mode is ClickMode.QUICK_MOVE):
            pass  # vanilla ignores other combinations silently

    def _pickup(self, index: int, button: int) -> None:
        slot = self._slot(index)
        item = slot.item
        carried = self.carried
        if item is None:
            if carried is not None:
                self.carried = self._safe_insert(slot, carried, carried.count if button == 0 else 1)
            return
        if carried is None:
            amount = item.count if button == 0 else (item.count + 1) // 2
            self.carried = self._take(slot, amount)
            return
        if slot.may_place(carried):
            if item.same_item_same_components(carried):
                self.carried = self._safe_insert(slot, carried, carried.count if button == 0 else 1)
            elif carried.count <= slot.max_for(carried, self.texts):
                slot.item = carried
                self.carried = item
        elif item.same_item_same_components(carried):
            # An output slot: take what fits onto the cursor.
            room = carried.max_stack_size(self.texts) - carried.count
            if room >= item.count:
                taken = self._take(slot, item.count)
                if taken is not None:
                    self.carried = carried.with_count(carried.count + taken.count)

    def _swap(self, index: int, button: int) -> None:
        slot = self._slot(index)
        inv = self.player.inventory
        held = inv[button]
        item = slot.item
        if held is None and item is None:
            return
        if held is None:
            if not slot.output_only:
                inv[button] = item
                slot.item = None
        elif item is None:
            if slot.may_place(held):
                limit = slot.max_for(held, self.texts)
                if held.count > limit:
                    slot.item = held.with_count(limit)
                    inv[button] = held.with_count(held.count - limit)
                else:
                    inv[button] = None
                    slot.item = held
        elif not slot.output_only and slot.may_place(held):
            limit = slot.max_for(held, self.texts)
            if held.count > limit:
                slot.item = held.with_count(limit)
                inv[button] = held.with_count(held.count - limit)
                rest = add_to_inventory(self.player, item, self.texts)
                if rest is not None:
                    self.drop(rest)
            else:
                inv[button] = item
                slot.item = held

    def _quick_move_loop(self, index: int) -> None:
        slot = self._slot(index)
        moved = self._quick_move(index)
        # Vanilla repeats while the move made progress with the same item.
        while moved is not None and slot.item is not None and slot.item.id == moved.id:
            before = slot.item.count
            moved = self._quick_move(index)
            if slot.item is not None and slot.item.count == before:
                break

    def _quick_move(self, index: int) -> ItemStack | None:
        """``quickMoveStack`` for chest-like menus and the inventory menu; returns the stack before moving."""
        menu = self.menu
        slot = self._slot(index)
        item = slot.item
        if item is None:
            return None
        original = item
        total = len(menu.slots)
        if menu.kind is MenuKind.INVENTORY:
            if index == 0 or 1 <= index < 9:
                ranges = [(9, 45, False)]
            elif 9 <= index < 36:
                ranges = [(36, 45, False)]
            elif 36 <= index < 45:
                ranges = [(9, 36, False)]
            else:
                ranges = [(9, 45, False)]
            armor = [i for i in range(5, 9) if menu.slots[i].may_place(item) and menu.slots[i].item is None]
            if index >= 9 and armor:
                ranges = [(armor[0], armor[0] + 1, False)]
        elif index < menu.container_slots:
            ranges = [(menu.container_slots, total, True)]
        else:
            ranges = [(0, menu.container_slots, False)]
        rest: ItemStack | None = item
        for start, end, reverse in ranges:
            if rest is None:
                break
            rest = self._move_to(rest, start, end, reverse)
        if rest is not None and rest.count == item.count:
            return None
        slot.item = rest
        return original

    def _move_to(self, stack: ItemStack, start: int, end: int, reverse: bool) -> ItemStack | None:
        """``moveItemStackTo``: merge into matching stacks, then fill the first empty slot."""
        order = list(range(end - 1, start - 1, -1)) if reverse else list(range(start, end))
        rest: ItemStack | None = stack
        if stack.max_stack_size(self.texts) > 1:
            for i in order:
                if rest is None:
                    break
                slot = self.menu.slots[i]
                current = slot.item
                if current is not None and current.same_item_same_components(rest):
                    limit = slot.max_for(rest, self.texts)
                    room = limit - current.count
                    if room > 0:
                        n = min(room, rest.count)
                        slot.item = current.with_count(current.count + n)
                        rest = rest.with_count(rest.count - n) if rest.count > n else None
        if rest is not None:
            for i in order:
                slot = self.menu.slots[i]
                if slot.item is None and slot.may_place(rest):
                    limit = slot.max_for(rest, self.texts)
                    if rest.count > limit:
                        slot.item = rest.with_count(limit)
                        rest = rest.with_count(rest.count - limit)
                    else:
                        slot.item = rest
                        rest = None
                    break
        return rest

    def _pickup_all(self, index: int, button: int) -> None:
        slot = self._slot(index)
        carried = self.carried
        if carried is None or slot.item is not None:
            return  # vanilla collects only onto an empty (or not pickable) slot
        total = len(self.menu.slots)
        start, step = (0, 1) if button == 0 else (total - 1, -1)
        limit = carried.max_stack_size(self.texts)
        for sweep in range(2):
            i = start
            while 0 <= i < total and carried.count < limit:
                other = self.menu.slots[i]
                item = other.item
                if (
                    item is not None
                    and self._can_quick_replace(other, carried, True)
                    and not other.output_only
                    and (sweep != 0 or item.count != item.max_stack_size(self.texts))
                ):
                    taken = self._take(other, min(item.count, limit - carried.count))
                    if taken is not None:
                        carried = carried.with_count(carried.count + taken.count)
                i += step
        self.carried = carried

    def _reset_quick_craft(self) -> None:
        self.menu.quickcraft_status = 0
        self.menu.quickcraft_slots.clear()

    def _quick_craft(self, index: int, button: int) -> None:
        menu = self.menu
        previous = menu.quickcraft_status
        menu.quickcraft_status = button & 3
        if (previous != 1 or menu.quickcraft_status != 2) and previous != menu.quickcraft_status:
            self._reset_quick_craft()
            return
        if self.carried is None:
            self._reset_quick_craft()
            return
        if menu.quickcraft_status == 0:
            menu.quickcraft_type = (button >> 2) & 3
            creative = self.player.game_mode.value == "creative"
            if menu.quickcraft_type in (0, 1) or (menu.quickcraft_type == 2 and creative):
                menu.quickcraft_status = 1
                menu.quickcraft_slots.clear()
            else:
                self._reset_quick_craft()
            return
        if menu.quickcraft_status == 1:
            slot = self._slot(index)
            carried = self.carried
            if (
                self._can_quick_replace(slot, carried, True)
                and slot.may_place(carried)
                and (menu.quickcraft_type == 2 or carried.count > len(menu.quickcraft_slots))
                and index not in menu.quickcraft_slots
            ):
                menu.quickcraft_slots.append(index)
            return
        if menu.quickcraft_status == 2:
            chosen = list(menu.quickcraft_slots)
            kind = menu.quickcraft_type
            self._reset_quick_craft()
            if not chosen:
                return
            if len(chosen) == 1:
                self.click(chosen[0], kind, ClickMode.PICKUP)
                return
            template = self.carried
            remaining = template.count
            for i in chosen:
                slot = self.menu.slots[i]
                current = self.carried
                if current is None:
                    break
                if (
                    self._can_quick_replace(slot, current, True)
                    and slot.may_place(current)
                    and (kind == 2 or current.count >= len(chosen))
                ):
                    had = slot.item.count if slot.item is not None else 0
                    cap = min(template.max_stack_size(self.texts), slot.max_for(template, self.texts))
                    share = template.count // len(chosen) if kind == 0 else (1 if kind == 1 else cap)
                    n = min(share + had, cap)
                    remaining -= n - had
                    slot.item = template.with_count(n)
            self.carried = template.with_count(remaining) if remaining > 0 else None
            return
        self._reset_quick_craft()


def add_to_inventory(player: Player, stack: ItemStack, texts: Texts) -> ItemStack | None:
    """``Inventory.add``: top up matching stacks (selected slot, offhand, then 0–35), then empty slots.

    Returns what did not fit.
    """
    inv = player.inventory
    rest: ItemStack | None = stack
    limit = stack.max_stack_size(texts)
    order = [player.selected, 40, *range(36)]
    if limit > 1:
        for i in order:
            if rest is None:
                break
            current = inv[i]
            if (
                current is not None
                and current.same_item_same_components(rest)
                and current.count < min(limit, 99)
            ):
                n = min(min(limit, 99) - current.count, rest.count)
                inv[i] = current.with_count(current.count + n)
                rest = rest.with_count(rest.count - n) if rest.count > n else None
    while rest is not None:
        free = next((i for i in range(36) if inv[i] is None), None)
        if free is None:
            break
        n = min(limit, rest.count)
        inv[free] = rest.with_count(n)
        rest = rest.with_count(rest.count - n) if rest.count > n else None
    return rest
