"""Item data components (アイテムコンポーネント): per-version checks of the values the daemon writes.

Only the components whose shape matters to us are checked for real; every other registered component
accepts any NBT value (listed by :data:`UNCHECKED` in the report). A failed check raises
:class:`~dfg_bridge.sim.grammar.text.ComponentError` with a DataFixerUpper-like message.
"""

from __future__ import annotations

from collections.abc import Callable

from dfg_bridge.sim.grammar.env import GrammarEnv
from dfg_bridge.sim.grammar.jsonread import JsonSyntaxError, read_json
from dfg_bridge.sim.grammar.nbt import Byte, Double, Float, Int, Long, NbtValue, Short
from dfg_bridge.sim.grammar.text import ComponentError, decode_component, from_nbt

__all__ = ["TRANSIENT", "check_component", "check_pages"]

# Components with no codec: vanilla's readComponentType refuses them.
TRANSIENT = frozenset({"minecraft:creative_slot_lock", "minecraft:map_post_processing"})
_INTS = (Byte, Short, Int, Long)
_NUMBERS = (Byte, Short, Int, Long, Float, Double)


def _show(v: NbtValue) -> str:
    from dfg_bridge.sim.grammar.snbt import format_snbt

    return format_snbt(v, order="insertion")


def _int(v: NbtValue, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(v, _NUMBERS):
        raise ComponentError(f"Not a number: {_show(v)}")
    n = int(v.value)
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        bound = f"[{lo}-{hi}]" if hi is not None else f"at least {lo}"
        raise ComponentError(f"Value must be within range {bound}: {n}")
    return n


def _bool(v: NbtValue) -> bool:
    if isinstance(v, _NUMBERS):
        return v.value != 0
    raise ComponentError(f"Not a boolean: {_show(v)}")


def _compound(v: NbtValue) -> dict[str, NbtValue]:
    if isinstance(v, dict):
        return v
    raise ComponentError(f"Not a map: {_show(v)}")


def _json_text(v: NbtValue, env: GrammarEnv) -> dict[str, object]:
    """1.20.5–1.21.4 ``FLAT_CODEC``: a string holding (leniently parsed) JSON."""
    if not isinstance(v, str):
        raise ComponentError(f"Not a string: {_show(v)}")
    try:
        value, _ = read_json(v, lenient=True, whole=True)
    except JsonSyntaxError as e:
        raise ComponentError(str(e)) from None
    return decode_component(value, snbt=False, shadow=env.version.at_least(21, 4))


def _text(v: NbtValue, env: GrammarEnv) -> dict[str, object]:
    if env.snbt_text:
        return decode_component(from_nbt(v), snbt=True, dialogs=env.version.at_least(21, 6))
    return _json_text(v, env)


def _lore(v: NbtValue, env: GrammarEnv) -> list[dict[str, object]]:
    if not isinstance(v, list):
        raise ComponentError(f"Not a list: {_show(v)}")
    if len(v) > 256:
        raise ComponentError(f"List is too long: {len(v)}, expected range [0-256]")
    return [_text(line, env) for line in v]


def _custom_data(v: NbtValue, env: GrammarEnv) -> dict[str, NbtValue]:
    if isinstance(v, str):
        # CustomData also takes a string of SNBT (TagParser.AS_CODEC).
        from dfg_bridge.sim.grammar.errors import CommandSyntaxError
        from dfg_bridge.sim.grammar.reader import StringReader
        from dfg_bridge.sim.grammar.snbt import read_compound

        r = StringReader(v, env.msg)
        try:
            out = read_compound(r, env.snbt_v2)
        except CommandSyntaxError as e:
            raise ComponentError(e.raw) from None
        if r.cursor != len(v):
            raise ComponentError(env.msg.text("argument.nbt.trailing"))
        return out
    return _compound(v)


def _page(v: NbtValue, env: GrammarEnv) -> None:
    """One book page: a text component (JSON string before 1.21.5), or ``{raw, filtered?}``."""
    if isinstance(v, dict) and "raw" in v:
        _text(v["raw"], env)
        if "filtered" in v:
            _text(v["filtered"], env)
        return
    if not env.snbt_text and isinstance(v, str) and len(v) > 32767:
        raise ComponentError(f"String too long: {len(v)} > 32767")
    _text(v, env)


def check_pages(v: NbtValue, env: GrammarEnv) -> list[NbtValue]:
    """``WrittenBookContent.PAGES_CODEC``: at most 100 pages, each :func:`_page`."""
    if not isinstance(v, list):
        raise ComponentError(f"Not a list: {_show(v)}")
    if len(v) > 100:
        raise ComponentError(f"List is too long: {len(v)}, expected range [0-100]")
    for page in v:
        _page(page, env)
    return v


def _written_book(v: NbtValue, env: GrammarEnv) -> NbtValue:
    """``WrittenBookContent.CODEC``: ``title`` (≤ 32 characters) and ``author`` are required."""
    m = _compound(v)
    title = m.get("title")
    if isinstance(title, dict) and "raw" in title:
        title = title["raw"]
    if not isinstance(title, str):
        raise ComponentError("No key title in MapLike")
    if len(title) > 32:
        raise ComponentError(f"String too long: {len(title)} > 32")
    if not isinstance(m.get("author"), str):
        raise ComponentError("No key author in MapLike")
    if "generation" in m:
        _int(m["generation"], 0, 3)
    if "resolved" in m:
        _bool(m["resolved"])
    if "pages" in m:
        check_pages(m["pages"], env)
    return m


def _unbreakable(v: NbtValue, env: GrammarEnv) -> NbtValue:
    m = _compound(v)
    if not env.version.at_least(21, 5) and "show_in_tooltip" in m:
        _bool(m["show_in_tooltip"])
    return m


def _lock(v: NbtValue, env: GrammarEnv) -> NbtValue:
    if env.lock_is_predicate:
        return _compound(v)
    if not isinstance(v, str):
        raise ComponentError(f"Not a string: {_show(v)}")
    return v


def _enchantments(v: NbtValue, env: GrammarEnv) -> NbtValue:
    m = _compound(v)
    levels = m
    if not env.version.at_least(21, 5) and "levels" in m:
        levels = _compound(m["levels"])
        if "show_in_tooltip" in m:
            _bool(m["show_in_tooltip"])
    known = env.registries.other["minecraft:enchantment"]
    for key, level in levels.items():
        ident = key if ":" in key else "minecraft:" + key
        if ident not in known:
            raise ComponentError(f"Failed to get element {ident}")
        _int(level, 1, 255)
    return m


def _custom_model_data(v: NbtValue, env: GrammarEnv) -> NbtValue:
    if env.version.at_least(21, 4):
        return _compound(v)
    _int(v)
    return v


def _rarity(v: NbtValue, env: GrammarEnv) -> NbtValue:
    if v not in ("common", "uncommon", "rare", "epic"):
        raise ComponentError(f"Unknown element name:{v if isinstance(v, str) else _show(v)}")
    return v


def _max_stack(v: NbtValue, env: GrammarEnv) -> NbtValue:
    _int(v, 1, 99)
    return v


def _non_negative(v: NbtValue, env: GrammarEnv) -> NbtValue:
    _int(v, 0)
    return v


def _positive(v: NbtValue, env: GrammarEnv) -> NbtValue:
    _int(v, 1)
    return v


def _glint(v: NbtValue, env: GrammarEnv) -> NbtValue:
    _bool(v)
    return v


CHECKS: dict[str, Callable[[NbtValue, GrammarEnv], object]] = {
    "minecraft:custom_name": _text,
    "minecraft:item_name": _text,
    "minecraft:lore": _lore,
    "minecraft:custom_data": _custom_data,
    "minecraft:unbreakable": _unbreakable,
    "minecraft:lock": _lock,
    "minecraft:enchantments": _enchantments,
    "minecraft:stored_enchantments": _enchantments,
    "minecraft:custom_model_data": _custom_model_data,
    "minecraft:rarity": _rarity,
    "minecraft:max_stack_size": _max_stack,
    "minecraft:damage": _non_negative,
    "minecraft:repair_cost": _non_negative,
    "minecraft:max_damage": _positive,
    "minecraft:enchantment_glint_override": _glint,
    "minecraft:written_book_content": _written_book,
}


def check_component(component: str, value: NbtValue, env: GrammarEnv) -> object:
    """Validate ``value`` for ``component`` as ``env``'s version does; return the stored value.

    Text components come back canonical (:data:`~dfg_bridge.sim.grammar.values.TextComponent`).
    """
    check = CHECKS.get(component)
    if check is None:
        return value
    return check(value, env)
