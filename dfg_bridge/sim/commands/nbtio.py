"""Entities and block entities to and from NBT (NBT 変換), the way ``data get``/``data merge`` see them."""

from __future__ import annotations

import copy
import uuid as uuidlib
from typing import TYPE_CHECKING, Any

from dfg_bridge.sim.grammar.nbt import Byte, Double, Float, Int, IntArray, Short
from dfg_bridge.sim.world import text as textmod
from dfg_bridge.sim.world.blocks import Block, BlockEntity, is_sign
from dfg_bridge.sim.world.entities import Entity, Player
from dfg_bridge.sim.world.items import ItemStack

if TYPE_CHECKING:
    from dfg_bridge.sim.commands.context import CommandContext

__all__ = [
    "ENTITY_TAGS",
    "apply_block_nbt",
    "apply_entity_nbt",
    "block_entity_to_nbt",
    "entity_to_nbt",
    "merge_compound",
    "uuid_to_ints",
]

ENTITY_TAGS: dict[str, frozenset[str]] = {
    "minecraft:skeletons": frozenset({"minecraft:skeleton", "minecraft:stray", "minecraft:wither_skeleton"}),
}
_BASE_KEYS = frozenset({"Pos", "Rotation", "UUID", "Tags", "CustomName", "Passengers", "id"})
_EQUIPMENT_SLOTS = ((36, "feet", 100), (37, "legs", 101), (38, "chest", 102), (39, "head", 103))


def uuid_to_ints(value: str) -> IntArray:
    """A UUID as vanilla's four signed ints."""
    raw = uuidlib.UUID(value).int
    parts = []
    for shift in (96, 64, 32, 0):
        word = (raw >> shift) & 0xFFFFFFFF
        parts.append(word - (1 << 32) if word >= 1 << 31 else word)
    return IntArray(tuple(parts))


def ints_to_uuid(value: IntArray) -> str:
    """Vanilla's four ints → UUID string."""
    raw = 0
    for word in value.values:
        raw = (raw << 32) | (word & 0xFFFFFFFF)
    return str(uuidlib.UUID(int=raw))


def merge_compound(base: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """``CompoundTag.merge``: compounds merge recursively, everything else is replaced."""
    out = dict(base)
    for key, value in patch.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge_compound(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _text_nbt(ex: CommandContext, component: dict[str, Any]) -> Any:
    return textmod.to_json_string(component) if ex.world.json_text else textmod.to_nbt(component)


def entity_to_nbt(ex: CommandContext, entity: Entity) -> dict[str, Any]:
    """What ``data get entity`` prints for ``entity``."""
    out: dict[str, Any] = {}
    if not entity.is_player:
        out["id"] = entity.type
    out["Pos"] = [Double(v) for v in entity.pos]
    out["Motion"] = [Double(0.0), Double(0.0), Double(0.0)]
    out["Rotation"] = [Float(v) for v in entity.rot]
    if ex.world.version >= (1, 21, 5):
        out["fall_distance"] = Double(0.0)
    else:
        out["FallDistance"] = Float(0.0)
    out["Fire"] = Short(-1 if not entity.is_player else -20)
    out["Air"] = Short(300)
    out["OnGround"] = Byte(0)
    out["Invulnerable"] = Byte(0)
    out["PortalCooldown"] = Int(0)
    out["UUID"] = uuid_to_ints(entity.uuid)
    if entity.custom_name is not None:
        out["CustomName"] = _text_nbt(ex, entity.custom_name)
    if entity.tags:
        out["Tags"] = list(entity.tags)
    if entity.passengers:
        riders = [ex.world.entity_by_uuid(p) for p in entity.passengers]
        out["Passengers"] = [entity_to_nbt(ex, r) for r in riders if r is not None and not r.is_player]
    if isinstance(entity, Player):
        out.update(_player_nbt(ex, entity))
    else:
        out.update(entity.nbt)
    return out


def _player_nbt(ex: CommandContext, player: Player) -> dict[str, Any]:
    json_text = ex.world.json_text
    inventory: list[Any] = [
        stack.to_nbt(json_text=json_text, slot=i)
        for i, stack in enumerate(player.inventory[:36])
        if stack is not None
    ]
    out: dict[str, Any] = {}
    if ex.world.version >= (1, 21, 5):
        equipment: dict[str, Any] = {}
        for index, name, _ in _EQUIPMENT_SLOTS:
            stack = player.inventory[index]
            if stack is not None:
                equipment[name] = stack.to_nbt(json_text=json_text)
        offhand = player.inventory[40]
        if offhand is not None:
            equipment["offhand"] = offhand.to_nbt(json_text=json_text)
        if equipment:
            out["equipment"] = equipment
    else:
        for index, _, slot in _EQUIPMENT_SLOTS:
            stack = player.inventory[index]
            if stack is not None:
                inventory.append(stack.to_nbt(json_text=json_text, slot=slot))
        offhand = player.inventory[40]
        if offhand is not None:
            inventory.append(offhand.to_nbt(json_text=json_text, slot=-106))
    out["Inventory"] = inventory
    out["EnderItems"] = [
        stack.to_nbt(json_text=json_text, slot=i) for i, stack in enumerate(player.ender) if stack is not None
    ]
    out["SelectedItemSlot"] = Int(player.selected)
    out["playerGameType"] = Int(list(type(player.game_mode)).index(player.game_mode))
    out["Dimension"] = "minecraft:overworld"
    out["DataVersion"] = Int(_DATA_VERSIONS.get(ex.world.version[:3], 4435))
    if player.vehicle is not None:
        out["RootVehicle"] = {"Attach": uuid_to_ints(player.vehicle)}
    return out


_DATA_VERSIONS = {
    (1, 20, 5): 3837,
    (1, 20, 6): 3839,
    (1, 21, 0): 3953,
    (1, 21, 1): 3955,
    (1, 21, 2): 4080,
    (1, 21, 3): 4082,
    (1, 21, 4): 4189,
    (1, 21, 5): 4325,
    (1, 21, 6): 4435,
    (1, 21, 7): 4438,
    (1, 21, 8): 4440,
    (1, 21, 9): 4554,
    (1, 21, 10): 4556,
    (1, 21, 11): 4671,
}


def apply_entity_nbt(ex: CommandContext, entity: Entity, nbt: dict[str, Any]) -> None:
    """Load NBT into an entity (``summon`` data, ``data merge``): common keys to fields, the rest kept."""
    json_text = ex.world.json_text
    pos = nbt.get("Pos")
    if isinstance(pos, list) and len(pos) == 3 and all(isinstance(v, Double) for v in pos):
        entity.pos = (pos[0].value, pos[1].value, pos[2].value)
    rot = nbt.get("Rotation")
    if isinstance(rot, list) and len(rot) == 2 and all(isinstance(v, Float) for v in rot):
        entity.rot = (rot[0].value, rot[1].value)
    tags = nbt.get("Tags")
    if isinstance(tags, list):
        entity.tags = [t for t in tags if isinstance(t, str)]
    if "CustomName" in nbt:
        entity.custom_name = textmod.from_nbt(nbt["CustomName"], json_strings=json_text)
    for key, value in nbt.items():
        if key not in _BASE_KEYS and key not in (
            "Motion",
            "fall_distance",
            "FallDistance",
            "Fire",
            "Air",
            "OnGround",
        ):
            entity.nbt[key] = copy.deepcopy(value)


def block_entity_to_nbt(ex: CommandContext, pos: tuple[int, int, int], block: Block) -> dict[str, Any]:
    """What ``data get block`` prints: the block entity with ``x``/``y``/``z``/``id``."""
    be = block.entity or BlockEntity()
    json_text = ex.world.json_text
    out: dict[str, Any] = {}
    if block.container_size:
        out["Items"] = [
            stack.to_nbt(json_text=json_text, slot=i) for i, stack in enumerate(be.items) if stack is not None
        ]
        if be.custom_name is not None:
            out["CustomName"] = _text_nbt(ex, be.custom_name)
        if be.lock is not None:
            out["lock" if ex.world.version >= (1, 21, 2) else "Lock"] = be.lock
    if is_sign(block.id):
        blank = _text_nbt(ex, {"text": ""})
        for key, side in (("front_text", be.front_text), ("back_text", be.back_text)):
            default = {"messages": [blank] * 4, "color": "black", "has_glowing_text": Byte(0)}
            out[key] = side if side is not None else default
        out["is_waxed"] = Byte(1 if be.is_waxed else 0)
    out.update(be.extra)
    out["x"], out["y"], out["z"] = Int(pos[0]), Int(pos[1]), Int(pos[2])
    out["id"] = _block_entity_id(block.id)
    return out


def _block_entity_id(block_id: str) -> str:
    path = block_id.split(":", 1)[-1]
    if "hanging_sign" in path:
        return "minecraft:hanging_sign"
    if path.endswith("sign"):
        return "minecraft:sign"
    if path.endswith("shulker_box"):
        return "minecraft:shulker_box"
    return block_id


def apply_block_nbt(ex: CommandContext, block: Block, nbt: dict[str, Any]) -> None:
    """Load block-entity NBT (``setblock …{…}``, ``data merge block``) into ``block``."""
    be = block.entity
    if be is None:
        be = block.entity = BlockEntity(items=[None] * block.container_size)
    json_text = ex.world.json_text
    for key, value in nbt.items():
        if key in ("x", "y", "z", "id"):
            continue
        if key == "Items" and block.container_size and isinstance(value, list):
            items: list[ItemStack | None] = [None] * block.container_size
            for tag in value:
                if not isinstance(tag, dict):
                    continue
                slot = tag.get("Slot")
                stack = ItemStack.from_nbt(tag, json_text=json_text)
                if isinstance(slot, Byte) and 0 <= slot.value < block.container_size and stack is not None:
                    items[slot.value] = stack
            if len(be.items) == len(items):
                # In place: an open menu's slots read through the block entity (vanilla Slot#getItem →
                # Container#getItem), so a viewer sees the merged contents at once, never stale ones.
                be.items[:] = items
            else:
                be.items = items
        elif key in ("Lock", "lock") and block.container_size:
            # 1.20.5–1.21.1 read "Lock" (a name), 1.21.2+ "lock" (an item predicate); the other is kept inert.
            wanted = "lock" if ex.world.version >= (1, 21, 2) else "Lock"
            if key == wanted:
                be.lock = copy.deepcopy(value) if value != "" else None
            else:
                be.extra[key] = copy.deepcopy(value)
        elif key == "CustomName":
            be.custom_name = textmod.from_nbt(value, json_strings=json_text)
        elif key in ("front_text", "back_text") and is_sign(block.id) and isinstance(value, dict):
            current = getattr(be, key) or {}
            setattr(be, key, merge_compound(current, value))
        elif key == "is_waxed" and is_sign(block.id):
            be.is_waxed = isinstance(value, Byte) and value.value != 0
        else:
            be.extra[key] = copy.deepcopy(value)


def sign_messages(ex: CommandContext, block: Block, front: bool = True) -> list[textmod.TextDict]:
    """The four lines of one sign side as normalised text components."""
    be = block.entity
    side = None if be is None else (be.front_text if front else be.back_text)
    raw = side.get("messages") if isinstance(side, dict) else None
    if not isinstance(raw, list):
        return [{"text": ""}] * 4
    lines = [textmod.from_nbt(m, json_strings=ex.world.json_text) for m in raw[:4]]
    return lines + [{"text": ""}] * (4 - len(lines))
