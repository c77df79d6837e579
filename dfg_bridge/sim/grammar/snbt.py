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
import unicodedata
import uuid as _uuid

from dfg_bridge.sim.grammar.env import GameVersion, GrammarEnv
from dfg_bridge.sim.grammar.errors import CommandSyntaxError, ErrorCode
from dfg_bridge.sim.grammar.javafmt import java_double_str, java_float_str, java_hashmap_order, to_float32
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

# ---- 1.21.5 number literal --------------------------------------------------------------------------------
_V2_NUMBER = re.compile(
    r"""(?P<sign>[-+])?
        (?:
          0[xX](?P<hex>[0-9a-fA-F_]+)
        | 0[bB](?P<bin>[01_]+)
        | (?P<dec>[0-9][0-9_]*)?(?:(?P<dot>\.)(?P<frac>[0-9][0-9_]*)?)?(?:[eE](?P<exp>[-+]?[0-9][0-9_]*))?
        )
        (?P<suffix>[uUsS]?[bBsSiIlL]|[fFdD])?""",
    re.X,
)
_INT_RANGES = {
    "b": (-(2**7), 2**7 - 1, 2**8),
    "s": (-(2**15), 2**15 - 1, 2**16),
    "i": (-(2**31), 2**31 - 1, 2**32),
    "l": (-(2**63), 2**63 - 1, 2**64),
}
_INT_TYPES: dict[str, type[Byte] | type[Short] | type[Int] | type[Long]] = {
    "b": Byte, "s": Short, "i": Int, "l": Long,
}
_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "b": "\b", "s": " ", "t": "\t", "n": "\n", "f": "\f", "r": "\r"}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


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
        return _read_v2_scalar(r, depth)
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
    if not v2:
        return r.read_quoted_string()
    s = r.string
    quote = s[r.cursor]
    start = r.cursor + 1
    end = s.find(quote, start)
    if end >= 0 and s.find("\\", start, end) < 0:
        r.cursor = end + 1
        return s[start:end]
    out: list[str] = []
    i = start
    n = len(s)
    while i < n:
        c = s[i]
        if c == quote:
            r.cursor = i + 1
            return "".join(out)
        if c != "\\":
            out.append(c)
            i += 1
            continue
        if i + 1 >= n:
            break
        e = s[i + 1]
        if e in _ESCAPES:
            out.append(_ESCAPES[e])
            i += 2
        elif e in _HEX_ESCAPES:
            width = _HEX_ESCAPES[e]
            digits = s[i + 2 : i + 2 + width]
            if len(digits) != width or not all(d in "0123456789abcdefABCDEF" for d in digits):
                raise _err(r, "snbt.parser.expected_hex_escape", width, cursor=i + 2)
            code = int(digits, 16)
            if code > 0x10FFFF or (0xD800 <= code <= 0xDFFF and width == 8):
                raise _err(r, "snbt.parser.invalid_codepoint", f"{code:X}", cursor=i + 2)
            out.append(chr(code))
            i += 2 + width
        elif e == "N" and i + 2 < n and s[i + 2] == "{":
            close = s.find("}", i + 3)
            name = s[i + 3 : close] if close >= 0 else ""
            try:
                out.append(unicodedata.lookup(name))
            except KeyError:
                raise _err(r, "snbt.parser.invalid_character_name", cursor=i + 3) from None
            i = close + 1
        else:
            raise r.error(ErrorCode.INVALID_ESCAPE, "parsing.quote.escape", e, cursor=i + 1)
    r.cursor = n
    raise r.error(ErrorCode.UNCLOSED_QUOTE, "parsing.quote.expected.end")


def _read_key(r: StringReader, v2: bool) -> str:
    _skip_ws(r)
    if r.cursor >= len(r.string):
        raise _err(r, "argument.nbt.expected.key")
    if r.string[r.cursor] in "\"'":
        return _read_quoted(r, v2)
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
        if s[r.cursor] == "}":
            # Another key must follow a comma. (Whether 1.21.5's grammar allows a trailing comma is
            # unverified; refusing it is the safer error for a judge of what the daemon sends.)
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
        if s[r.cursor] == "]":
            raise _err(r, "argument.nbt.expected.value")
    _expect(r, "]")
    return out


_ARRAY_KINDS: dict[str, tuple[type, type]] = {
    "B": (ByteArray, Byte), "I": (IntArray, Int), "L": (LongArray, Long),
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
        value = read_value(r, v2, 1)
        if v2 and isinstance(value, (Byte, Short, Int, Long)) and not isinstance(value, element_type):
            # 1.21.5 casts an unsuffixed integer to the array's element type when it fits.
            lo, hi, _ = _INT_RANGES[kind.lower()]
            if not (isinstance(value, Int) and lo <= value.value <= hi):
                r.cursor = start
                raise _err(r, "snbt.parser.invalid_array_element_type")
            value = element_type(value.value)
        if not isinstance(value, element_type):
            r.cursor = start
            if v2:
                raise _err(r, "snbt.parser.invalid_array_element_type")
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


def _read_v2_scalar(r: StringReader, depth: int) -> NbtValue:
    s = r.string
    start = r.cursor
    c = s[start]
    if c in "0123456789+-.":
        m = _V2_NUMBER.match(s, start)
        digits = m is not None and (m.group("hex") or m.group("bin") or m.group("dec") or m.group("frac"))
        if m is not None and m.end() > start and digits:
            r.cursor = m.end()
            return _v2_number(r, m, start)
        if c != ".":
            raise _err(r, "snbt.parser.invalid_unquoted_start")
    word_m = _UNQUOTED.match(s, start)
    if word_m is None:
        raise _err(r, "argument.nbt.expected.value")
    word = word_m.group()
    end = word_m.end()
    low = word.lower()
    if low == "true":
        r.cursor = end
        return Byte(1)
    if low == "false":
        r.cursor = end
        return Byte(0)
    j = end
    while j < len(s) and s[j] in _WS:
        j += 1
    if j < len(s) and s[j] == "(":
        return _v2_operation(r, word, j, depth)
    r.cursor = end
    return word


def _v2_operation(r: StringReader, name: str, paren: int, depth: int) -> NbtValue:
    start = r.cursor
    r.cursor = paren + 1
    args: list[NbtValue] = []
    _skip_ws(r)
    while r.cursor < len(r.string) and r.string[r.cursor] != ")":
        args.append(read_value(r, True, depth + 1))
        if not _separator(r):
            break
    _expect(r, ")")
    if name == "bool" and len(args) == 1:
        arg = args[0]
        if isinstance(arg, (Byte, Short, Int, Long, Float, Double)):
            return Byte(1 if arg.value != 0 else 0)
        if isinstance(arg, str) and arg.lower() in ("true", "false"):
            return Byte(1 if arg.lower() == "true" else 0)
        raise _err(r, "snbt.parser.expected_number_or_boolean", cursor=start)
    if name == "uuid" and len(args) == 1 and isinstance(args[0], str):
        try:
            u = _uuid.UUID(args[0])
        except ValueError:
            raise _err(r, "snbt.parser.expected_string_uuid", cursor=start) from None
        n = u.int
        parts = [(n >> shift) & 0xFFFFFFFF for shift in (96, 64, 32, 0)]
        return IntArray(tuple(p - (1 << 32) if p >= 1 << 31 else p for p in parts))
    raise _err(r, "snbt.parser.no_such_operation", f"{name}/{len(args)}", cursor=start)


def _v2_number(r: StringReader, m: re.Match[str], start: int) -> NbtValue:
    sign = -1 if m.group("sign") == "-" else 1
    suffix = (m.group("suffix") or "").lower()
    hex_digits, bin_digits = m.group("hex"), m.group("bin")
    dec, dot, frac, exp = m.group("dec"), m.group("dot"), m.group("frac"), m.group("exp")
    for part in (hex_digits, bin_digits, dec, frac, exp):
        if part and (part.startswith("_") or part.endswith("_") or part.lstrip("+-").startswith("_")):
            raise _err(r, "snbt.parser.undescore_not_allowed", cursor=start)
    is_float = bool(dot or exp or suffix in ("f", "d"))
    if hex_digits is not None or bin_digits is not None:
        if suffix in ("f", "d") or (is_float and suffix not in ("f", "d")):
            raise _err(r, "snbt.parser.expected_integer_type", cursor=start)
        digits = (hex_digits or bin_digits or "").replace("_", "")
        magnitude = int(digits, 16 if hex_digits is not None else 2)
        return _v2_integer(r, sign * magnitude, suffix, start, allow_wrap=True)
    if is_float:
        if suffix and suffix not in ("f", "d"):
            raise _err(r, "snbt.parser.expected_float_type", cursor=start)
        text = (dec or "0").replace("_", "") + "." + (frac or "0").replace("_", "")
        if exp:
            text += "e" + exp.replace("_", "")
        value = sign * float(text)
        if suffix == "f":
            f = to_float32(value)
            if f in (float("inf"), float("-inf")):
                raise _err(r, "snbt.parser.infinity_not_allowed", cursor=start)
            return Float(f)
        if value in (float("inf"), float("-inf")):
            raise _err(r, "snbt.parser.infinity_not_allowed", cursor=start)
        return Double(value)
    assert dec is not None
    digits = dec.replace("_", "")
    if len(digits) > 1 and digits[0] == "0":
        raise _err(r, "snbt.parser.leading_zero_not_allowed", cursor=start)
    return _v2_integer(r, sign * int(digits), suffix, start, allow_wrap=False)


def _v2_integer(r: StringReader, value: int, suffix: str, start: int, allow_wrap: bool) -> NbtValue:
    signedness = ""
    if len(suffix) == 2:
        signedness, suffix = suffix[0], suffix[1]
    kind = suffix or "i"
    lo, hi, span = _INT_RANGES[kind]
    if signedness == "u":
        if value < 0:
            raise _err(r, "snbt.parser.expected_non_negative_number", cursor=start)
        if value >= span:
            raise _err(r, "snbt.parser.number_parse_failure", f"{value} out of range", cursor=start)
        if value > hi:
            value -= span
    elif allow_wrap and signedness == "" and hi < value < span:
        # Hex and binary literals without a sign marker wrap like unsigned ones (0xff b == -1b).
        value -= span
    elif not lo <= value <= hi:
        raise _err(r, "snbt.parser.number_parse_failure", f"Value out of range: {value}", cursor=start)
    return _INT_TYPES[kind](value)


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


# ------------------------------------------------------------------------------------------------ printing

_SIMPLE_KEY = re.compile(r"[A-Za-z0-9._+\-]+\Z")


def snbt_string(s: str) -> str:
    """Vanilla's ``StringTag.quoteAndEscape``: ``"`` unless the text holds ``"`` and no ``'``.

    >>> snbt_string('say "hi"'), snbt_string("it's")
    ('\\'say "hi"\\'', '"it\\'s"')
    """
    quote = '"'
    if '"' in s and "'" not in s:
        quote = "'"
    body = s.replace("\\", "\\\\").replace(quote, "\\" + quote)
    return quote + body + quote


def format_snbt(value: NbtValue, *, order: str = "hashmap") -> str:
    """``value`` as vanilla prints NBT in chat (``data get``): ``{a: 1b, b: "x"}``.

    Compound keys follow Java's ``HashMap`` iteration order (``order="hashmap"``, what vanilla's
    ``CompoundTag`` gives) or insertion order (``order="insertion"``).
    """
    if isinstance(value, str):
        return snbt_string(value)
    if isinstance(value, dict):
        if not value:
            return "{}"
        keys = java_hashmap_order(list(value)) if order == "hashmap" else list(value)
        parts = []
        for k in keys:
            key = k if _SIMPLE_KEY.match(k) else snbt_string(k)
            parts.append(f"{key}: {format_snbt(value[k], order=order)}")
        return "{" + ", ".join(parts) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(format_snbt(v, order=order) for v in value) + "]"
    if isinstance(value, Byte):
        return f"{value.value}b"
    if isinstance(value, Short):
        return f"{value.value}s"
    if isinstance(value, Int):
        return str(value.value)
    if isinstance(value, Long):
        return f"{value.value}L"
    if isinstance(value, Float):
        return java_float_str(value.value) + "f"
    if isinstance(value, Double):
        return java_double_str(value.value) + "d"
    if isinstance(value, ByteArray):
        return "[B; " + ", ".join(f"{v}B" for v in value.values) + "]"
    if isinstance(value, IntArray):
        return "[I; " + ", ".join(str(v) for v in value.values) + "]"
    if isinstance(value, LongArray):
        return "[L; " + ", ".join(f"{v}L" for v in value.values) + "]"
    raise TypeError(f"not an NBT value: {value!r}")
