"""Property tests: quoted text round-trips, and garbage only ever raises CommandSyntaxError."""

from __future__ import annotations

import contextlib
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from dfg_bridge.sim.grammar import CommandGrammar, CommandSyntaxError
from dfg_bridge.sim.grammar.snbt import parse_snbt, snbt_string
from dfg_bridge.sim.grammar.values import ItemStackArg

G5 = CommandGrammar.for_version("1.20.5")
G6 = CommandGrammar.for_version("1.21.6")
TEXT = st.text(max_size=40)


@settings(max_examples=150, deadline=None)
@given(TEXT)
def test_quoted_snbt_strings_round_trip(text: str) -> None:
    for version in ("1.20.5", "1.21.6"):
        assert parse_snbt(snbt_string(text), version=version) == text
        assert parse_snbt("{k:" + snbt_string(text) + "}", version=version) == {"k": text}


@settings(max_examples=150, deadline=None)
@given(TEXT)
def test_text_round_trips_through_tellraw(text: str) -> None:
    old = G5.parse("tellraw @a " + json.dumps({"text": text}, ensure_ascii=False)).value("message")
    assert old == {"text": text}
    new = G6.parse("tellraw @a {text:" + snbt_string(text) + "}").value("message")
    assert new == {"text": text}


@settings(max_examples=100, deadline=None)
@given(TEXT)
def test_text_round_trips_through_item_names(text: str) -> None:
    # 1.20.5: JSON inside a quoted SNBT string; 1.21.5+: an SNBT text compound.
    inner = json.dumps({"text": text}, ensure_ascii=False)
    old = G5.parse("give @s red_dye[custom_name=" + snbt_string(inner) + "]").value("item")
    new = G6.parse("give @s red_dye[custom_name={text:" + snbt_string(text) + "}]").value("item")
    assert isinstance(old, ItemStackArg) and isinstance(new, ItemStackArg)
    assert (
        old.components["minecraft:custom_name"] == new.components["minecraft:custom_name"] == {"text": text}
    )


PIECES = st.sampled_from(
    [
        "give",
        "tellraw",
        "item",
        "replace",
        "entity",
        "execute",
        "run",
        "data",
        "clear",
        "scoreboard",
        "@a",
        "@e[",
        "]",
        "[",
        "{",
        "}",
        ":",
        ",",
        "=",
        "~",
        "^",
        '"',
        "'",
        "\\",
        "1",
        "-1",
        ".5",
        "..",
        "red_dye",
        "*",
        "#",
        "!",
        "|",
        "custom_data",
        "~{",
        "text",
        "container.5",
        " ",
        "  ",
        "tp",
        "dialog",
        "show",
        "0x",
        "1b",
        "uuid(",
        "bool(",
        ")",
        "@n",
        "§",
        "é",
        "\n",
        "\x00",
    ]
)
GARBAGE = st.one_of(st.text(max_size=60), st.lists(PIECES, max_size=25).map("".join))


@settings(max_examples=400, deadline=None)
@given(GARBAGE)
def test_garbage_never_raises_anything_else(command: str) -> None:
    for grammar in (G5, G6):
        grammar.debug = True  # a parser bug must surface, not be reported as "Could not parse command"
        try:
            grammar.parse(command)
        except CommandSyntaxError as e:
            assert e.message
        finally:
            grammar.debug = False


@settings(max_examples=300, deadline=None)
@given(GARBAGE)
def test_snbt_garbage_never_raises_anything_else(text: str) -> None:
    for version in ("1.20.5", "1.21.6"):
        with contextlib.suppress(CommandSyntaxError):
            parse_snbt(text, version=version)
