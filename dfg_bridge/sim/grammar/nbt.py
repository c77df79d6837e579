"""NBT values (NBT タグ) as the grammar hands them out.

Compounds are ``dict[str, NbtValue]``, lists are ``list[NbtValue]``, strings are ``str``; every number
keeps its NBT type (``Byte``, ``Short``, ``Int``, ``Long``, ``Float``, ``Double``) because vanilla compares
tags by type: ``1b`` is not ``1``. Typed arrays are ``ByteArray``, ``IntArray`` and ``LongArray``.

>>> Byte(1) == Int(1)
False
>>> compare_nbt({"dfg": {}}, {"dfg": {"c": "HQ"}, "x": Int(1)}, partial_lists=True)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

__all__ = [
    "Byte",
    "ByteArray",
    "Double",
    "Float",
    "Int",
    "IntArray",
    "Long",
    "LongArray",
    "NbtValue",
    "Short",
    "compare_nbt",
    "nbt_type_name",
]


@dataclass(frozen=True, slots=True)
class Byte:
    """A TAG_Byte (``1b``; ``true``/``false`` read as ``1b``/``0b``)."""

    value: int


@dataclass(frozen=True, slots=True)
class Short:
    """A TAG_Short (``1s``)."""

    value: int


@dataclass(frozen=True, slots=True)
class Int:
    """A TAG_Int (``1``)."""

    value: int


@dataclass(frozen=True, slots=True)
class Long:
    """A TAG_Long (``1L``)."""

    value: int


@dataclass(frozen=True, slots=True)
class Float:
    """A TAG_Float (``1.0f``); ``value`` is already rounded to single precision."""

    value: float


@dataclass(frozen=True, slots=True)
class Double:
    """A TAG_Double (``1.0`` or ``1.0d``)."""

    value: float


@dataclass(frozen=True, slots=True)
class ByteArray:
    """A TAG_Byte_Array (``[B; 1b, 2b]``)."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class IntArray:
    """A TAG_Int_Array (``[I; 1, 2]``)."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LongArray:
    """A TAG_Long_Array (``[L; 1L, 2L]``)."""

    values: tuple[int, ...]


NbtValue: TypeAlias = (
    Byte
    | Short
    | Int
    | Long
    | Float
    | Double
    | str
    | ByteArray
    | IntArray
    | LongArray
    | list["NbtValue"]
    | dict[str, "NbtValue"]
)
"""Any NBT tag value."""

_TYPE_NAMES: dict[type, str] = {
    Byte: "TAG_Byte",
    Short: "TAG_Short",
    Int: "TAG_Int",
    Long: "TAG_Long",
    Float: "TAG_Float",
    Double: "TAG_Double",
    str: "TAG_String",
    ByteArray: "TAG_Byte_Array",
    IntArray: "TAG_Int_Array",
    LongArray: "TAG_Long_Array",
    list: "TAG_List",
    dict: "TAG_Compound",
}


def nbt_type_name(value: NbtValue) -> str:
    """Vanilla's name of the tag type, as used in error texts (``TAG_Int``)."""
    return _TYPE_NAMES[type(value)]


def compare_nbt(expected: NbtValue | None, actual: NbtValue | None, *, partial_lists: bool) -> bool:
    """Vanilla's ``NbtUtils.compareNbt``: does ``actual`` contain everything in ``expected``?

    Compounds match when every expected key matches; with ``partial_lists`` each expected list element
    must match some actual element (an empty expected list only matches an empty list); otherwise values
    must be equal, type included. This is what ``custom_data~{…}`` and selector ``nbt=`` use.

    >>> compare_nbt([Int(1)], [Int(2), Int(1)], partial_lists=True)
    True
    >>> compare_nbt([], [Int(1)], partial_lists=True)
    False
    >>> compare_nbt({"a": Byte(1)}, {"a": Int(1)}, partial_lists=True)
    False
    """
    if expected is None:
        return True
    if actual is None or type(expected) is not type(actual):
        return False
    if isinstance(expected, dict):
        assert isinstance(actual, dict)
        if len(actual) < len(expected):
            return False
        return all(
            compare_nbt(value, actual.get(key), partial_lists=partial_lists)
            for key, value in expected.items()
        )
    if isinstance(expected, list) and partial_lists:
        assert isinstance(actual, list)
        if not expected:
            return not actual
        if len(actual) < len(expected):
            return False
        return all(any(compare_nbt(e, a, partial_lists=True) for a in actual) for e in expected)
    return expected == actual
