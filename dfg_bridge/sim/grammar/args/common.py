"""Small shared readers: resource locations, ranges, and closed word sets (共通の読み取り)."""

from __future__ import annotations

import re

from dfg_bridge.sim.grammar.errors import ErrorCode
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.values import FloatRange, IntRange

__all__ = ["read_float_range", "read_int_range", "read_resource_location"]

_RL_RUN = re.compile(r"[0-9a-z_:/.\-]*")
_NAMESPACE = re.compile(r"[a-z0-9_.\-]*\Z")
_PATH = re.compile(r"[a-z0-9_.\-/]*\Z")
_RANGE_NUM = re.compile(r"(?:[0-9\-]|\.(?!\.))*")


def read_resource_location(r: StringReader) -> str:
    """``ResourceLocation.read``: greedy ``[0-9a-z_:/.-]``, then validate; namespaced result.

    >>> from dfg_bridge.sim.grammar.messages import Messages
    >>> read_resource_location(StringReader("red_dye[", Messages({})))
    'minecraft:red_dye'
    """
    start = r.cursor
    m = _RL_RUN.match(r.string, start)
    assert m is not None
    text = m.group()
    r.cursor = m.end()
    ns, sep, path = text.partition(":")
    if not sep:
        ns, path = "minecraft", text
    elif not ns:
        ns = "minecraft"
    if not _NAMESPACE.match(ns) or not _PATH.match(path):
        r.cursor = start
        raise r.error(ErrorCode.INVALID_ID, "argument.id.invalid")
    return f"{ns}:{path}"


def _read_range(r: StringReader, is_int: bool) -> tuple[float | None, float | None]:
    s = r.string
    if r.cursor >= len(s):
        raise r.error(ErrorCode.RANGE, "argument.range.empty")
    start = r.cursor

    def number() -> float | None:
        m = _RANGE_NUM.match(s, r.cursor)
        assert m is not None
        text = m.group()
        r.cursor = m.end()
        if not text:
            return None
        try:
            if is_int:
                if not re.fullmatch(r"-?[0-9]+", text) or not -(2**31) <= int(text) < 2**31:
                    raise ValueError(text)
                return int(text)
            if not re.fullmatch(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)", text):
                raise ValueError(text)
            return float(text)
        except ValueError:
            key = "parsing.int.invalid" if is_int else "parsing.double.invalid"
            code = ErrorCode.INVALID_INT if is_int else ErrorCode.INVALID_DOUBLE
            raise r.error(code, key, text, cursor=start) from None

    low = number()
    if r.cursor + 1 < len(s) and s[r.cursor] == "." and s[r.cursor + 1] == ".":
        r.cursor += 2
        high = number()
    else:
        high = low
    if low is None and high is None:
        raise r.error(ErrorCode.RANGE, "argument.range.empty", cursor=start)
    if low is not None and high is not None and low > high:
        raise r.error(ErrorCode.RANGE, "argument.range.swapped", cursor=start)
    return low, high


def read_int_range(r: StringReader) -> IntRange:
    """``MinMaxBounds.Ints.fromReader`` (``1..5``, ``3``, ``..2``, ``4..``)."""
    low, high = _read_range(r, True)
    return IntRange(None if low is None else int(low), None if high is None else int(high))


def read_float_range(r: StringReader) -> FloatRange:
    """``MinMaxBounds.Doubles.fromReader``."""
    low, high = _read_range(r, False)
    return FloatRange(low, high)
