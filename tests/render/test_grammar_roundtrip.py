"""Rendered commands parse in the simulated server's grammar check and show the original text.

The sim (``dfg_bridge.sim.grammar``) is the independent judge: it shares no code with ``render/`` and
reads commands the way vanilla does, per version (1.20.5 and 1.21.4 JSON text, 1.21.6 SNBT text).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dfg_bridge.model.items import ItemSpec
from dfg_bridge.model.text import Click, ClickAction, Text
from dfg_bridge.render import DialogButton, SignLine, dialect_for
from dfg_bridge.sim.grammar import CommandGrammar
from dfg_bridge.sim.grammar.jsonread import read_json
from dfg_bridge.sim.grammar.text import decode_component, from_nbt, plain_text

VERSIONS = ("1.20.5", "1.21.4", "1.21.6")

# Random Unicode plus the characters that break naive escaping.
NASTY = st.sampled_from(
    ['"', "'", "\\", "§", "\n", "\r", "\t", "\x00", "\x1f", "{", "}", "[", "]", ":", ",", "@", " "]
)
TEXT = st.text(alphabet=st.one_of(st.characters(blacklist_categories=("Cs",)), NASTY), max_size=40)


def _nbt_text(value: Any, snbt: bool) -> str:
    """What a player reads from a text component stored in NBT (a JSON string before 1.21.5)."""
    if snbt:
        return plain_text(decode_component(from_nbt(value), snbt=True))
    assert isinstance(value, str)
    parsed, _ = read_json(value, whole=True)
    return plain_text(decode_component(parsed, snbt=False))


def _arg_text(value: Any) -> str:
    assert isinstance(value, (dict, str))
    return plain_text(value)


@pytest.mark.parametrize("version", VERSIONS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT, tail=TEXT)
def test_tellraw_round_trips(version: str, text: str, tail: str) -> None:
    dialect, grammar = dialect_for(version), CommandGrammar.for_version(version)
    message = Text(
        text,
        color="gold",
        click=Click(ClickAction.RUN_COMMAND, "/trigger dfg set 7"),
        hover=Text(tail),
        extra=(Text(tail, bold=True),),
    )
    parsed = grammar.parse(dialect.tellraw("Steve", message))
    component = parsed.value("message")
    assert _arg_text(component) == text + tail
    assert isinstance(component, dict)
    assert component["click_event"] == {"action": "run_command", "command": "/trigger dfg set 7"}
    assert plain_text(component["hover_event"]["value"]) == tail  # type: ignore[index]


@pytest.mark.parametrize("version", VERSIONS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=TEXT, lore=TEXT, tag=TEXT)
def test_item_names_round_trip(version: str, name: str, lore: str, tag: str) -> None:
    dialect, grammar = dialect_for(version), CommandGrammar.for_version(version)
    spec = ItemSpec("red_dye", 12, Text(name, italic=False), (Text(lore),), True, tag)
    for command in (dialect.item_to_player("Steve", "hotbar.3", spec), dialect.give("Steve", spec)):
        item = grammar.parse(command).value("item")
        components = item.components  # type: ignore[attr-defined]
        assert plain_text(components["minecraft:custom_name"]) == name
        assert [plain_text(line) for line in components["minecraft:lore"]] == [lore]
        assert components["minecraft:custom_data"] == ({"dfg": {"id": tag}} if tag else {"dfg": {}})
        assert item.count == 12  # type: ignore[attr-defined]


@pytest.mark.parametrize("version", VERSIONS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(TEXT, min_size=1, max_size=4))
def test_sign_lines_round_trip(version: str, lines: list[str]) -> None:
    dialect, grammar = dialect_for(version), CommandGrammar.for_version(version)
    sign = [SignLine(Text(lines[0], bold=True), "/trigger dfg set 1")]
    sign += [SignLine(Text(t)) for t in lines[1:]]
    block = grammar.parse(dialect.sign((1, 64, 1), sign, wall_facing="north")).value("block")
    messages = block.nbt["front_text"]["messages"]  # type: ignore[attr-defined]
    shown = [_nbt_text(m, dialect.snbt_text) for m in messages]
    assert shown == lines + [""] * (4 - len(lines))
    merged = grammar.parse(dialect.sign_text((1, 64, 1), sign))
    assert merged.names[:3] == ("data", "merge", "block")


@pytest.mark.parametrize("version", VERSIONS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_text_display_round_trips(version: str, text: str) -> None:
    dialect, grammar = dialect_for(version), CommandGrammar.for_version(version)
    summoned = grammar.parse(dialect.summon_text_display((0.5, 65.0, 0.5), ["dfg", "dfg_t1"], Text(text)))
    nbt = summoned.value("nbt")
    assert _nbt_text(nbt["text"], dialect.snbt_text) == text  # type: ignore[index]
    selector = dialect.tagged("dfg_t1", kind="text_display", single=True)
    merged = grammar.parse(dialect.set_display_text(selector, Text(text, color="red")))
    assert _nbt_text(merged.value("nbt")["text"], dialect.snbt_text) == text  # type: ignore[index]


@pytest.mark.parametrize("version", VERSIONS)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_other_text_arguments_round_trip(version: str, text: str) -> None:
    dialect, grammar = dialect_for(version), CommandGrammar.for_version(version)
    for command, name in (
        (dialect.bossbar_name("dfg:t1", Text(text)), "name"),
        (dialect.team_prefix("dfg_t1", Text(text, color="gold")), "prefix"),
        (dialect.score_display_name("#line1", "dfg_t1", Text(text)), "name"),
        (dialect.objective_display_name("dfg_t1", Text(text)), "displayName"),
        (dialect.title("Steve", Text(text)), "title"),
        (dialect.actionbar("Steve", Text(text)), "title"),
    ):
        parsed = grammar.parse(command)
        assert _arg_text(parsed.value(name)) == text, (command, parsed.nodes)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=TEXT, label=TEXT)
def test_dialog_round_trips(title: str, label: str) -> None:
    dialect, grammar = dialect_for("1.21.6"), CommandGrammar.for_version("1.21.6")
    buttons = [DialogButton(Text(label), "/trigger dfg set 3")]
    command = dialect.dialog_show("Steve", Text(title), buttons, body=Text(label))
    parsed = grammar.parse(command)
    assert parsed.names == ("dialog", "show", "targets", "dialog")
