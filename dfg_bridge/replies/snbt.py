"""A small reader for the SNBT that ``data get`` prints (SNBT 読み取り).

The host reads item stacks back from the server to verify custody copies. ``data get`` prints
SNBT in vanilla's output style (``{count: 1, Slot: 0b, id: "minecraft:stone"}``); this module turns
that text into plain Python values and gives every value one canonical spelling, so two stacks
can be compared whatever order the server printed their keys in.

Numbers keep their type suffix (``1b`` and ``1`` are different tags), so a comparison never
confuses a byte with an int.

>>> parse_snbt('{count: 2, id: "minecraft:stone", Slot: 3b}')["Slot"]
Num(kind='b', text='3')
>>> canonical(parse_snbt("{b: 1, a: 'x'}")) == canonical(parse_snbt('{a: "x", b: 1}'))
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass


class SnbtError(ValueError):
    """The text is not SNBT as ``data get`` prints it."""

    code = "bad_snbt"


@dataclass(frozen=True, slots=True)
class Num:
    """A number tag: ``kind`` is the suffix (``b s l f d`` or ``""`` for int) and ``text`` its digits."""

    kind: str
    text: str

    def value(self) -> float:
        """The numeric value."""
        return float(self.text)


@dataclass(frozen=True, slots=True)
class TypedArray:
    """``[B; …]``, ``[I; …]`` or ``[L; …]``."""

    kind: str
    items: tuple[Num, ...]


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?([bBsSlLfFdD]?)")
_BARE = re.compile(r"[A-Za-z0-9_\-.+]+")


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, what: str) -> SnbtError:
        return SnbtError(f"{what} at {self.pos}: {self.text[self.pos : self.pos + 20]!r}")

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t\r\n":
            self.pos += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise self.fail(f"expected {char!r}")
        self.pos += 1

    def value(self) -> object:
        char = self.peek()
        if char == "{":
            return self.compound()
        if char == "[":
            return self.list_()
        if char in "\"'":
            return self.quoted()
        return self.scalar()

    def compound(self) -> dict[str, object]:
        self.expect("{")
        out: dict[str, object] = {}
        if self.peek() == "}":
            self.pos += 1
            return out
        while True:
            key = self.quoted() if self.peek() in "\"'" else self.bare()
            self.expect(":")
            out[key] = self.value()
            char = self.peek()
            self.pos += 1
            if char == "}":
                return out
            if char != ",":
                self.pos -= 1
                raise self.fail("expected ',' or '}'")

    def list_(self) -> list[object] | TypedArray:
        self.expect("[")
        rest = self.text[self.pos : self.pos + 2]
        if len(rest) == 2 and rest[0] in "BIL" and rest[1] == ";":
            self.pos += 2
            kind = rest[0]
            nums: list[Num] = []
            while self.peek() != "]":
                scalar = self.scalar()
                if not isinstance(scalar, Num):
                    raise self.fail("expected a number")
                nums.append(scalar)
                if self.peek() == ",":
                    self.pos += 1
            self.pos += 1
            return TypedArray(kind, tuple(nums))
        out: list[object] = []
        if self.peek() == "]":
            self.pos += 1
            return out
        while True:
            out.append(self.value())
            char = self.peek()
            self.pos += 1
            if char == "]":
                return out
            if char != ",":
                self.pos -= 1
                raise self.fail("expected ',' or ']'")

    def quoted(self) -> str:
        self.skip()
        quote = self.text[self.pos]
        self.pos += 1
        parts: list[str] = []
        while self.pos < len(self.text):
            char = self.text[self.pos]
            self.pos += 1
            if char == "\\" and self.pos < len(self.text):
                parts.append(self.text[self.pos])
                self.pos += 1
            elif char == quote:
                return "".join(parts)
            else:
                parts.append(char)
        raise self.fail("unterminated string")

    def bare(self) -> str:
        self.skip()
        match = _BARE.match(self.text, self.pos)
        if not match:
            raise self.fail("expected a key")
        self.pos = match.end()
        return match.group()

    def scalar(self) -> object:
        word = self.bare()
        number = _NUMBER.fullmatch(word)
        if number:
            suffix = number.group(1).lower()
            return Num(suffix, word[: len(word) - len(suffix)] if suffix else word)
        if word in ("true", "false"):
            return Num("b", "1" if word == "true" else "0")
        return word


def parse_snbt(text: str) -> object:
    """Parse one SNBT value (compound, list, string, number or typed array)."""
    reader = _Reader(text)
    value = reader.value()
    if reader.peek():
        raise reader.fail("trailing data")
    return value


def canonical(value: object) -> str:
    """One spelling per value: compound keys sorted, strings double-quoted, numbers normalised.

    >>> canonical(parse_snbt("{id: 'a', count: 1}"))
    '{"count":1,"id":"a"}'
    """
    if isinstance(value, dict):
        inner = ",".join(f"{_quote(k)}:{canonical(v)}" for k, v in sorted(value.items()))
        return "{" + inner + "}"
    if isinstance(value, list):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    if isinstance(value, TypedArray):
        return f"[{value.kind};" + ",".join(canonical(v) for v in value.items) + "]"
    if isinstance(value, Num):
        if re.fullmatch(r"[-+]?\d+", value.text):
            return str(int(value.text)) + value.kind
        number = value.value()
        return (str(int(number)) if number.is_integer() else repr(number)) + value.kind
    if isinstance(value, str):
        return _quote(value)
    raise TypeError(f"not an SNBT value: {value!r}")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
