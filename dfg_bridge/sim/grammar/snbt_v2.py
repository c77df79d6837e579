"""The 1.21.5 SNBT literal rules (``SnbtGrammar``): numbers, quoted strings, words and operations.

Mirrors the decompiled grammar: hexadecimal and binary integers are unsigned unless marked ``s``, decimal
ones signed; ``_`` may separate digits but not start or end them; a float needs ``.``, an exponent or an
``f``/``d`` suffix; an unquoted word may not start like a number; ``name(args)`` calls ``bool`` or ``uuid``.
"""

from __future__ import annotations

import re
import unicodedata
import uuid as _uuid
from typing import TYPE_CHECKING

from dfg_bridge.sim.grammar.errors import CommandSyntaxError, ErrorCode
from dfg_bridge.sim.grammar.javafmt import to_float32
from dfg_bridge.sim.grammar.nbt import Byte, Double, Float, Int, IntArray, Long, NbtValue, Short
from dfg_bridge.sim.grammar.reader import StringReader

if TYPE_CHECKING:  # only for annotations: snbt.py passes its read_value in, avoiding an import cycle
    from collections.abc import Callable

__all__ = ["read_v2_array_element", "read_v2_quoted", "read_v2_scalar"]

_WS = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"
_UNQUOTED = re.compile(r"[0-9A-Za-z_\-.+]+")

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
    "b": Byte,
    "s": Short,
    "i": Int,
    "l": Long,
}
_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "b": "\b", "s": " ", "t": "\t", "n": "\n", "f": "\f", "r": "\r"}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


def _err(r: StringReader, key: str, *args: object, cursor: int | None = None) -> CommandSyntaxError:
    return r.error(ErrorCode.NBT, key, *args, cursor=cursor)


def _skip_ws(r: StringReader) -> None:
    s = r.string
    n = len(s)
    i = r.cursor
    while i < n and s[i] in _WS:
        i += 1
    r.cursor = i


def read_v2_quoted(r: StringReader) -> str:
    """A quoted string with 1.21.5 escapes (``\\n``, ``\\t``, ``\\x41``, ``\\u00e9``, ``\\N{…}``, …)."""
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


# Element types each 1.21.5 array takes (ArrayPrefix): the array's own, and narrower integer suffixes.
_ARRAY_SUFFIXES = {"B": "b", "I": "bsi", "L": "bsil"}


def read_v2_array_element(r: StringReader, kind: str) -> NbtValue:
    """An integer literal typed as the array's element type (``[B;1,2]`` holds bytes)."""
    s = r.string
    _skip_ws(r)
    start = r.cursor
    m = _V2_NUMBER.match(s, start)
    integer = m is not None and (m.group("hex") or m.group("bin") or m.group("dec"))
    if m is None or not integer or m.group("dot") or m.group("exp"):
        raise _err(r, "snbt.parser.expected_integer_type")
    suffix = (m.group("suffix") or "").lower()
    if suffix in ("f", "d"):
        raise _err(r, "snbt.parser.expected_integer_type")
    written = suffix[-1] if suffix else kind.lower()
    if written not in _ARRAY_SUFFIXES[kind]:
        raise _err(r, "snbt.parser.invalid_array_element_type")
    r.cursor = m.end()
    value = _v2_integer_literal(r, m, start, written)
    return _ARRAY_ELEMENTS[kind](value.value)


_ARRAY_ELEMENTS: dict[str, type[Byte] | type[Int] | type[Long]] = {"B": Byte, "I": Int, "L": Long}


def read_v2_scalar(
    r: StringReader, depth: int, read_value: Callable[[StringReader, bool, int], NbtValue]
) -> NbtValue:
    """A number, ``true``/``false``, an operation call or an unquoted word.

    ``read_value`` reads operation arguments (it is snbt.py's reader, passed in to avoid an import cycle).
    """
    s = r.string
    start = r.cursor
    c = s[start]
    if c in "0123456789+-.":
        m = _V2_NUMBER.match(s, start)
        digits = m is not None and (m.group("hex") or m.group("bin") or m.group("dec") or m.group("frac"))
        if m is not None and m.end() > start and digits:
            r.cursor = m.end()
            return _v2_number(r, m, start)
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
        return _v2_operation(r, word, j, depth, read_value)
    r.cursor = end
    return word


def _v2_operation(
    r: StringReader,
    name: str,
    paren: int,
    depth: int,
    read_value: Callable[[StringReader, bool, int], NbtValue],
) -> NbtValue:
    start = r.cursor
    r.cursor = paren + 1
    args: list[NbtValue] = []
    _skip_ws(r)
    while r.cursor < len(r.string) and r.string[r.cursor] != ")":
        args.append(read_value(r, True, depth + 1))
        _skip_ws(r)
        if r.cursor >= len(r.string) or r.string[r.cursor] != ",":
            break
        r.cursor += 1
        _skip_ws(r)
    _skip_ws(r)
    r.expect(")")
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
    suffix = (m.group("suffix") or "").lower()
    dec, dot, frac, exp = m.group("dec"), m.group("dot"), m.group("frac"), m.group("exp")
    is_hex_or_bin = m.group("hex") is not None or m.group("bin") is not None
    if not is_hex_or_bin and (dot or exp or suffix in ("f", "d")):
        for part in (dec, frac, exp and exp.lstrip("+-")):
            if part and (part.startswith("_") or part.endswith("_")):
                raise _err(r, "snbt.parser.undescore_not_allowed", cursor=start)
        if suffix and suffix not in ("f", "d"):
            raise _err(r, "snbt.parser.expected_float_type", cursor=start)
        text = (dec or "0").replace("_", "") + "." + (frac or "0").replace("_", "")
        if exp:
            text += "e" + exp.replace("_", "")
        value = (-1 if m.group("sign") == "-" else 1) * float(text)
        if suffix == "f":
            value = to_float32(value)
        if value in (float("inf"), float("-inf")):
            raise _err(r, "snbt.parser.infinity_not_allowed", cursor=start)
        return Float(value) if suffix == "f" else Double(value)
    return _v2_integer_literal(r, m, start, suffix[-1] if suffix else "i")


_JAVA_RANGE_MESSAGES = {"b": "Byte", "s": "Short"}


def _v2_integer_literal(
    r: StringReader, m: re.Match[str], start: int, kind: str
) -> Byte | Short | Int | Long:
    """``IntegerLiteral.create``: hex and binary are unsigned unless ``s``-marked, decimal signed."""
    suffix = (m.group("suffix") or "").lower()
    hex_digits, bin_digits, dec = m.group("hex"), m.group("bin"), m.group("dec")
    digits = hex_digits if hex_digits is not None else bin_digits if bin_digits is not None else dec
    assert digits is not None
    if digits.startswith("_") or digits.endswith("_"):
        raise _err(r, "snbt.parser.undescore_not_allowed", cursor=start)
    if hex_digits is None and bin_digits is None and len(digits) > 1 and digits[0] == "0":
        raise _err(r, "snbt.parser.leading_zero_not_allowed", cursor=start)
    radix = 16 if hex_digits is not None else 2 if bin_digits is not None else 10
    marker = suffix[0] if len(suffix) == 2 else ""
    signed = marker == "s" if marker else radix == 10
    negative = m.group("sign") == "-"
    if not signed and negative:
        raise _err(r, "snbt.parser.expected_non_negative_number", cursor=start)
    magnitude = int(digits.replace("_", ""), radix)
    value = -magnitude if negative else magnitude
    lo, hi, span = _INT_RANGES[kind]
    if (signed and not lo <= value <= hi) or (not signed and value >= span):
        text = ("-" if negative else "") + digits.replace("_", "")
        if kind in _JAVA_RANGE_MESSAGES and signed:
            reason = f'Value out of range. Value:"{text}" Radix:{radix}'
        else:
            reason = f'For input string: "{text}"' + ("" if radix == 10 else f" under radix {radix}")
        raise _err(r, "snbt.parser.number_parse_failure", reason, cursor=start)
    if value > hi:
        value -= span
    return _INT_TYPES[kind](value)
