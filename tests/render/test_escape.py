"""The two escaping functions: JSON and SNBT strings round-trip any text."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from dfg_bridge.render import json_string, snbt_string
from dfg_bridge.render.escape import snbt_key

TRICKY = ["", '"', "'", "\\", '\\"', "§a§l", "a\nb\r\tc", "\x00\x07\x1f", "'\"", "大富豪【】", "💣", "\u2028"]

SIMPLE_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "\\": "\\", '"': '"', "'": "'"}


def read_snbt_string(literal: str, *, modern: bool) -> str:
    """Decode one quoted SNBT string as vanilla would (1.21.5 escapes when ``modern``)."""
    quote, body = literal[0], literal[1:-1]
    assert quote in "\"'" and literal[-1] == quote
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        assert ch != quote, f"unescaped quote in {literal!r}"
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in ("\\", quote):
            out.append(nxt)
            i += 2
        elif modern and nxt in SIMPLE_ESCAPES:
            out.append(SIMPLE_ESCAPES[nxt])
            i += 2
        elif modern and nxt == "x":
            out.append(chr(int(body[i + 2 : i + 4], 16)))
            i += 4
        elif modern and nxt == "u":
            out.append(chr(int(body[i + 2 : i + 6], 16)))
            i += 6
        else:
            raise AssertionError(f"invalid escape \\{nxt} in {literal!r}")
    return "".join(out)


def test_json_string_examples() -> None:
    assert json_string('a"b') == '"a\\"b"'
    assert json_string("a\\b") == '"a\\\\b"'
    assert json_string("§a") == '"§a"'
    assert json_string("\n") == '"\\n"'
    assert json_string("\ud800") == '"\\ud800"'


def test_snbt_string_picks_the_quote_that_needs_no_escape() -> None:
    assert snbt_string('{"text":"a"}', control_escapes=False) == '\'{"text":"a"}\''
    assert snbt_string("it's", control_escapes=False) == '"it\'s"'
    assert snbt_string("both ' and \"", control_escapes=False) == '"both \' and \\""'


def test_snbt_legacy_leaves_control_characters_raw() -> None:
    # Before 1.21.5 the only escapes are \\ and the quote: anything else is a syntax error.
    assert snbt_string("a\nb", control_escapes=False) == '"a\nb"'
    assert snbt_string("a\nb\x01", control_escapes=True) == '"a\\nb\\x01"'


def test_snbt_key_quotes_only_when_needed() -> None:
    assert snbt_key("custom_data", control_escapes=True) == "custom_data"
    assert snbt_key("minecraft:lock", control_escapes=True) == '"minecraft:lock"'
    assert snbt_key("a b", control_escapes=False) == '"a b"'


def test_tricky_strings_round_trip() -> None:
    for s in TRICKY:
        assert json.loads(json_string(s)) == s
        assert read_snbt_string(snbt_string(s, control_escapes=True), modern=True) == s
        assert read_snbt_string(snbt_string(s, control_escapes=False), modern=False) == s


@given(st.text())
def test_json_string_round_trips(s: str) -> None:
    literal = json_string(s)
    assert json.loads(literal) == s
    literal.encode("utf-8")  # always sendable


@given(st.text())
def test_snbt_string_round_trips_in_both_generations(s: str) -> None:
    assert read_snbt_string(snbt_string(s, control_escapes=True), modern=True) == s
    assert read_snbt_string(snbt_string(s, control_escapes=False), modern=False) == s


@given(st.text())
def test_json_inside_legacy_snbt_round_trips(s: str) -> None:
    # 1.20.5-1.21.4 NBT text: a JSON document inside an SNBT string.
    nested = snbt_string(json_string(s), control_escapes=False)
    assert "\n" not in nested  # JSON escaped every control character already
    assert json.loads(read_snbt_string(nested, modern=False)) == s
