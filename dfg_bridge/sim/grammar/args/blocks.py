"""Block states and predicates (ブロック状態): ``chest[facing=north,type=left]{Lock:"k"}``, ``#logs``."""

from __future__ import annotations

from collections.abc import Callable

from dfg_bridge.sim.grammar.args.common import read_resource_location
from dfg_bridge.sim.grammar.env import GrammarEnv
from dfg_bridge.sim.grammar.errors import ErrorCode
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.snbt import read_compound
from dfg_bridge.sim.grammar.values import BlockPredicateArg, BlockStateArg

__all__ = ["block_predicate_parser", "block_state_parser"]


def _properties(
    r: StringReader, block: str, known: dict[str, tuple[str, ...]] | None
) -> tuple[tuple[str, str], ...]:
    """Read ``[name=value,…]``; ``known`` is None for tags (vague properties, unchecked)."""
    s = r.string
    r.cursor += 1
    r.skip_whitespace()
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    while r.cursor < len(s) and s[r.cursor] != "]":
        r.skip_whitespace()
        start = r.cursor
        name = r.read_string()
        if known is not None and name not in known:
            r.cursor = start
            raise r.error(ErrorCode.BLOCK, "argument.block.property.unknown", block, name)
        if name in seen:
            r.cursor = start
            raise r.error(ErrorCode.BLOCK, "argument.block.property.duplicate", name, block)
        seen.add(name)
        r.skip_whitespace()
        if r.cursor >= len(s) or s[r.cursor] != "=":
            raise r.error(ErrorCode.BLOCK, "argument.block.property.novalue", name, block)
        r.cursor += 1
        r.skip_whitespace()
        value_at = r.cursor
        value = r.read_string()
        if known is not None and value not in known[name]:
            r.cursor = value_at
            raise r.error(ErrorCode.BLOCK, "argument.block.property.invalid", block, value, name)
        out.append((name, value))
        r.skip_whitespace()
        if r.cursor < len(s):
            if s[r.cursor] == ",":
                r.cursor += 1
                continue
            if s[r.cursor] != "]":
                raise r.error(ErrorCode.BLOCK, "argument.block.property.unclosed")
    if r.cursor < len(s):
        r.cursor += 1
    else:
        raise r.error(ErrorCode.BLOCK, "argument.block.property.unclosed")
    return tuple(out)


def _parse(r: StringReader, env: GrammarEnv, allow_tag: bool) -> BlockPredicateArg:
    s = r.string
    if r.cursor < len(s) and s[r.cursor] == "#":
        if not allow_tag:
            raise r.error(ErrorCode.BLOCK, "argument.block.tag.disallowed")
        r.cursor += 1
        ident = "#" + read_resource_location(r)
        props = _properties(r, ident[1:], None) if r.cursor < len(s) and s[r.cursor] == "[" else ()
    else:
        start = r.cursor
        ident = read_resource_location(r)
        known = env.registries.blocks.get(ident)
        if known is None:
            r.cursor = start
            raise r.error(ErrorCode.UNKNOWN_RESOURCE, "argument.block.id.invalid", ident)
        props = _properties(r, ident, known) if r.cursor < len(s) and s[r.cursor] == "[" else ()
    nbt = read_compound(r, env.snbt_v2) if r.cursor < len(s) and s[r.cursor] == "{" else None
    return BlockPredicateArg(ident, props, nbt)


def block_state_parser(env: GrammarEnv) -> Callable[[StringReader], BlockStateArg]:
    """``minecraft:block_state`` (no tags; properties checked against the block; optional NBT)."""

    def parse(r: StringReader) -> BlockStateArg:
        p = _parse(r, env, allow_tag=False)
        return BlockStateArg(p.id, p.properties, p.nbt)

    return parse


def block_predicate_parser(env: GrammarEnv) -> Callable[[StringReader], BlockPredicateArg]:
    """``minecraft:block_predicate`` (tags allowed; their members are not checked)."""

    def parse(r: StringReader) -> BlockPredicateArg:
        return _parse(r, env, allow_tag=True)

    return parse
