"""Item lists out of ``data get`` replies (持ち物の読み取り): custody's stacks and the hand screen's slots.

Custody verifies every copy by reading it back: :func:`block_items`, :func:`inventory_items`,
:func:`equipment_items` and :func:`ender_items` turn the replies of ``data get entity <p>
Inventory|equipment|EnderItems`` and ``data get block <pos> Items`` into ``{slot name: canonical
stack}`` maps that compare equal exactly when the stacks are equal. The hand screen reads only what
a click changes: :func:`parse_items` gives ``{slot: SlotSeen}``. Every unreadable reply raises the one
:class:`ReadError`.

>>> stacks = block_items('1, 2, 3 has the following block data: [{count: 1, Slot: 4b, id: "minecraft:dirt"}]')
>>> stacks
{'container.4': '{"count":1,"id":"minecraft:dirt"}'}
>>> stack_count(stacks["container.4"])
1
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dfg_bridge.replies.snbt import Num, SnbtError, canonical, parse_snbt

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

DATA_REPLY = re.compile(r"^.*? has the following (?:entity|block) data: (.*)$", re.DOTALL)
"""The answer of ``data get block|entity …``: what follows is the value, as SNBT."""
_NO_ELEMENTS = ("Found no elements matching",)


class ReadError(ValueError):
    """A ``data get`` reply could not be read (the entity or block is missing, the player offline…)."""

    code = "unreadable"

    def __init__(self, reply: str) -> None:
        super().__init__(reply[:200])
        self.reply = reply


def _payload(reply: str) -> object | None:
    """The SNBT value of a ``data get`` reply, ``None`` for "Found no elements matching …"."""
    if reply.startswith(_NO_ELEMENTS):
        return None
    match = DATA_REPLY.match(reply.strip())
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


@dataclass(frozen=True, slots=True)
class SlotSeen:
    """What a slot holds now, as read back: item id, count and our tag (``None`` if not ours)."""

    item: str
    count: int
    tag: str | None


def namespaced(item: str) -> str:
    """``red_dye`` → ``minecraft:red_dye``."""
    return item if ":" in item else "minecraft:" + item


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|[{}\[\],:]|[^\s{}\[\],:"\']+')
_DFG_PATH = ("components", "minecraft:custom_data", "dfg", "id")


def _unquote(token: str) -> str:
    if token[:1] in "\"'":
        body = token[1:-1]
        return re.sub(r"\\(.)", r"\1", body) if "\\" in body else body
    return token


def _scan_items(body: str) -> dict[int, SlotSeen] | None:
    """A fast reader for the item list of a ``data get`` reply; ``None`` if it looks unusual.

    It walks the tokens once and keeps only what a click changes (``Slot``, ``id``, ``count`` and
    ``custom_data.dfg.id``), instead of building the whole value; :func:`parse_items` falls back to the
    full SNBT reader whenever this one is unsure.
    """
    tokens = _TOKEN.findall(body)
    if not tokens or tokens[0] != "[":
        return None
    out: dict[int, SlotSeen] = {}
    keys: list[str | None] = []  # the key being read at each compound depth (index 0 = the entry)
    entry: dict[str, str] = {}
    expect_key = False
    pending: str | None = None
    depth = 0  # 1 inside the list, 2 inside an entry, 3+ inside its components
    i = 0
    n = len(tokens)
    while i < n:
        token = tokens[i]
        if token == "[":
            depth += 1
            expect_key = False
        elif token == "{":
            depth += 1
            keys.append(pending)
            if depth == 2:
                entry = {}
            expect_key = True
            pending = None
        elif token == "}":
            if depth == 2:
                if "Slot" not in entry or "id" not in entry:
                    return None
                slot = int(entry["Slot"].rstrip("bB"))
                count = int(entry.get("count", "1"))
                if entry["id"] != "minecraft:air":
                    out[slot] = SlotSeen(entry["id"], count, entry.get("tag"))
            depth -= 1
            keys.pop()
            expect_key = False
        elif token == "]":
            depth -= 1
        elif token == ",":
            expect_key = depth >= 2 and bool(keys)
        elif token == ":":
            pass
        elif expect_key and i + 1 < n and tokens[i + 1] == ":":
            pending = _unquote(token)
            expect_key = False
            i += 1
        else:
            value = _unquote(token)
            if depth == 2 and pending in ("Slot", "id", "count"):
                entry[pending] = value
            elif depth == 5 and pending == "id" and tuple(keys[1:4]) == _DFG_PATH[:3]:
                entry["tag"] = value
            pending = None
        i += 1
    return out if depth == 0 else None


def parse_items(reply: str) -> dict[int, SlotSeen]:
    """``data get block <pos> Items`` / ``data get entity <p> EnderItems`` → ``{slot: SlotSeen}``.

    >>> parse_items('1, 2, 3 has the following block data: [{count: 12, Slot: 4b, id: "minecraft:red_dye", '
    ...             'components: {"minecraft:custom_data": {dfg: {id: "h4"}}}}]')
    {4: SlotSeen(item='minecraft:red_dye', count=12, tag='h4')}
    >>> parse_items("Found no elements matching Items")
    {}
    """
    if reply.startswith(_NO_ELEMENTS):
        return {}
    match = DATA_REPLY.match(reply.strip())
    if match is None:
        raise ReadError(reply)
    try:
        fast = _scan_items(match.group(1))
    except (ValueError, IndexError):
        fast = None
    if fast is not None:
        return fast
    return _full_parse(reply, match.group(1))


def _full_parse(reply: str, body: str) -> dict[int, SlotSeen]:
    try:
        value = parse_snbt(body)
    except (SnbtError, IndexError):  # the SNBT reader may raise IndexError on a truncated reply
        raise ReadError(reply) from None
    if not isinstance(value, list):
        raise ReadError(reply)
    out: dict[int, SlotSeen] = {}
    for entry in value:
        if not isinstance(entry, dict):
            continue
        slot, item = entry.get("Slot"), entry.get("id")
        if not isinstance(slot, Num) or not isinstance(item, str) or item == "minecraft:air":
            continue
        count = entry.get("count")
        out[int(slot.value())] = SlotSeen(
            item, int(count.value()) if isinstance(count, Num) else 1, _tag(entry)
        )
    return out


def _tag(entry: dict[str, object]) -> str | None:
    components = entry.get("components")
    if not isinstance(components, dict):
        return None
    data = components.get("minecraft:custom_data")
    ours = data.get("dfg") if isinstance(data, dict) else None
    if not isinstance(ours, dict):
        return None
    tag = ours.get("id")
    return tag if isinstance(tag, str) else ""
