"""Container menus and clicks (コンテナ画面とクリック) with vanilla's ``AbstractContainerMenu.doClick`` rules.

Slot numbering is the menu's, as the client sends it: a chest menu has its container slots first, then
the player's main inventory (inventory 9–35), then the hotbar (0–8); the player's own inventory menu has
0 crafting result, 1–4 crafting grid, 5–8 armor (head first), 9–35 main, 36–44 hotbar and 45 offhand.
``-999`` is a click outside the window. The click rules themselves are in :mod:`~dfg_bridge.sim.world.clicks`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable

from dfg_bridge.sim.errors import SimError
from dfg_bridge.sim.lang import Texts
from dfg_bridge.sim.world.entities import Player
from dfg_bridge.sim.world.items import ItemStack

__all__ = ["OUTSIDE", "ClickError", "ClickMode", "Menu", "MenuKind", "Slot", "chest_menu", "inventory_menu"]

OUTSIDE = -999
CONTAINER_MAX = 99
"""``Container.getMaxStackSize()`` since 1.20.5."""

_ARMOR_SUFFIXES = {
    "head": ("_helmet", "_head", "_skull"),
    "chest": ("_chestplate", "elytra"),
    "legs": ("_leggings",),
    "feet": ("_boots",),
}
_HEAD_ITEMS = frozenset({"minecraft:carved_pumpkin", "minecraft:turtle_helmet"})


class ClickMode(enum.Enum):
    """Vanilla's ``ClickType`` (what the client sends), plus ``drag`` as a three-phase convenience."""

    PICKUP = "pickup"
    """Left (button 0) or right (button 1) click."""
    QUICK_MOVE = "quick_move"
    """Shift-click."""
    SWAP = "swap"
    """Number key: button 0–8 is the hotbar slot, 40 the offhand."""
    CLONE = "clone"
    """Middle click (creative only)."""
    THROW = "throw"
    """Q (button 0, one item) or Ctrl+Q (button 1, the stack); only with an empty cursor."""
    QUICK_CRAFT = "quick_craft"
    """One drag packet: button = phase (0 start, 1 add, 2 end) | type << 2 (0 split, 1 one each, 2 clone)."""
    PICKUP_ALL = "pickup_all"
    """Double-click collect (the client sends it after a PICKUP on the same slot)."""


class MenuKind(enum.Enum):
    """Which screen is open."""

    INVENTORY = "inventory"
    """The player's own inventory (always open when nothing else is)."""
    CHEST = "chest"
    """A container block: chest (27), double chest (54), barrel, shulker box, …"""
    ENDER_CHEST = "ender_chest"
    """The player's ender chest (27)."""


@dataclasses.dataclass
class Slot:
    """One menu slot backed by ``store[index]``."""

    store: list[ItemStack | None]
    index: int
    max_size: int = CONTAINER_MAX
    accepts: Callable[[ItemStack], bool] | None = None
    output_only: bool = False

    @property
    def item(self) -> ItemStack | None:
        """The stack in the slot."""
        return self.store[self.index]

    @item.setter
    def item(self, stack: ItemStack | None) -> None:
        self.store[self.index] = stack if stack is not None and stack.count > 0 else None

    def may_place(self, stack: ItemStack) -> bool:
        """``Slot.mayPlace``."""
        if self.output_only:
            return False
        return self.accepts is None or self.accepts(stack)

    def max_for(self, stack: ItemStack, texts: Texts) -> int:
        """``Slot.getMaxStackSize(stack)``."""
        return min(self.max_size, stack.max_stack_size(texts))


def _armor_check(part: str) -> Callable[[ItemStack], bool]:
    def accepts(stack: ItemStack) -> bool:
        if part == "head" and stack.id in _HEAD_ITEMS:
            return True
        return stack.id.endswith(_ARMOR_SUFFIXES[part])

    return accepts


@dataclasses.dataclass
class Menu:
    """An open menu: its slots, the container part's size, and the drag (quick-craft) state."""

    kind: MenuKind
    slots: list[Slot]
    container_slots: int
    title: str = ""
    pos: tuple[int, int, int] | None = None
    quickcraft_status: int = 0
    quickcraft_type: int = -1
    quickcraft_slots: list[int] = dataclasses.field(default_factory=list)
    state_id: int = 0


def _player_part(player: Player) -> list[Slot]:
    inv = player.inventory
    return [Slot(inv, i) for i in range(9, 36)] + [Slot(inv, i) for i in range(9)]


def chest_menu(
    kind: MenuKind,
    stores: list[list[ItemStack | None]],
    player: Player,
    title: str,
    pos: tuple[int, int, int] | None,
) -> Menu:
    """A generic container menu over one or two container stores (a double chest has two)."""
    slots = [Slot(store, i) for store in stores for i in range(len(store))]
    size = len(slots)
    return Menu(kind, slots + _player_part(player), size, title, pos)


def inventory_menu(player: Player, crafting: list[ItemStack | None], result: list[ItemStack | None]) -> Menu:
    """The player's own inventory screen."""
    inv = player.inventory
    slots = [Slot(result, 0, output_only=True)]
    slots += [Slot(crafting, i) for i in range(4)]
    slots += [
        Slot(inv, 39, 1, _armor_check("head")),
        Slot(inv, 38, 1, _armor_check("chest")),
        Slot(inv, 37, 1, _armor_check("legs")),
        Slot(inv, 36, 1, _armor_check("feet")),
    ]
    slots += [Slot(inv, i) for i in range(9, 36)] + [Slot(inv, i) for i in range(9)]
    slots.append(Slot(inv, 40))
    return Menu(MenuKind.INVENTORY, slots, 0, "Inventory")


class ClickError(SimError):
    """A click the server rejects outright (bad slot index or mode)."""

    code = "bad_click"
