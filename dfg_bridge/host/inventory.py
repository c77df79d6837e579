"""Reading item stacks out of ``data get`` replies (持ち物の読み取り).

Custody verifies every copy by reading it back. These functions turn the replies of
``data get entity <p> Inventory|equipment|EnderItems`` and ``data get block <pos> Items`` into
``{slot name: canonical stack}`` maps that compare equal exactly when the stacks are equal.

>>> stacks = block_items('1, 2, 3 has the following block data: [{count: 1, Slot: 4b, id: "minecraft:dirt"}]')
>>> stacks
{'container.4': '{"count":1,"id":"minecraft:dirt"}'}
>>> stack_count(stacks["container.4"])
1
"""

from __future__ import annotations

import re

from dfg_bridge.host.snbt import Num, SnbtError, canonical, parse_snbt

MAIN_SLOTS: tuple[str, ...] = tuple(f"container.{i}" for i in range(36))
"""The 36 main inventory slots (hotbar first)."""
EQUIPMENT_SLOTS: tuple[str, ...] = ("armor.head", "armor.chest", "armor.legs", "armor.feet", "weapon.offhand")
"""Armour and the off hand."""
ENDER_SLOTS: tuple[str, ...] = tuple(f"enderchest.{i}" for i in range(27))
"""The ender chest."""

# Before 1.21.5 armour and the off hand are Inventory entries with these Slot bytes.
_LEGACY_SLOT = {
    100: "armor.feet",
    101: "armor.legs",
    102: "armor.chest",
    103: "armor.head",
    -106: "weapon.offhand",
}
# Since 1.21.5 they live in the player's ``equipment`` compound.
_EQUIPMENT_KEY = {
    "head": "armor.head",
    "chest": "armor.chest",
    "legs": "armor.legs",
    "feet": "armor.feet",
    "offhand": "weapon.offhand",
}

_DATA_REPLY = re.compile(r"^.*? has the following (?:entity|block) data: (.*)$", re.DOTALL)
_NO_ELEMENTS = ("Found no elements matching",)


class ReadError(ValueError):
    """A ``data get`` reply could not be read (the entity or block is missing, or the text is odd)."""

    code = "unreadable"

    def __init__(self, reply: str) -> None:
        super().__init__(reply[:200])
        self.reply = reply


def _payload(reply: str) -> object | None:
    """The SNBT value of a ``data get`` reply, ``None`` for "Found no elements matching …"."""
    if reply.startswith(_NO_ELEMENTS):
        return None
    match = _DATA_REPLY.match(reply.strip())
    if not match:
        raise ReadError(reply)
    try:
        return parse_snbt(match.group(1))
    except SnbtError:
        raise ReadError(reply) from None


def _stack(entry: object) -> str | None:
    """Canonical text of one stack (without ``Slot``), ``None`` for an empty one."""
    if not isinstance(entry, dict) or not entry.get("id") or entry.get("id") == "minecraft:air":
        return None
    rest = {k: v for k, v in entry.items() if k != "Slot"}
    return canonical(rest)


def _slot_byte(entry: dict[str, object]) -> int | None:
    slot = entry.get("Slot")
    return int(slot.value()) if isinstance(slot, Num) else None


def block_items(reply: str) -> dict[str, str]:
    """``data get block <pos> Items`` → ``{"container.N": stack}``."""
    value = _payload(reply)
    out: dict[str, str] = {}
    for entry in value if isinstance(value, list) else []:
        if isinstance(entry, dict):
            slot, stack = _slot_byte(entry), _stack(entry)
            if slot is not None and stack is not None:
                out[f"container.{slot}"] = stack
    return out


def inventory_items(reply: str) -> dict[str, str]:
    """``data get entity <p> Inventory`` → main slots (and, before 1.21.5, armour and off hand)."""
    value = _payload(reply)
    out: dict[str, str] = {}
    for entry in value if isinstance(value, list) else []:
        if not isinstance(entry, dict):
            continue
        slot, stack = _slot_byte(entry), _stack(entry)
        if slot is None or stack is None:
            continue
        if 0 <= slot < 36:
            out[f"container.{slot}"] = stack
        elif slot in _LEGACY_SLOT:
            out[_LEGACY_SLOT[slot]] = stack
    return out


def equipment_items(reply: str) -> dict[str, str]:
    """``data get entity <p> equipment`` (1.21.5+) → armour and off hand; empty when absent."""
    value = _payload(reply)
    out: dict[str, str] = {}
    if isinstance(value, dict):
        for key, slot in _EQUIPMENT_KEY.items():
            stack = _stack(value.get(key))
            if stack is not None:
                out[slot] = stack
    return out


def ender_items(reply: str) -> dict[str, str]:
    """``data get entity <p> EnderItems`` → ``{"enderchest.N": stack}``."""
    return {k.replace("container.", "enderchest."): v for k, v in block_items(reply).items()}


def stack_count(stack: str) -> int:
    """The ``count`` of a canonical stack (1 when absent)."""
    value = parse_snbt(stack)
    count = value.get("count") if isinstance(value, dict) else None
    return int(count.value()) if isinstance(count, Num) else 1


def is_ours(stack: str) -> bool:
    """Whether a canonical stack carries our ``custom_data.dfg`` tag (cards, key book…)."""
    value = parse_snbt(stack)
    components = value.get("components") if isinstance(value, dict) else None
    if not isinstance(components, dict):
        return False
    data = components.get("minecraft:custom_data", components.get("custom_data"))
    return isinstance(data, dict) and "dfg" in data
