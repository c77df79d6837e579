"""SNBT reading in both grammars, vanilla-style printing, JSON text and the text codec."""

from __future__ import annotations

import json

import pytest

from dfg_bridge.sim.grammar.errors import CommandSyntaxError
from dfg_bridge.sim.grammar.jsonread import JsonSyntaxError, read_json
from dfg_bridge.sim.grammar.nbt import (
    Byte,
    ByteArray,
    Double,
    Float,
    Int,
    IntArray,
    Long,
    LongArray,
    NbtValue,
    Short,
)
from dfg_bridge.sim.grammar.snbt import format_snbt, parse_snbt, snbt_string
from dfg_bridge.sim.grammar.text import ComponentError, decode_component, plain_text, to_json_shape

OLD, NEW = "1.20.5", "1.21.6"


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("1b", Byte(1), Byte(1)),
        ("-3s", Short(-3), Short(-3)),
        ("7", Int(7), Int(7)),
        ("7L", Long(7), Long(7)),
        ("1.5f", Float(1.5), Float(1.5)),
        ("1.5", Double(1.5), Double(1.5)),
        ("2d", Double(2.0), Double(2.0)),
        ("true", Byte(1), Byte(1)),
        ("FALSE", Byte(0), Byte(0)),
        ("abc", "abc", "abc"),
        ('"a b"', "a b", "a b"),
        ("'it''s'", None, None),
        ("300b", "300b", None),
        ("1a", "1a", None),
        ("0x10", "0x10", Int(16)),
        ("0xffub", "0xffub", Byte(-1)),
        ("1_000", "1_000", Int(1000)),
        ("1e3", "1e3", Double(1000.0)),
        ("[B;1b,2b]", ByteArray((1, 2)), ByteArray((1, 2))),
        ("[I;1,2]", IntArray((1, 2)), IntArray((1, 2))),
        ("[L;1L]", LongArray((1,)), LongArray((1,))),
        ("[1,2]", [Int(1), Int(2)], [Int(1), Int(2)]),
        ('[1,"a"]', None, [Int(1), "a"]),
        ("[]", [], []),
        ("{}", {}, {}),
        ('{"a b":1,c:{d:[{}]}}', {"a b": Int(1), "c": {"d": [{}]}}, {"a b": Int(1), "c": {"d": [{}]}}),
        ('"\\n"', None, "\n"),
        ('"\\u00e9"', None, "é"),
        ("bool(2)", "bool", Byte(1)),
        ('uuid("00000000-0000-0001-0000-000000000002")', "uuid", IntArray((0, 1, 0, 2))),
    ],
)
def test_typed_reading_per_grammar(text: str, old: object, new: object) -> None:
    for version, expected in ((OLD, old), (NEW, new)):
        if expected is None:
            with pytest.raises(CommandSyntaxError):
                parse_snbt(text, version=version)
        elif expected in ("bool", "uuid"):
            # The old grammar reads the word and stops at "(": trailing data.
            with pytest.raises(CommandSyntaxError):
                parse_snbt(text, version=version)
        else:
            assert parse_snbt(text, version=version) == expected, (version, text)


def test_list_type_errors_name_vanilla_tag_types() -> None:
    with pytest.raises(CommandSyntaxError) as info:
        parse_snbt("[1,1b]", version=OLD)
    assert info.value.raw == "Can't insert TAG_Byte into list of TAG_Int"
    with pytest.raises(CommandSyntaxError) as info:
        parse_snbt("[B;1,2]", version=OLD)
    assert info.value.raw == "Can't insert TAG_Int into TAG_Byte_Array"
    assert parse_snbt("[B;1,2]", version=NEW) == ByteArray((1, 2))


def test_format_snbt_vanilla_style() -> None:
    value: NbtValue = {
        "count": Int(12),
        "Slot": Byte(0),
        "id": "minecraft:red_dye",
        "components": {"minecraft:custom_data": {"dfg": {"c": "HQ"}}},
    }
    assert format_snbt(value, order="insertion") == (
        '{count: 12, Slot: 0b, id: "minecraft:red_dye", '
        'components: {"minecraft:custom_data": {dfg: {c: "HQ"}}}}'
    )
    # Vanilla's CompoundTag is a HashMap: this is its iteration order for these keys.
    assert format_snbt(value).startswith("{components: ")
    assert format_snbt([Float(1.0), Float(0.1)]) == "[1.0f, 0.1f]"
    assert format_snbt([Double(1e7), Long(-1), Short(2)]) == "[1.0E7d, -1L, 2s]"
    assert format_snbt(ByteArray((1, -1))) == "[B; 1B, -1B]"
    assert format_snbt([]) == "[]" and format_snbt({}) == "{}"
    assert snbt_string('say "hi"') == "'say \"hi\"'"
    assert snbt_string("a\\b") == '"a\\\\b"'


def test_format_then_parse_round_trips() -> None:
    value: NbtValue = {"a": [Int(1), Int(2)], "b b": "x'y\"z", "c": {"d": Double(0.25), "e": LongArray((5,))}}
    for version in (OLD, NEW):
        assert parse_snbt(format_snbt(value), version=version) == value


def test_json_reader_modes() -> None:
    assert read_json('{"a":[1,2.5,true,null]}')[0] == {"a": [1, 2.5, True, None]}
    with pytest.raises(JsonSyntaxError):
        read_json("{a:1}")
    assert read_json("{a:'b'; c=d}", lenient=True, whole=True)[0] == {"a": "b", "c": "d"}
    with pytest.raises(JsonSyntaxError):
        read_json('"a" x', lenient=True, whole=True)
    assert read_json('"\\u00e9\\n"')[0] == "é\n"


def test_component_codec() -> None:
    assert decode_component("x", snbt=True) == {"text": "x"}
    assert decode_component(["a", "b"], snbt=True) == {"text": "a", "extra": [{"text": "b"}]}
    with pytest.raises(ComponentError):
        decode_component([], snbt=True)
    with pytest.raises(ComponentError):
        decode_component({"bold": True}, snbt=True)
    with pytest.raises(ComponentError):
        decode_component({"text": "a", "color": "blurple"}, snbt=False)
    hover = decode_component(
        {"text": "a", "hoverEvent": {"action": "show_entity", "contents": {"type": "pig", "id": "x"}}},
        snbt=False,
    )
    assert hover["hover_event"] == {"action": "show_entity", "id": "minecraft:pig", "uuid": "x"}
    assert plain_text({"translate": "k", "fallback": "F", "extra": [{"keybind": "key.jump"}]}) == "Fkey.jump"
    canonical: dict[str, object] = {"text": "a", "click_event": {"action": "change_page", "page": 2}}
    assert to_json_shape(canonical) == {"text": "a", "clickEvent": {"action": "change_page", "value": "2"}}
    assert json.dumps(
        to_json_shape({"text": "q", "hover_event": {"action": "show_text", "value": {"text": "h"}}})
    )
