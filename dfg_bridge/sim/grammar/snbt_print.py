"""Vanilla-style SNBT printing (``data get`` output) and string quoting.

>>> format_snbt({"count": Int(12), "Slot": Byte(0), "id": "minecraft:red_dye"})
'{count: 12, Slot: 0b, id: "minecraft:red_dye"}'
"""

from __future__ import annotations

import re

from dfg_bridge.sim.grammar.javafmt import java_double_str, java_float_str, java_hashmap_order
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

__all__ = ["format_snbt", "snbt_string"]

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
