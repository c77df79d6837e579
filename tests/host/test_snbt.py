"""Reading ``data get`` replies: the verification half of custody."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dfg_bridge.replies.items import (
    ReadError,
    block_items,
    ender_items,
    equipment_items,
    inventory_items,
    is_ours,
    stack_count,
)
from dfg_bridge.replies.snbt import Num, SnbtError, canonical, parse_snbt

# Reply texts as the sim (and vanilla) print them; the 1.20.5 one keeps armour in Inventory.
INV_1216 = (
    'Steve has the following entity data: [{components: {"minecraft:enchantments": {sharpness: 5}, '
    '"minecraft:custom_name": "Excalibur"}, count: 1, Slot: 0b, id: "minecraft:diamond_sword"}, '
    '{count: 64, Slot: 1b, id: "minecraft:dirt"}]'
)
EQUIP_1216 = (
    'Steve has the following entity data: {head: {count: 1, id: "minecraft:iron_helmet"}, '
    'offhand: {count: 1, id: "minecraft:shield"}}'
)
INV_1205 = (
    'Steve has the following entity data: [{components: {"minecraft:custom_name": \'{"text":"Excalibur"}\'}, '
    'count: 1, Slot: 0b, id: "minecraft:diamond_sword"}, '
    '{count: 1, Slot: 103b, id: "minecraft:iron_helmet"}, {count: 1, Slot: -106b, id: "minecraft:shield"}]'
)


def test_inventory_and_equipment() -> None:
    inv = inventory_items(INV_1216)
    assert set(inv) == {"container.0", "container.1"}
    assert stack_count(inv["container.1"]) == 64
    assert set(equipment_items(EQUIP_1216)) == {"armor.head", "weapon.offhand"}
    legacy = inventory_items(INV_1205)
    assert set(legacy) == {"container.0", "armor.head", "weapon.offhand"}


def test_block_items_compare_with_player_items() -> None:
    block = block_items(
        '1, 5, 1 has the following block data: [{count: 64, Slot: 7b, id: "minecraft:dirt"}, '
        '{components: {"minecraft:custom_name": "Excalibur", "minecraft:enchantments": {sharpness: 5}}, '
        'count: 1, Slot: 3b, id: "minecraft:diamond_sword"}]'
    )
    inv = inventory_items(INV_1216)
    # Key order and Slot differ; the stacks are the same.
    assert block["container.3"] == inv["container.0"]
    assert block["container.7"] == inv["container.1"]


def test_missing_things() -> None:
    assert equipment_items("Found no elements matching equipment") == {}
    assert ender_items("Steve has the following entity data: []") == {}
    with pytest.raises(ReadError):
        inventory_items("No entity was found")


def test_ours() -> None:
    ours = parse_snbt('{id: "minecraft:red_dye", count: 1, components: {"minecraft:custom_data": {dfg: {}}}}')
    theirs = parse_snbt('{id: "minecraft:red_dye", count: 12}')
    assert is_ours(canonical(ours)) and not is_ours(canonical(theirs))


def test_typed_numbers_stay_distinct() -> None:
    assert parse_snbt("1b") == Num("b", "1")
    assert canonical(parse_snbt("{a: 1b}")) != canonical(parse_snbt("{a: 1}"))
    assert canonical(parse_snbt("[I; 1, -2]")) == "[I;1,-2]"
    with pytest.raises(SnbtError):
        parse_snbt("{a: }")


_keys = st.text("abcxyz_", min_size=1, max_size=5)
_scalars = st.one_of(
    st.text(max_size=10),
    st.integers(-(2**40), 2**40).map(lambda n: Num("", str(n))),
    st.integers(-128, 127).map(lambda n: Num("b", str(n))),
)
_values = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_keys, inner, max_size=4)),
    max_leaves=12,
)


def _write(value: object) -> str:
    """An independent SNBT writer in data-get style (keys bare, strings double-quoted)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_write(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_write(v) for v in value) + "]"
    if isinstance(value, Num):
        return value.text + value.kind
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


@given(_values)
def test_written_values_read_back(value: object) -> None:
    assert canonical(parse_snbt(_write(value))) == canonical(value)
