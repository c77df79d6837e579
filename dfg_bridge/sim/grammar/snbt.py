"""SNBT (文字列化 NBT): vanilla's two readers and its printer.

Two grammars exist in the supported range:

- **1.20.5–1.21.4** (``TagParser``): unquoted words become numbers when they match a typed pattern
  (``1b``, ``2.5f``, ``3``) and strings otherwise (``300b`` is the string ``"300b"``); lists are homogeneous;
  quoted strings escape only the quote and ``\\``.
- **1.21.5+** (``SnbtGrammar``): numbers with ``_`` separators, ``0x``/``0b`` prefixes and signed/unsigned
  suffixes (``0xffub``); out-of-range numbers are errors; unquoted string values may not start with a
  digit, ``+`` or ``-``; lists may mix types; strings know ``\\n``, ``\\t``, ``\\u…`` and friends; ``bool(…)``
  and ``uuid(…)`` operations.

>>> parse_snbt('{dfg:{c:"HQ"},n:[1b,2b]}')
{'dfg': {'c': 'HQ'}, 'n': [Byte(value=1), Byte(value=2)]}
>>> parse_snbt("300b", version="1.20.5"), parse_snbt("0x10", version="1.21.5")
('300b', Int(value=16))
>>> format_snbt({"count": Int(12), "Slot": Byte(0), "id": "minecraft:red_dye"})
'{count: 12, Slot: 0b, id: "minecraft:red_dye"}'
"""

from __future__ import annotations

import re

from dfg_bridge.sim.grammar.env import GameVersion, GrammarEnv
from dfg_bridge.sim.grammar.errors import CommandSyntaxError, ErrorCode
from dfg_bridge.sim.grammar.javafmt import to_float32
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
    nbt_type_name,
)
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.snbt_print import format_snbt, snbt_string
from dfg_bridge.sim.grammar.snbt_v2 import read_v2_array_element, read_v2_quoted, read_v2_scalar

__all__ = ["format_snbt", "parse_snbt", "read_compound", "read_value", "snbt_string"]

MAX_DEPTH = 512
_WS = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"
_UNQUOTED = re.compile(r"[0-9A-Za-z_\-.+]+")

# ---- 1.20.5–1.21.4 typed patterns (TagParser), all case-insensitive --------------------------------------
_V1_DOUBLE_NOSUFFIX = re.compile(r"[-+]?(?:[0-9]+[.]|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?\Z", re.I)
_V1_DOUBLE = re.compile(r"[-+]?(?:[0-9]+[.]?|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?d\Z", re.I)
_V1_FLOAT = re.compile(r"[-+]?(?:[0-9]+[.]?|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?f\Z", re.I)
_V1_BYTE = re.compile(r"[-+]?(?:0|[1-9][0-9]*)b\Z", re.I)
_V1_LONG = re.compile(r"[-+]?(?:0|[1-9][0-9]*)l\Z", re.I)
_V1_SHORT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)s\Z", re.I)
_V1_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)\Z")


def _skip_ws(r: StringReader) -> None:
    s = r.string
    n = len(s)
    i = r.cursor
    while i < n and s[i] in _WS:
        i += 1
    r.cursor = i


def _err(r: StringReader, key: str, *args: object, cursor: int | None = None) -> CommandSyntaxError:
    return r.error(ErrorCode.NBT, key, *args, cursor=cursor)


def read_value(r: StringReader, v2: bool, depth: int = 0) -> NbtValue:
    """Read one SNBT value at the reader's cursor (vanilla ``readValue``)."""
    if depth > MAX_DEPTH:
        raise _err(r, "arguments.nbtpath.too_deep")
    _skip_ws(r)
    if r.cursor >= len(r.string):
        raise _err(r, "argument.nbt.expected.value")
    c = r.string[r.cursor]
    if c == "{":
        return read_compound(r, v2, depth)
    if c == "[":
        return _read_list_or_array(r, v2, depth)
    if c in "\"'":
        return _read_quoted(r, v2)
    if v2:
        return read_v2_scalar(r, depth, read_value)
    start = r.cursor
    word = r.read_unquoted_string()
    if not word:
        r.cursor = start
        raise _err(r, "argument.nbt.expected.value")
    return _v1_type(word)


def _v1_type(s: str) -> NbtValue:
    """``TagParser.type``: the typed reading of an unquoted word, or the word as a string."""
    try:
        last = s[-1].lower()
        if last == "f" and _V1_FLOAT.match(s):
            return Float(to_float32(float(s[:-1])))
        if last == "b" and _V1_BYTE.match(s):
            v = int(s[:-1])
            if -128 <= v <= 127:
                return Byte(v)
        elif last == "l" and _V1_LONG.match(s):
            v = int(s[:-1])
            if -(2**63) <= v < 2**63:
                return Long(v)
        elif last == "s" and _V1_SHORT.match(s):
            v = int(s[:-1])
            if -(2**15) <= v < 2**15:
                return Short(v)
        if _V1_INT.match(s):
            v = int(s)
            if -(2**31) <= v < 2**31:
                return Int(v)
        elif last == "d" and _V1_DOUBLE.match(s):
            return Double(float(s[:-1]))
        elif _V1_DOUBLE_NOSUFFIX.match(s):
            return Double(float(s))
    except (ValueError, OverflowError):
        pass
    low = s.lower()
    if low == "true":
        return Byte(1)
    if low == "false":
        return Byte(0)
    return s


def _read_quoted(r: StringReader, v2: bool) -> str:
    return read_v2_quoted(r) if v2 else r.read_quoted_string()


def _read_key(r: StringReader, v2: bool) -> str:
    _skip_ws(r)
    if r.cursor >= len(r.string):
        raise _err(r, "argument.nbt.expected.key")
    if r.string[r.cursor] in "\"'":
        start = r.cursor
        key = _read_quoted(r, v2)
        if v2 and not key:
            raise _err(r, "snbt.parser.empty_key", cursor=start)
        return key
    start = r.cursor
    key = r.read_unquoted_string()
    if not key:
        r.cursor = start
        raise _err(r, "argument.nbt.expected.key")
    return key


def _expect(r: StringReader, c: str) -> None:
    _skip_ws(r)
    r.expect(c)


def _separator(r: StringReader) -> bool:
    """Vanilla ``hasElementSeparator``: skip a comma and the whitespace around it."""
    _skip_ws(r)
    if r.cursor < len(r.string) and r.string[r.cursor] == ",":
        r.cursor += 1
        _skip_ws(r)
        return True
    return False


def read_compound(r: StringReader, v2: bool, depth: int = 0) -> dict[str, NbtValue]:
    """Read ``{key: value, …}`` (vanilla ``readStruct``)."""
    if depth > MAX_DEPTH:
        raise _err(r, "arguments.nbtpath.too_deep")
    _expect(r, "{")
    out: dict[str, NbtValue] = {}
    _skip_ws(r)
    s = r.string
    while r.cursor < len(s) and s[r.cursor] != "}":
        key = _read_key(r, v2)
        _expect(r, ":")
        out[key] = read_value(r, v2, depth + 1)
        if not _separator(r):
            break
        if r.cursor >= len(s):
            raise _err(r, "argument.nbt.expected.key")
        if not v2 and s[r.cursor] == "}":
            # Before 1.21.5 another key must follow a comma; 1.21.5's grammar allows a trailing one.
            raise _err(r, "argument.nbt.expected.key")
    _expect(r, "}")
    return out


def _read_list_or_array(r: StringReader, v2: bool, depth: int) -> NbtValue:
    s = r.string
    i = r.cursor
    if i + 2 < len(s) and s[i + 1] not in "\"'" and s[i + 2] == ";":
        return _read_array(r, v2)
    r.cursor += 1
    _skip_ws(r)
    if r.cursor >= len(s):
        raise _err(r, "argument.nbt.expected.value")
    out: list[NbtValue] = []
    first_type: type | None = None
    while s[r.cursor] != "]":
        start = r.cursor
        value = read_value(r, v2, depth + 1)
        if not v2:
            t = type(value)
            if first_type is None:
                first_type = t
            elif t is not first_type:
                r.cursor = start
                raise _err(r, "argument.nbt.list.mixed", nbt_type_name(value), nbt_type_name(out[0]))
        out.append(value)
        if not _separator(r):
            break
        if r.cursor >= len(s):
            raise _err(r, "argument.nbt.expected.value")
        if not v2 and s[r.cursor] == "]":
            raise _err(r, "argument.nbt.expected.value")
    _expect(r, "]")
    return out


_ARRAY_KINDS: dict[str, tuple[type, type]] = {
    "B": (ByteArray, Byte),
    "I": (IntArray, Int),
    "L": (LongArray, Long),
}


def _read_array(r: StringReader, v2: bool) -> NbtValue:
    r.cursor += 1
    kind_at = r.cursor
    kind = r.string[kind_at]
    r.cursor += 2
    _skip_ws(r)
    if r.cursor >= len(r.string):
        raise _err(r, "argument.nbt.expected.value")
    if kind not in _ARRAY_KINDS:
        raise _err(r, "argument.nbt.array.invalid", kind, cursor=kind_at)
    array_type, element_type = _ARRAY_KINDS[kind]
    values: list[int] = []
    s = r.string
    while s[r.cursor] != "]":
        start = r.cursor
        value = read_v2_array_element(r, kind) if v2 else read_value(r, v2, 1)
        if not isinstance(value, element_type):
            r.cursor = start
            raise _err(r, "argument.nbt.array.mixed", nbt_type_name(value), _ARRAY_NAMES[kind])
        assert isinstance(value, (Byte, Int, Long))
        values.append(value.value)
        if not _separator(r):
            break
        if r.cursor >= len(s):
            raise _err(r, "argument.nbt.expected.value")
    _expect(r, "]")
    return array_type(tuple(values))  # type: ignore[no-any-return]


_ARRAY_NAMES = {"B": "TAG_Byte_Array", "I": "TAG_Int_Array", "L": "TAG_Long_Array"}


def parse_snbt(text: str, *, version: str = "1.21.6") -> NbtValue:
    """Parse a complete SNBT value as ``version`` reads it; trailing data is an error.

    Raises :class:`~dfg_bridge.sim.grammar.errors.CommandSyntaxError` on malformed input.
    """
    env = GrammarEnv.for_version(GameVersion.parse(version))
    r = StringReader(text, env.msg)
    value = read_value(r, env.snbt_v2)
    _skip_ws(r)
    if r.cursor < len(text):
        raise _err(r, "argument.nbt.trailing")
    return value
