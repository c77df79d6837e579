"""What an unlucky or hostile player does with their items (持ち物への妨害操作), as one action value.

An action is a JSON object ``{"kind": …, …}``; :func:`perform` runs it on the server thread (the
caller holds ``executor.lock``) and returns what happened. Player slots are inventory indices as
``GET /players/{name}`` lists them: 0–8 hotbar, 9–35 main, 36–39 armour (feet … head), 40 off hand.

============  ===============================================  ==========================================
kind          fields                                            what a real client sends
============  ===============================================  ==========================================
drop          ``slot``, ``all``?                                Q / Ctrl+Q over the slot (THROW click)
move          ``from``, ``to``                                  pick up, put down (swaps or merges), put back
swap_hotbar   ``slot``, ``hotbar`` (0–8, 40 = off hand)         a number key over the slot (SWAP click)
hold          ``slot``, ``half``?                               pick a stack up onto the cursor and keep it
craft         ``slot``, ``grid`` (0–3), ``half``?               put a stack into the 2×2 crafting grid
offhand       —                                                 F (swap main hand and off hand)
drop_cursor   —                                                 click outside the window with a held stack
open          ``pos`` [x, y, z]                                 right-click a container (reach, locks apply)
close         —                                                 close the screen (cursor, grid → inventory)
disconnect    —                                                 quit (cursor and grid are dropped)
rejoin        —                                                 log in again (no-op when online)
relog         —                                                 quit and log in again
die           —                                                 lethal damage (everything is dropped)
snapshot      —                                                 nothing: reports every slot's exact SNBT
rename        ``slot``, ``name``                                anvil: renames the stack (≤ 50 characters)
click         ``menu_slot``, ``mode``?, ``button``?             one click in the open screen (menu index)
command       ``text``                                          types a command
chat          ``text``                                          chats
============  ===============================================  ==========================================

Spectators are held to vanilla's rules (1.21.1 ``ServerGamePacketListenerImpl``): container clicks are
answered with ``sendAllDataToRemote()`` and change nothing, ``DROP_ITEM``/``DROP_ALL_ITEMS``/
``SWAP_ITEM_WITH_OFFHAND`` are skipped for spectators, and a spectator's abilities make them
invulnerable (only ``/kill`` and the void hurt them). Closing a screen and disconnecting still work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.actions.common import ActionError, drop_for, online
from dfg_bridge.sim.actions.containers import click, close_menu, open_container
from dfg_bridge.sim.actions.players import chat, join, leave, player_command
from dfg_bridge.sim.grammar.snbt import format_snbt
from dfg_bridge.sim.world.entities import GameMode, Player
from dfg_bridge.sim.world.items import ItemStack
from dfg_bridge.sim.world.menu import MenuKind

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = ["KINDS", "inventory_snapshot", "perform"]

KINDS = (
    "drop",
    "move",
    "swap_hotbar",
    "hold",
    "craft",
    "offhand",
    "drop_cursor",
    "open",
    "close",
    "disconnect",
    "rejoin",
    "relog",
    "die",
    "snapshot",
    "rename",
    "click",
    "command",
    "chat",
)
"""Every action kind :func:`perform` knows."""

_ARMOUR_MENU = {36: 8, 37: 7, 38: 6, 39: 5}
"""Inventory index of an armour piece → its slot in the player's own inventory menu."""


def _slot_arg(action: dict[str, Any], key: str, low: int = 0, high: int = 40) -> int:
    value = action.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ActionError(f"{key!r} must be an integer {low}-{high}", code="bad_action", status=400)
    return value


def _menu_index(player: Player, index: int) -> int | None:
    """Where inventory slot ``index`` is in the menu the player has open (own inventory if none)."""
    menu = player.menu
    if menu is None or menu.kind is MenuKind.INVENTORY:
        if 0 <= index < 9:
            return 36 + index
        if 9 <= index < 36:
            return index
        if index == 40:
            return 45
        return _ARMOUR_MENU.get(index)
    base: int = menu.container_slots
    if 9 <= index < 36:
        return base + index - 9
    if 0 <= index < 9:
        return base + 27 + index
    return None  # armour and off hand are not part of a container screen


def _own_inventory(ex: Executor, player: Player) -> None:
    """Open the player's inventory screen (closing a container first, as a client must)."""
    if player.menu is not None:
        close_menu(ex, player)


def _click(ex: Executor, player: Player, index: int | None, mode: str, button: int = 0) -> bool:
    if index is None:
        raise ActionError("that slot is not in the open screen", code="not_in_menu")
    return click(ex, player.name, index, mode, button=button)


def _stack_view(ex: Executor, stack: ItemStack | None) -> str | None:
    return (
        None if stack is None else format_snbt(stack.to_nbt(json_text=ex.world.json_text), order="insertion")
    )


def inventory_snapshot(ex: Executor, player: Player) -> dict[str, str]:
    """Every occupied slot as exact SNBT: ``inv.N``, ``ender.N``, ``cursor``, ``crafting.N``."""
    out: dict[str, str] = {}
    for prefix, store in (("inv", player.inventory), ("ender", player.ender), ("crafting", player.crafting)):
        for i, stack in enumerate(store):
            text = _stack_view(ex, stack)
            if text is not None:
                out[f"{prefix}.{i}"] = text
    cursor = _stack_view(ex, player.cursor)
    if cursor is not None:
        out["cursor"] = cursor
    return out


def _die(ex: Executor, player: Player) -> dict[str, Any]:
    if player.game_mode in (GameMode.SPECTATOR, GameMode.CREATIVE):
        # Abilities.invulnerable (spectator and creative): only /kill and the void get through.
        return {"ignored": "invulnerable"}
    drop = drop_for(ex, player)
    close_menu(ex, player, disconnected=True)  # !isAlive(): cursor and grid are dropped too
    if not ex.world.gamerules.get("keepInventory", False):
        for i, stack in enumerate(player.inventory):
            if stack is not None:
                drop(stack)
                player.inventory[i] = None
    ex.world.dismount(player)
    ex.log.info(ex.tr("death.attack.generic", ex.display_name(player)))
    player.pos = ex.world.spawn  # respawned at once
    return {"died": True}


ANVIL_NAME_LIMIT = 50
"""``AnvilMenu.validateName`` (1.20.5–1.21.11): a name longer than 50 characters is refused."""


def _rename(player: Player, slot: int, name: str) -> dict[str, Any]:
    """An anvil rename: ``StringUtil.filterText`` drops ``§`` and control characters, the name must be
    1–50 characters, and the stack's ``custom_name`` becomes the plain text (``Component.literal``)."""
    text = "".join(ch for ch in name if ch != "§" and ord(ch) >= 32 and ord(ch) != 127)
    stack = player.inventory[slot]
    if stack is None or not text.strip() or len(text) > ANVIL_NAME_LIMIT:
        return {"renamed": False, "reason": "too_long" if len(text) > ANVIL_NAME_LIMIT else "refused"}
    components = {**stack.components, "minecraft:custom_name": {"text": text}}
    player.inventory[slot] = ItemStack(stack.id, stack.count, components)
    return {"renamed": True}


def perform(ex: Executor, name: str, action: dict[str, Any]) -> dict[str, Any]:
    """Run one action for player ``name``; ``{"kind", "done": bool, …}`` says what happened."""
    kind = action.get("kind")
    if kind not in KINDS:
        raise ActionError(f"unknown action kind {kind!r}", code="bad_action", status=400)
    result: dict[str, Any] = {"kind": kind}
    if kind == "rejoin":
        known = ex.world.player(name)
        if known is not None and known.online:
            return {**result, "done": False, "ignored": "online"}
        join(ex, name)
        return {**result, "done": True}
    player = online(ex, name)
    before = inventory_snapshot(ex, player)
    if kind == "snapshot":
        return {**result, "done": True, "slots": before, "game_mode": player.game_mode.value}
    spectator = player.game_mode is GameMode.SPECTATOR
    if kind == "drop":
        button = 1 if action.get("all", False) else 0
        _click(ex, player, _menu_index(player, _slot_arg(action, "slot")), "throw", button)
    elif kind == "move":
        source, target = _slot_arg(action, "from"), _slot_arg(action, "to")
        if _click(ex, player, _menu_index(player, source), "pickup"):
            _click(ex, player, _menu_index(player, target), "pickup")
            if player.cursor is not None:
                _click(ex, player, _menu_index(player, source), "pickup")
    elif kind == "swap_hotbar":
        hotbar = action.get("hotbar")
        if hotbar != 40:
            hotbar = _slot_arg(action, "hotbar", 0, 8)
        _click(ex, player, _menu_index(player, _slot_arg(action, "slot")), "swap", int(hotbar))
    elif kind == "hold":
        _click(
            ex,
            player,
            _menu_index(player, _slot_arg(action, "slot")),
            "pickup",
            int(bool(action.get("half"))),
        )
    elif kind == "craft":
        grid = _slot_arg(action, "grid", 0, 3)
        slot = _slot_arg(action, "slot")
        _own_inventory(ex, player)
        if _click(ex, player, _menu_index(player, slot), "pickup", int(bool(action.get("half")))):
            _click(ex, player, 1 + grid, "pickup")
    elif kind == "offhand":
        if not spectator:  # handlePlayerAction SWAP_ITEM_WITH_OFFHAND skips spectators
            inv = player.inventory
            inv[player.selected], inv[40] = inv[40], inv[player.selected]
    elif kind == "drop_cursor":
        click(ex, name, -999, "pickup")
    elif kind == "open":
        where = action.get("pos")
        if not (isinstance(where, list) and len(where) == 3 and all(isinstance(v, int) for v in where)):
            raise ActionError("'pos' must be [x, y, z] integers", code="bad_action", status=400)
        result.update(open_container(ex, name, (where[0], where[1], where[2])))
    elif kind == "close":
        close_menu(ex, player)
    elif kind == "disconnect":
        leave(ex, name)
    elif kind == "relog":
        leave(ex, name)
        join(ex, name)
    elif kind == "die":
        result.update(_die(ex, player))
    elif kind == "click":
        menu_slot = action.get("menu_slot")
        if isinstance(menu_slot, bool) or not isinstance(menu_slot, int) or not -999 <= menu_slot < 100:
            raise ActionError("'menu_slot' must be a menu index", code="bad_action", status=400)
        _click(ex, player, menu_slot, str(action.get("mode", "pickup")), int(action.get("button", 0)))
    elif kind == "rename":
        result.update(_rename(player, _slot_arg(action, "slot"), str(action.get("name", ""))))
    elif kind == "command":
        result.update(player_command(ex, name, str(action.get("text", ""))))
    elif kind == "chat":
        result.update(chat(ex, name, str(action.get("text", ""))))
    after = inventory_snapshot(ex, player)
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    opened = kind == "open" and bool(result.get("opened"))
    result["done"] = opened or bool(changed) or kind in ("close", "disconnect", "relog", "command", "chat")
    result["changed"] = changed
    if spectator and not changed and kind in ("drop", "move", "swap_hotbar", "hold", "craft", "offhand"):
        result["ignored"] = "spectator"
    return result
