"""NBT path values (NBT パス) with vanilla's selection rules; import them from ``values``."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from dfg_bridge.sim.grammar.nbt import Byte, ByteArray, Int, IntArray, Long, LongArray, NbtValue, compare_nbt

__all__ = ["NbtPath", "NbtPathNode", "NbtPathNodeKind"]


class NbtPathNodeKind(enum.Enum):
    """The kinds of NBT path element (``data get … Items[0].id``)."""

    ROOT_COMPOUND = "root"
    """``{…}`` at the start: the root if it matches."""
    KEY = "key"
    """``name`` or ``"quoted name"``."""
    KEY_MATCH = "key_match"
    """``name{…}``: the child if it matches the compound."""
    INDEX = "index"
    """``[n]`` (negative counts from the end)."""
    ALL = "all"
    """``[]``: every element."""
    MATCH_ELEMENTS = "match"
    """``[{…}]``: every compound element that matches."""


@dataclass(frozen=True, slots=True)
class NbtPathNode:
    """One element of an NBT path."""

    kind: NbtPathNodeKind
    key: str | None = None
    index: int | None = None
    pattern: dict[str, NbtValue] | None = None


@dataclass(frozen=True, slots=True)
class NbtPath:
    """An ``nbt_path`` (NBT パス) with a getter that follows vanilla's selection rules.

    >>> from dfg_bridge.sim.grammar.nbt import Int
    >>> nodes = (NbtPathNode(NbtPathNodeKind.KEY, key="a"), NbtPathNode(NbtPathNodeKind.INDEX, index=1))
    >>> NbtPath("a[1]", nodes).get({"a": [Int(5), Int(6)]})
    [Int(value=6)]
    """

    text: str
    nodes: tuple[NbtPathNode, ...]

    def get(self, root: NbtValue) -> list[NbtValue]:
        """Every tag the path selects in ``root`` (empty when nothing matches)."""
        current: list[NbtValue] = [root]
        for node in self.nodes:
            nxt: list[NbtValue] = []
            for tag in current:
                nxt.extend(_select(node, tag))
            current = nxt
        return current


def _select(node: NbtPathNode, tag: NbtValue) -> list[NbtValue]:
    kind = node.kind
    if kind is NbtPathNodeKind.ROOT_COMPOUND:
        return [tag] if compare_nbt(node.pattern, tag, partial_lists=True) else []
    if kind in (NbtPathNodeKind.KEY, NbtPathNodeKind.KEY_MATCH):
        if not isinstance(tag, dict) or node.key not in tag:
            return []
        child = tag[node.key]
        if kind is NbtPathNodeKind.KEY_MATCH and not compare_nbt(node.pattern, child, partial_lists=True):
            return []
        return [child]
    items: list[NbtValue]
    if isinstance(tag, list):
        items = tag
    elif isinstance(tag, ByteArray):
        items = [Byte(v) for v in tag.values]
    elif isinstance(tag, IntArray):
        items = [Int(v) for v in tag.values]
    elif isinstance(tag, LongArray):
        items = [Long(v) for v in tag.values]
    else:
        return []
    if kind is NbtPathNodeKind.INDEX:
        assert node.index is not None
        i = node.index if node.index >= 0 else len(items) + node.index
        return [items[i]] if 0 <= i < len(items) else []
    if kind is NbtPathNodeKind.ALL:
        return list(items)
    return [t for t in items if compare_nbt(node.pattern, t, partial_lists=True)]
