"""Item stacks and item predicates (アイテム引数): ``red_dye[custom_name=…]``, ``*[custom_data~{…}]``."""

from __future__ import annotations

from collections.abc import Callable

from dfg_bridge.sim.grammar.args.common import read_resource_location
from dfg_bridge.sim.grammar.args.components import TRANSIENT, check_component
from dfg_bridge.sim.grammar.env import GrammarEnv
from dfg_bridge.sim.grammar.errors import CommandSyntaxError, ErrorCode
from dfg_bridge.sim.grammar.nbt import Int, NbtValue
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.snbt import format_snbt, read_value
from dfg_bridge.sim.grammar.text import ComponentError
from dfg_bridge.sim.grammar.values import (
    ComponentTest,
    IntRange,
    ItemPredicate,
    ItemPredicateTerm,
    ItemStackArg,
    MatchMode,
)

__all__ = ["SUB_PREDICATES", "item_predicate_parser", "item_stack_parser", "read_item_stack"]

# Item sub-predicates usable with `~` (ItemSubPredicates registry).
SUB_PREDICATES = frozenset(
    "minecraft:" + n
    for n in (
        "damage",
        "enchantments",
        "stored_enchantments",
        "potion_contents",
        "custom_data",
        "container",
        "bundle_contents",
        "firework_explosion",
        "fireworks",
        "writable_book_content",
        "written_book_content",
        "attribute_modifiers",
        "trim",
        "jukebox_playable",
    )
)
_COUNT = "minecraft:count"


def _component_type(r: StringReader, env: GrammarEnv) -> str:
    if r.cursor >= len(r.string):
        raise r.error(ErrorCode.ITEM, "arguments.item.component.expected")
    start = r.cursor
    ident = read_resource_location(r)
    if ident not in env.registries.components or ident in TRANSIENT:
        r.cursor = start
        raise r.error(ErrorCode.ITEM, "arguments.item.component.unknown", ident)
    return ident


def _component_value(r: StringReader, env: GrammarEnv, ident: str) -> object:
    start = r.cursor
    value = read_value(r, env.snbt_v2)
    try:
        return check_component(ident, value, env)
    except ComponentError as e:
        r.cursor = start
        raise r.error(ErrorCode.ITEM, "arguments.item.component.malformed", ident, str(e)) from None


def read_item_stack(r: StringReader, env: GrammarEnv) -> ItemStackArg:
    """``ItemParser``: an item id and an optional ``[component=value,!removed]`` patch."""
    s = r.string
    start = r.cursor
    item = read_resource_location(r)
    if item not in env.registries.items:
        r.cursor = start
        raise r.error(ErrorCode.UNKNOWN_RESOURCE, "argument.item.id.invalid", item)
    components: dict[str, object] = {}
    removed: set[str] = set()
    if r.cursor < len(s) and s[r.cursor] == "[":
        r.cursor += 1
        seen: set[str] = set()
        while r.cursor < len(s) and s[r.cursor] != "]":
            r.skip_whitespace()
            if r.cursor < len(s) and s[r.cursor] == "!":
                r.cursor += 1
                ident = _component_type(r, env)
                if ident in seen:
                    raise CommandSyntaxError(
                        ErrorCode.ITEM, env.msg.text("arguments.item.component.repeated", ident)
                    )
                seen.add(ident)
                removed.add(ident)
                r.skip_whitespace()
            else:
                ident = _component_type(r, env)
                if ident in seen:
                    raise CommandSyntaxError(
                        ErrorCode.ITEM, env.msg.text("arguments.item.component.repeated", ident)
                    )
                seen.add(ident)
                r.skip_whitespace()
                r.expect("=")
                r.skip_whitespace()
                components[ident] = _component_value(r, env, ident)
                r.skip_whitespace()
            if r.cursor >= len(s) or s[r.cursor] != ",":
                break
            r.cursor += 1
            r.skip_whitespace()
            if r.cursor >= len(s):
                raise r.error(ErrorCode.ITEM, "arguments.item.component.expected")
        r.expect("]")
    _validate_stack(r, env, item, components, removed)
    return ItemStackArg(item, components, frozenset(removed))


def _validate_stack(
    r: StringReader, env: GrammarEnv, item: str, components: dict[str, object], removed: set[str]
) -> None:
    """Vanilla's ``ItemStack.validateComponents`` on the patched defaults: damageable items cannot stack."""
    damageable = "minecraft:max_damage" in components or (
        item in env.registries.durabilities and "minecraft:max_damage" not in removed
    )
    if not damageable:
        return
    if "minecraft:max_stack_size" in components:
        raw = components["minecraft:max_stack_size"]
        stack = int(getattr(raw, "value", 1))
    elif "minecraft:max_stack_size" in removed:
        stack = 1
    else:
        stack = env.registries.max_stack_size(item)
    if stack > 1:
        raise r.error(
            ErrorCode.ITEM, "arguments.item.malformed", "Item cannot be both damageable and stackable"
        )


def item_stack_parser(env: GrammarEnv) -> Callable[[StringReader], ItemStackArg]:
    """``minecraft:item_stack``."""

    def parse(r: StringReader) -> ItemStackArg:
        return read_item_stack(r, env)

    return parse


# ------------------------------------------------------------------------------------------------ predicates


def _predicate_test(r: StringReader, env: GrammarEnv) -> ComponentTest:
    s = r.string
    negated = False
    if r.cursor < len(s) and s[r.cursor] == "!":
        negated = True
        r.cursor += 1
    start = r.cursor
    ident = read_resource_location(r)
    op = s[r.cursor] if r.cursor < len(s) else ""
    if op == "=":
        r.cursor += 1
        if ident == _COUNT:
            return ComponentTest(ident, MatchMode.EQUALS, _count_value(r, env, ident), negated)
        if ident not in env.registries.components or ident in TRANSIENT:
            r.cursor = start
            raise r.error(ErrorCode.ITEM, "arguments.item.component.unknown", ident)
        return ComponentTest(ident, MatchMode.EQUALS, _component_value(r, env, ident), negated)
    if op == "~":
        r.cursor += 1
        if ident == _COUNT:
            return ComponentTest(ident, MatchMode.PARTIAL, _count_value(r, env, ident), negated)
        if ident not in SUB_PREDICATES:
            r.cursor = start
            raise r.error(ErrorCode.ITEM, "arguments.item.predicate.unknown", ident)
        value_at = r.cursor
        value = read_value(r, env.snbt_v2)
        if ident == "minecraft:custom_data" and not isinstance(value, dict):
            if isinstance(value, str):
                try:
                    value = check_component(ident, value, env)  # type: ignore[assignment]
                except ComponentError as e:
                    r.cursor = value_at
                    raise r.error(
                        ErrorCode.ITEM, "arguments.item.predicate.malformed", ident, str(e)
                    ) from None
            else:
                r.cursor = value_at
                raise r.error(
                    ErrorCode.ITEM,
                    "arguments.item.predicate.malformed",
                    ident,
                    f"Not a map: {format_snbt(value)}",
                )
        return ComponentTest(ident, MatchMode.PARTIAL, value, negated)
    if ident != _COUNT and (ident not in env.registries.components or ident in TRANSIENT):
        r.cursor = start
        raise r.error(ErrorCode.ITEM, "arguments.item.component.unknown", ident)
    return ComponentTest(ident, MatchMode.EXISTS, None, negated)


def _count_value(r: StringReader, env: GrammarEnv, ident: str) -> IntRange | int:
    start = r.cursor
    value: NbtValue = read_value(r, env.snbt_v2)
    if isinstance(value, Int):
        return value.value
    if isinstance(value, dict) and set(value) <= {"min", "max"}:
        bounds = [value.get("min"), value.get("max")]
        if all(b is None or isinstance(b, Int) for b in bounds):
            lo = bounds[0].value if isinstance(bounds[0], Int) else None
            hi = bounds[1].value if isinstance(bounds[1], Int) else None
            return IntRange(lo, hi)
    r.cursor = start
    raise r.error(ErrorCode.ITEM, "arguments.item.component.malformed", ident, "Not a number or a range")


def item_predicate_parser(env: GrammarEnv) -> Callable[[StringReader], ItemPredicate]:
    """``minecraft:item_predicate``: ``*``, an item id or ``#tag``, then ``[a,b|c,!d~{…}]``."""

    def parse(r: StringReader) -> ItemPredicate:
        s = r.string
        if r.cursor < len(s) and s[r.cursor] == "*":
            r.cursor += 1
            ident = "*"
        elif r.cursor < len(s) and s[r.cursor] == "#":
            r.cursor += 1
            ident = "#" + read_resource_location(r)
        else:
            start = r.cursor
            ident = read_resource_location(r)
            if ident not in env.registries.items:
                r.cursor = start
                raise r.error(ErrorCode.UNKNOWN_RESOURCE, "argument.item.id.invalid", ident)
        terms: list[ItemPredicateTerm] = []
        if r.cursor < len(s) and s[r.cursor] == "[":
            r.cursor += 1
            if r.cursor < len(s) and s[r.cursor] != "]":
                while True:
                    alternatives = [_predicate_test(r, env)]
                    while r.cursor < len(s) and s[r.cursor] == "|":
                        r.cursor += 1
                        alternatives.append(_predicate_test(r, env))
                    terms.append(ItemPredicateTerm(tuple(alternatives)))
                    if r.cursor < len(s) and s[r.cursor] == ",":
                        r.cursor += 1
                        continue
                    break
            r.expect("]")
        return ItemPredicate(ident, tuple(terms))

    return parse
