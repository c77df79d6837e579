"""What fake players do (プレイヤーの操作): join, leave, chat, type commands, open containers, click.

Every function runs on the server thread (the caller holds ``executor.lock``) and raises
:class:`ActionError` (an HTTP 4xx for the control API) when the request makes no sense for the world.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.commands.nbtio import sign_messages
from dfg_bridge.sim.commands.source import SourceKind
from dfg_bridge.sim.errors import SimError
from dfg_bridge.sim.grammar.nbt import compare_nbt
from dfg_bridge.sim.log import Flavor
from dfg_bridge.sim.world import text as textmod
from dfg_bridge.sim.world.blocks import Block, BlockEntity, is_sign
from dfg_bridge.sim.world.entities import Player
from dfg_bridge.sim.world.items import ItemStack, component_from_nbt, namespaced
from dfg_bridge.sim.world.menu import Clicker, ClickMode, Menu, MenuKind, chest_menu, inventory_menu
from dfg_bridge.sim.world.menu import add_to_inventory as _add

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.core import Executor

__all__ = [
    "ActionError",
    "chat",
    "click",
    "click_text",
    "close",
    "join",
    "leave",
    "open_container",
    "player_command",
    "use_sign",
]

NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
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


class ActionError(SimError):
    """A fake-player request the world refuses (unknown player, out of reach, no container…)."""

    def __init__(self, message: str, *, code: str, status: int = 409) -> None:
        super().__init__(message, code=code)
        self.status = status


def _online(ex: Executor, name: str) -> Player:
    player = ex.world.online_player(name)
    if player is None:
        raise ActionError(f"player {name!r} is not online", code="not_online", status=404)
    return player


def valid_name(name: str) -> bool:
    """Account names: 3–16 of ``[A-Za-z0-9_]`` (a Floodgate ``.`` prefix allowed for Bedrock players)."""
    core = name[1:] if name.startswith(".") else name
    return 3 <= len(core) <= 16 and all(ch in NAME_CHARS for ch in core)


def _java_double(value: float) -> str:
    text = repr(float(value))
    return text if "e" not in text else f"{value:.1f}"


def join(ex: Executor, name: str, *, op: bool = False, ip: str = "127.0.0.1") -> Player:
    """Log a player in, with vanilla's (or Paper's) login lines and the join broadcast."""
    if not valid_name(name):
        raise ActionError(f"invalid player name {name!r}", code="bad_name", status=400)
    world = ex.world
    if world.online_player(name) is not None:
        raise ActionError(f"{name} is already online", code="already_online")
    player = world.player(name) or world.create_player(name)
    player.online = True
    player.id = world.next_entity_id()
    player.ip = ip
    player.port = random.randint(40000, 65000)
    player.menu = None
    if op:
        player.permission = 4
    ex.log.info(f"UUID of player {player.name} is {player.uuid}", thread="User Authenticator #1")
    where = "[world]" if ex.options.flavor is Flavor.PAPER else ""
    x, y, z = (_java_double(v) for v in player.pos)
    ex.log.info(
        f"{player.name}[/{ip}:{player.port}] logged in with entity id {player.id} at ({where}{x}, {y}, {z})"
    )
    line = ex.tr("multiplayer.player.joined", ex.display_name(player))
    ex.log.info(line)
    for other in world.online_players():
        ex.tell(other, {"text": line, "color": "yellow"})
    return player


def leave(ex: Executor, name: str, *, reason: str = "Disconnected") -> None:
    """Disconnect a player: the open menu closes (cursor back to the inventory), then the leave lines."""
    player = _online(ex, name)
    _close_menu(ex, player)
    ex.world.dismount(player)
    for passenger in list(player.passengers):
        rider = ex.world.entity_by_uuid(passenger)
        if rider is not None:
            ex.world.dismount(rider)
    ex.log.info(f"{player.name} lost connection: {reason}")
    line = ex.tr("multiplayer.player.left", ex.display_name(player))
    player.online = False
    player.title = player.subtitle = player.actionbar = None
    player.dialog = None
    ex.log.info(line)
    for other in ex.world.online_players():
        ex.tell(other, {"text": line, "color": "yellow"})


def _illegal_chat(text: str) -> bool:
    # SharedConstants.isAllowedChatCharacter: no section sign, no control characters, no DEL.
    return any(ch == "§" or ord(ch) < 32 or ord(ch) == 127 for ch in text)


def chat(ex: Executor, name: str, text: str, *, secure: bool = True) -> dict[str, Any]:
    """Send a chat message (``/…`` goes to :func:`player_command` as the client does)."""
    player = _online(ex, name)
    if text.startswith("/"):
        return player_command(ex, name, text)
    if _illegal_chat(text) or len(text) > 256:
        reason = (
            ex.tr("multiplayer.disconnect.illegal_characters")
            if _illegal_chat(text)
            else "Chat message too long"
        )
        leave(ex, name, reason=reason)
        return {"kicked": True, "reason": reason}
    decorated = ex.tr("chat.type.text", ex.display_name(player), text)
    line = decorated if secure else f"[Not Secure] {decorated}"
    thread = "Async Chat Thread - #0" if ex.options.flavor is Flavor.PAPER else "Server thread"
    ex.log.info(line, thread=thread)
    for other in ex.world.online_players():
        ex.tell(other, {"text": decorated}, "chat")
    return {"kicked": False}


def player_command(ex: Executor, name: str, text: str) -> dict[str, Any]:
    """Run a typed command as the player, at their permission level; returns the feedback they saw."""
    player = _online(ex, name)
    command = text[1:] if text.startswith("/") else text
    if ex.options.flavor is Flavor.PAPER:
        # Paper logs every typed command before parsing it, even unknown ones.
        ex.log.info(f"{player.name} issued server command: /{command}")
    before = len(player.messages)
    src = ex.player_source(player)
    root = command.split(" ", 1)[0]
    if player.permission < 2 and root not in _player_roots(ex):
        from dfg_bridge.sim.grammar.errors import context_snippet

        ex.failure(src, ex.tr("command.unknown.command"))
        ex.failure(src, context_snippet(command, 0))
        result = 0
    else:
        result = ex.perform(src, command)
    feedback = [textmod.plain_text(m.component) for m in player.messages[before:]]
    return {"result": result, "feedback": feedback}


def _player_roots(ex: Executor) -> frozenset[str]:
    from dfg_bridge.sim.commands.core import PLAYER_COMMANDS

    return PLAYER_COMMANDS


# -- containers ---------------------------------------------------------------------------------------------


def _distance_ok(player: Player, pos: tuple[int, int, int]) -> bool:
    eye = (player.pos[0], player.pos[1] + 1.62, player.pos[2])
    nearest = [min(max(eye[i], pos[i]), pos[i] + 1) for i in range(3)]
    return sum((eye[i] - nearest[i]) ** 2 for i in range(3)) < REACH**2


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
    if held is None or not isinstance(lock, dict):
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
    player = _online(ex, name)
    if enderchest:
        _close_menu(ex, player)
        player.menu = chest_menu(
            MenuKind.ENDER_CHEST, [player.ender], player, ex.tr("container.enderchest"), None
        )
        return {"opened": True, "title": player.menu.title}
    assert pos is not None
    block = ex.world.block(pos)
    if block is None or not block.container_size:
        raise ActionError(f"no container at {pos}", code="not_a_container", status=404)
    if not force and not _distance_ok(player, pos):
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
    if player.game_mode.value != "spectator":
        for _, half in parts:
            be = half.entity or BlockEntity(items=[None] * half.container_size)
            if not _lock_ok(ex, be, held):
                shown = _title(ex, half, False)
                player.actionbar = {"text": ex.tr("container.isLocked", shown)}
                return {"opened": False, "reason": "locked", "message": player.actionbar["text"]}
    stores = []
    for _, half in parts:
        if half.entity is None:
            half.entity = BlockEntity(items=[None] * half.container_size)
        stores.append(half.entity.items)
    _close_menu(ex, player)
    player.menu = chest_menu(MenuKind.CHEST, stores, player, _title(ex, block, partner is not None), pos)
    return {"opened": True, "title": player.menu.title, "size": player.menu.container_slots}


def _own_menu(player: Player) -> Menu:
    if player.own_menu is None:
        player.own_menu = inventory_menu(player, [None] * 4, [None])
    menu: Menu = player.own_menu
    return menu


def _drop_for(ex: Executor, player: Player) -> Any:
    def drop(stack: ItemStack) -> None:
        ex.world.dropped.append((player.pos, stack))
        player.dropped.append(stack)

    return drop


def click(
    ex: Executor, name: str, slot: int, mode: str, *, button: int = 0, slots: list[int] | None = None
) -> None:
    """One click in the open menu (or the own inventory); ``drag`` runs the three quick-craft phases."""
    player = _online(ex, name)
    menu = player.menu if player.menu is not None else _own_menu(player)
    clicker = Clicker(menu, player, ex.texts, _drop_for(ex, player))
    if mode == "drag":
        if not slots:
            raise ActionError("drag needs a non-empty list of slots", code="bad_click", status=400)
        kind = button if button in (0, 1, 2) else 0
        clicker.click(-999, (kind << 2) | 0, ClickMode.QUICK_CRAFT)
        for index in slots:
            clicker.click(index, (kind << 2) | 1, ClickMode.QUICK_CRAFT)
        clicker.click(-999, (kind << 2) | 2, ClickMode.QUICK_CRAFT)
        return
    try:
        click_mode = ClickMode(mode)
    except ValueError:
        raise ActionError(f"unknown click mode {mode!r}", code="bad_click", status=400) from None
    clicker.click(slot, button, click_mode)


def _close_menu(ex: Executor, player: Player) -> None:
    """``AbstractContainerMenu.removed``: the cursor goes back into the inventory (or drops)."""
    if player.cursor is not None:
        rest = _add(player, player.cursor, ex.texts)
        player.cursor = None
        if rest is not None:
            _drop_for(ex, player)(rest)
    if player.own_menu is not None:
        grid = player.own_menu.slots[1:5]
        for slot in grid:
            if slot.item is not None:
                rest = _add(player, slot.item, ex.texts)
                slot.item = None
                if rest is not None:
                    _drop_for(ex, player)(rest)
    player.menu = None


def close(ex: Executor, name: str) -> None:
    """Close the open screen."""
    _close_menu(ex, _online(ex, name))


# -- clickable text and signs ----------------------------------------------------------------------


def _follow_click(ex: Executor, player: Player, event: dict[str, Any], *, confirm: bool) -> dict[str, Any]:
    action = event.get("action")
    if action == "run_command":
        command = str(event.get("command", ""))
        if not command.startswith("/"):
            return {"action": action, **chat(ex, player.name, command)}
        root = command[1:].split(" ", 1)[0]
        known = player.permission >= 2 or root in _player_roots(ex)
        if ex.world.version >= (1, 21, 6) and not known and not confirm:
            # 1.21.6+ clients ask before running a command they do not know; the player declined.
            return {"action": action, "ran": False, "confirmation": True}
        out = player_command(ex, player.name, command)
        return {
            "action": action,
            "ran": True,
            "confirmation": ex.world.version >= (1, 21, 6) and not known,
            **out,
        }
    if action == "show_dialog":
        player.dialog = event.get("dialog")
        return {"action": action, "ran": True}
    return {"action": action, "ran": False}


def click_text(ex: Executor, name: str, message: int, part: int, *, confirm: bool = True) -> dict[str, Any]:
    """Click part ``part`` of received message ``message`` (indices as ``GET /players/{name}`` lists them)."""
    player = _online(ex, name)
    if not 0 <= message < len(player.messages):
        raise ActionError(f"no message {message}", code="no_message", status=404)
    parts = textmod.click_parts(player.messages[message].component)
    if not 0 <= part < len(parts):
        raise ActionError(f"message {message} has no part {part}", code="no_part", status=404)
    event = parts[part].get("click_event")
    if event is None:
        return {"action": None, "ran": False}
    return _follow_click(ex, player, event, confirm=confirm)


def use_sign(ex: Executor, name: str, pos: tuple[int, int, int], *, force: bool = False) -> dict[str, Any]:
    """Right-click a sign: each line's own click event runs as the player at level 2, silently."""
    player = _online(ex, name)
    block = ex.world.block(pos)
    if block is None or not is_sign(block.id):
        raise ActionError(f"no sign at {pos}", code="not_a_sign", status=404)
    if not force and not _distance_ok(player, pos):
        raise ActionError(f"{pos} is out of {player.name}'s reach", code="out_of_reach")
    ran: list[str] = []
    src = ex.player_source(player, SourceKind.SIGN)
    src = src.at((pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5), (0.0, 0.0))
    for line in sign_messages(ex, block, front=True):
        event = line.get("click_event")  # only the line's root style counts, as in SignBlockEntity
        if not isinstance(event, dict):
            continue
        if event.get("action") == "run_command":
            command = str(event.get("command", ""))
            ex.perform(src, command[1:] if command.startswith("/") else command)
            ran.append(command)
        elif event.get("action") == "show_dialog":
            player.dialog = event.get("dialog")
    return {"commands": ran, "edit": not ran and not (block.entity is not None and block.entity.is_waxed)}
