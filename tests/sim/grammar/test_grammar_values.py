"""Parsed values: selectors, coordinates, items, predicates, slots, NBT paths."""

from __future__ import annotations

import math

import pytest

from dfg_bridge.sim.grammar import CommandGrammar
from dfg_bridge.sim.grammar.nbt import Byte, Int, NbtValue
from dfg_bridge.sim.grammar.values import (
    BlockStateArg,
    Coordinates,
    DialogArg,
    EntitySelector,
    FloatRange,
    IntRange,
    ItemPredicate,
    ItemSlot,
    ItemSlots,
    ItemStackArg,
    MatchMode,
    NbtPath,
    SelectorKind,
    UnsupportedPredicateError,
)

G5 = CommandGrammar.for_version("1.20.5")
G6 = CommandGrammar.for_version("1.21.6")


def test_selector_options() -> None:
    sel = G6.parse(
        "kill @e[type=!player,tag=dfg,tag=!x,limit=3,sort=nearest,distance=..5,scores={a=1..}]"
    ).value("targets")
    assert isinstance(sel, EntitySelector)
    assert sel.kind is SelectorKind.ALL_ENTITIES
    assert [f.value for f in sel.options("tag")] == ["dfg", "x"]
    assert sel.options("tag")[1].negated
    assert sel.limit == 3
    assert sel.sort == "nearest"
    assert sel.option("distance") is not None
    distance = sel.option("distance")
    assert distance is not None and distance.value == FloatRange(None, 5.0)
    scores = sel.option("scores")
    assert scores is not None and scores.value == {"a": IntRange(1, None)}
    assert not sel.players_only


def test_selector_defaults_and_names() -> None:
    p = G6.parse("kill @p").value("targets")
    assert isinstance(p, EntitySelector)
    assert (p.limit, p.sort, p.players_only) == (1, "nearest", True)
    name = G6.parse("kill Steve").value("targets")
    assert isinstance(name, EntitySelector)
    assert (name.kind, name.name) == (SelectorKind.PLAYER_NAME, "Steve")
    u = G6.parse("kill DD12BE42-52A9-4A91-A8A1-11C01849E498").value("targets")
    assert isinstance(u, EntitySelector)
    assert u.uuid == "dd12be42-52a9-4a91-a8a1-11c01849e498"
    star = G6.parse("scoreboard players reset * dfg").value("targets")
    assert isinstance(star, EntitySelector) and star.kind is SelectorKind.ALL_SCORE_HOLDERS
    fake = G6.parse("scoreboard players set $line1 dfg 3").value("targets")
    assert isinstance(fake, EntitySelector) and fake.name == "$line1"


def test_nbt_option_and_type_tag() -> None:
    sel = G6.parse('kill @e[type=#minecraft:skeletons,nbt={Tags:["a"]}]').value("targets")
    assert isinstance(sel, EntitySelector)
    assert sel.options("type")[0].value == "#minecraft:skeletons"
    assert sel.options("nbt")[0].value == {"Tags": ["a"]}


def test_coordinates() -> None:
    pos = G6.parse("setblock ~1 64 ~-2 stone").value("pos")
    assert isinstance(pos, Coordinates)
    assert pos.block((10.0, 0.0, 10.0)) == (11, 64, 8)
    vec = G6.parse("tp @s 1 2 3").value("location")
    assert isinstance(vec, Coordinates)
    # Whole numbers for x and z are centred on the block, as vanilla does.
    assert vec.resolve() == (1.5, 2.0, 3.5)
    local = G6.parse("tp @s ^ ^ ^2").value("location")
    assert isinstance(local, Coordinates) and local.is_local
    x, _, z = local.resolve((0.0, 0.0, 0.0), (0.0, 0.0))
    assert math.isclose(z, 2.0, abs_tol=1e-9) and math.isclose(x, 0.0, abs_tol=1e-9)
    x, _, z = local.resolve((0.0, 0.0, 0.0), (90.0, 0.0))
    assert math.isclose(x, -2.0, abs_tol=1e-9) and math.isclose(z, 0.0, abs_tol=1e-9)


def test_slots() -> None:
    slot = G6.parse("item replace entity @s inventory.0 with air").value("slot")
    assert slot == ItemSlot("inventory.0", 9)
    assert G6.parse("item replace entity @s player.cursor with air").value("slot") == ItemSlot(
        "player.cursor", 499
    )
    assert G6.parse("item replace entity @s enderchest.3 with air").value("slot") == ItemSlot(
        "enderchest.3", 203
    )
    slots = G6.parse("execute if items entity @s hotbar.* * run say x").value("slots")
    assert slots == ItemSlots("hotbar.*", tuple(range(9)))


def test_item_stack_components_per_version() -> None:
    new = G6.parse(
        'give @s red_dye[custom_name={text:"Q♥",italic:false},custom_data={dfg:{c:"HQ"}},!lore]'
    ).value("item")
    old = G5.parse(
        'give @s red_dye[custom_name=\'{"text":"Q♥","italic":false}\',custom_data={dfg:{c:"HQ"}},!lore]'
    ).value("item")
    assert isinstance(new, ItemStackArg) and isinstance(old, ItemStackArg)
    assert new.id == old.id == "minecraft:red_dye"
    assert (
        new.components
        == old.components
        == {
            "minecraft:custom_name": {"text": "Q♥", "italic": False},
            "minecraft:custom_data": {"dfg": {"c": "HQ"}},
        }
    )
    assert new.removed == old.removed == frozenset({"minecraft:lore"})


def test_old_json_name_is_literal_text_in_1_21_5() -> None:
    item = G6.parse('give @s red_dye[custom_name=\'{"text":"Q"}\']').value("item")
    assert isinstance(item, ItemStackArg)
    assert item.components["minecraft:custom_name"] == {"text": '{"text":"Q"}'}


def test_item_predicate_partial_and_exact() -> None:
    pred = G6.parse("clear @s *[custom_data~{dfg:{}}]").value("item")
    assert isinstance(pred, ItemPredicate)
    assert pred.terms[0].alternatives[0].mode is MatchMode.PARTIAL
    assert pred.matches("minecraft:red_dye", {"minecraft:custom_data": {"dfg": {"c": "HQ"}}})
    assert not pred.matches("minecraft:red_dye", {"minecraft:custom_data": {"other": {}}})
    assert not pred.matches("minecraft:red_dye", {"minecraft:custom_data": {"dfg": "not a compound"}})
    assert not pred.matches("minecraft:red_dye", {})
    exact = G6.parse('clear @s red_dye[custom_data={dfg:{c:"HQ"}}]').value("item")
    assert isinstance(exact, ItemPredicate)
    assert exact.matches("minecraft:red_dye", {"minecraft:custom_data": {"dfg": {"c": "HQ"}}})
    assert not exact.matches(
        "minecraft:red_dye", {"minecraft:custom_data": {"dfg": {"c": "HQ"}, "x": Int(1)}}
    )
    assert not exact.matches("minecraft:blue_dye", {"minecraft:custom_data": {"dfg": {"c": "HQ"}}})


def test_item_predicate_lists_types_alternatives_and_negation() -> None:
    pred = G6.parse("clear @s *[custom_data~{l:[1b]},!custom_name|enchantment_glint_override]").value("item")
    assert isinstance(pred, ItemPredicate)
    base = {"minecraft:custom_data": {"l": [Byte(2), Byte(1)]}}
    assert pred.matches("minecraft:stone", base)
    assert not pred.matches("minecraft:stone", {**base, "minecraft:custom_name": {"text": "x"}})
    assert pred.matches(
        "minecraft:stone",
        {**base, "minecraft:custom_name": {"text": "x"}, "minecraft:enchantment_glint_override": True},
    )
    # Types count: 1 is not 1b.
    assert not pred.matches("minecraft:stone", {"minecraft:custom_data": {"l": [Int(1)]}})


def test_item_predicate_count_and_tags() -> None:
    pred = G6.parse("clear @s #minecraft:wool[count=2]").value("item")
    assert isinstance(pred, ItemPredicate)
    tags = {"minecraft:wool": frozenset({"minecraft:red_wool"})}
    assert pred.matches("minecraft:red_wool", {}, count=2, item_tags=tags)
    assert not pred.matches("minecraft:red_wool", {}, count=3, item_tags=tags)
    assert not pred.matches("minecraft:stone", {}, count=2, item_tags=tags)


def test_item_predicate_unsupported_sub_predicate_is_typed() -> None:
    pred = G6.parse("clear @s *[damage~{damage:1}]").value("item")
    assert isinstance(pred, ItemPredicate)
    with pytest.raises(UnsupportedPredicateError) as info:
        pred.matches("minecraft:bow", {})
    assert info.value.code == "unsupported_predicate"


def test_block_state_and_nbt_path() -> None:
    block = G6.parse("setblock 0 0 0 chest[facing=north]{lock:{components:{custom_data:{k:1b}}}}").value(
        "block"
    )
    assert block == BlockStateArg(
        "minecraft:chest", (("facing", "north"),), {"lock": {"components": {"custom_data": {"k": Byte(1)}}}}
    )
    path = G6.parse('data get block 0 0 0 Items[{Slot:0b}].components."minecraft:custom_data".dfg').value(
        "path"
    )
    assert isinstance(path, NbtPath)
    root: NbtValue = {
        "Items": [{"Slot": Byte(0), "components": {"minecraft:custom_data": {"dfg": {"c": "HQ"}}}}]
    }
    assert path.get(root) == [{"c": "HQ"}]
    last = G6.parse("data get block 0 0 0 Items[-1]").value("path")
    assert isinstance(last, NbtPath)
    assert last.get({"Items": [Int(1), Int(2)]}) == [Int(2)]


def test_dialog_values() -> None:
    assert G6.parse("dialog show @a minecraft:server_links").value("dialog") == DialogArg(
        id="minecraft:server_links"
    )
    inline = G6.parse('dialog show @a {type:"minecraft:notice",title:"x"}').value("dialog")
    assert isinstance(inline, DialogArg) and inline.inline == {"type": "minecraft:notice", "title": "x"}


def test_text_component_canonical_across_versions() -> None:
    old = G5.parse(
        'tellraw @a {"text":"a","clickEvent":{"action":"run_command","value":"/trigger dfg set 1"},'
        '"hoverEvent":{"action":"show_text","contents":"h"}}'
    ).value("message")
    new = G6.parse(
        'tellraw @a {text:"a",click_event:{action:"run_command",command:"/trigger dfg set 1"},'
        'hover_event:{action:"show_text",value:"h"}}'
    ).value("message")
    assert (
        old
        == new
        == {
            "text": "a",
            "click_event": {"action": "run_command", "command": "/trigger dfg set 1"},
            "hover_event": {"action": "show_text", "value": {"text": "h"}},
        }
    )
    # The other version's event shape is an unknown key: dropped, as vanilla's codec does.
    dropped = G6.parse('tellraw @a {"text":"a","clickEvent":{"action":"run_command","value":"/x"}}').value(
        "message"
    )
    assert dropped == {"text": "a"}
