"""Text components in both formats: field names, compact forms, validation."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dfg_bridge.model.text import Click, ClickAction, Text
from dfg_bridge.render import RenderError, text_json, text_snbt
from dfg_bridge.render.text import check_click_command


def test_plain_text_is_a_bare_string() -> None:
    assert text_json(Text("手札")) == '"手札"'
    assert text_snbt(Text("手札")) == '"手札"'
    assert text_snbt(Text("手札"), compound=True) == '{text:"手札"}'


def test_json_uses_click_event_value_and_hover_contents() -> None:
    t = Text(
        "[出す]", color="green", click=Click(ClickAction.RUN_COMMAND, "/trigger dfg set 1"), hover=Text("h")
    )
    assert json.loads(text_json(t)) == {
        "text": "[出す]",
        "color": "green",
        "clickEvent": {"action": "run_command", "value": "/trigger dfg set 1"},
        "hoverEvent": {"action": "show_text", "contents": "h"},
    }


def test_snbt_uses_click_event_command_and_hover_value() -> None:
    t = Text("[出す]", click=Click(ClickAction.SUGGEST_COMMAND, "/dfg play "), hover=Text("h", bold=True))
    assert text_snbt(t) == (
        '{text:"[出す]",click_event:{action:"suggest_command",command:"/dfg play "},'
        'hover_event:{action:"show_text",value:{text:"h",bold:true}}}'
    )


def test_children_are_compounds_in_both_formats() -> None:
    t = Text.join([Text("a"), Text("b", italic=False)])
    assert text_json(t) == '{"text":"","extra":[{"text":"a"},{"text":"b","italic":false}]}'
    assert text_snbt(t) == '{text:"",extra:[{text:"a"},{text:"b",italic:false}]}'


def test_colors_are_checked() -> None:
    assert '"color":"#FF8000"' in text_json(Text("x", color="#FF8000"))
    with pytest.raises(RenderError) as err:
        text_json(Text("x", color="orange"))
    assert err.value.code == "bad_color"


@pytest.mark.parametrize("command", ["", "/say §c", "/say a\nb", "/" + "x" * 256])
def test_unsendable_click_commands_are_refused(command: str) -> None:
    with pytest.raises(RenderError) as err:
        check_click_command(command)
    assert err.value.code == "bad_click"


@given(st.text(), st.text())
def test_json_component_keeps_the_plain_text(a: str, b: str) -> None:
    doc = json.loads(text_json(Text(a, color="red", extra=(Text(b),))))
    assert doc["text"] + doc["extra"][0]["text"] == a + b
