"""NBT paths (NBT パス): ``Items[0].components."minecraft:custom_data".dfg``."""

from __future__ import annotations

from collections.abc import Callable

from dfg_bridge.sim.grammar.env import GrammarEnv
from dfg_bridge.sim.grammar.errors import CommandSyntaxError, ErrorCode
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.snbt import read_compound
from dfg_bridge.sim.grammar.values import NbtPath, NbtPathNode, NbtPathNodeKind

__all__ = ["nbt_path_parser"]

_NOT_IN_NAME = frozenset(" \"'[].{}")


def _out_of_bounds(r: StringReader, env: GrammarEnv) -> CommandSyntaxError:
    # Vanilla peeks past the end here: a StringIndexOutOfBoundsException, reported as a parse failure.
    n = len(r.string)
    return r.error(ErrorCode.OTHER, "command.exception", f"Index {n} out of bounds for length {n}")


def nbt_path_parser(env: GrammarEnv) -> Callable[[StringReader], NbtPath]:
    """``minecraft:nbt_path``."""
    v2 = env.snbt_v2

    def node(r: StringReader, first: bool) -> NbtPathNode:
        s = r.string
        c = s[r.cursor]
        if c in "\"'":
            name = r.read_string()
            return obj(r, name)
        if c == "[":
            r.cursor += 1
            if r.cursor >= len(s):
                raise _out_of_bounds(r, env)
            c2 = s[r.cursor]
            if c2 == "{":
                pattern = read_compound(r, v2)
                r.expect("]")
                return NbtPathNode(NbtPathNodeKind.MATCH_ELEMENTS, pattern=pattern)
            if c2 == "]":
                r.cursor += 1
                return NbtPathNode(NbtPathNodeKind.ALL)
            index = r.read_int()
            r.expect("]")
            return NbtPathNode(NbtPathNodeKind.INDEX, index=index)
        if c == "{":
            if not first:
                raise r.error(ErrorCode.NBT_PATH, "arguments.nbtpath.node.invalid")
            return NbtPathNode(NbtPathNodeKind.ROOT_COMPOUND, pattern=read_compound(r, v2))
        start = r.cursor
        while r.cursor < len(s) and s[r.cursor] not in _NOT_IN_NAME:
            r.cursor += 1
        if r.cursor == start:
            raise r.error(ErrorCode.NBT_PATH, "arguments.nbtpath.node.invalid")
        return obj(r, s[start : r.cursor])

    def obj(r: StringReader, name: str) -> NbtPathNode:
        if r.cursor < len(r.string) and r.string[r.cursor] == "{":
            return NbtPathNode(NbtPathNodeKind.KEY_MATCH, key=name, pattern=read_compound(r, v2))
        return NbtPathNode(NbtPathNodeKind.KEY, key=name)

    def parse(r: StringReader) -> NbtPath:
        s = r.string
        start = r.cursor
        nodes: list[NbtPathNode] = []
        first = True
        while r.cursor < len(s) and s[r.cursor] != " ":
            nodes.append(node(r, first))
            first = False
            if r.cursor < len(s) and s[r.cursor] not in " [{":
                r.expect(".")
        return NbtPath(s[start : r.cursor], tuple(nodes))

    return parse
