"""Numbers, strings and the small closed-set arguments (基本の引数)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from dfg_bridge.sim.grammar.args.common import read_resource_location
from dfg_bridge.sim.grammar.args.entity import GAME_MODES, parse_uuid
from dfg_bridge.sim.grammar.env import GrammarEnv
from dfg_bridge.sim.grammar.errors import ErrorCode
from dfg_bridge.sim.grammar.javafmt import java_double_str, java_float_str
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.text_codec_base import COLOR_NAMES
from dfg_bridge.sim.grammar.values import ResourceRef

__all__ = ["COLORS", "brigadier_parser", "simple_parser"]

Parser = Callable[[StringReader], object]
COLORS = COLOR_NAMES | {"reset"}
_UUID_RUN = re.compile(r"[-A-Fa-f0-9]+")
_SELECTOR_RUN = re.compile(r"[0-9a-z_:/.\-*?]*")
OPERATIONS = ("=", "+=", "-=", "*=", "/=", "%=", "<", ">", "><")
TIME_UNITS = {"": 1, "d": 24000, "s": 20, "t": 1}
STAT_TYPES = {
    "mined": "block",
    "crafted": "item",
    "used": "item",
    "broken": "item",
    "picked_up": "item",
    "dropped": "item",
    "killed": "entity_type",
    "killed_by": "entity_type",
    "custom": None,
}
SIMPLE_CRITERIA = frozenset(
    (
        "dummy",
        "trigger",
        "deathCount",
        "playerKillCount",
        "totalKillCount",
        "health",
        "xp",
        "level",
        "food",
        "air",
        "armor",
    )
)


def brigadier_parser(parser_id: str, modifier: dict[str, Any] | None) -> Parser | None:
    """The Brigadier built-in types: bool, integer, float, double, string."""
    mod = modifier or {}
    if parser_id == "brigadier:bool":
        return lambda r: r.read_boolean()
    if parser_id == "brigadier:string":
        kind = mod.get("type", "word")
        if kind == "greedy":

            def greedy(r: StringReader) -> str:
                text = r.string[r.cursor :]
                r.cursor = len(r.string)
                return text

            return greedy
        if kind == "phrase":
            return lambda r: r.read_string()
        return lambda r: r.read_unquoted_string()
    kinds = {
        "brigadier:integer": ("integer", StringReader.read_int, str),
        "brigadier:long": ("long", StringReader.read_long, str),
        "brigadier:float": ("float", StringReader.read_float, java_float_str),
        "brigadier:double": ("double", StringReader.read_double, java_double_str),
    }
    if parser_id not in kinds:
        return None
    name, read, fmt = kinds[parser_id]
    lo = mod.get("min")
    hi = mod.get("max")

    def number(r: StringReader) -> object:
        start = r.cursor
        value = read(r)
        if lo is not None and value < lo:
            r.cursor = start
            raise r.error(ErrorCode.TOO_SMALL, f"argument.{name}.low", fmt(lo), fmt(value))  # type: ignore[operator]
        if hi is not None and value > hi:
            r.cursor = start
            raise r.error(ErrorCode.TOO_BIG, f"argument.{name}.big", fmt(hi), fmt(value))  # type: ignore[operator]
        return value

    return number


def _enum(values: tuple[str, ...] | frozenset[str], key: str, code: ErrorCode, reset: bool = False) -> Parser:
    def parse(r: StringReader) -> str:
        start = r.cursor
        word = r.read_unquoted_string()
        if word not in values:
            if reset:
                r.cursor = start
            raise r.error(code, key, word)
        return word

    return parse


def _color(r: StringReader) -> str:
    word = r.read_unquoted_string()
    cleaned = re.sub(r"[^a-z]", "", word.lower())
    for name in COLORS:
        if name.replace("_", "") == cleaned:
            return name
    raise r.error(ErrorCode.VALUE, "argument.color.invalid", word)


def _hex_color(r: StringReader) -> int:
    word = r.read_unquoted_string()
    if len(word) == 6:
        try:
            return int(word, 16)
        except ValueError:
            pass
    raise r.error(ErrorCode.VALUE, "argument.hexcolor.invalid", word)


def _swizzle(r: StringReader) -> str:
    s = r.string
    seen = ""
    while r.cursor < len(s) and s[r.cursor] != " ":
        c = s[r.cursor]
        r.cursor += 1
        if c not in "xyz" or c in seen:
            raise _no_context(r, ErrorCode.VALUE, "arguments.swizzle.invalid")
        seen += c
    return seen


def _no_context(r: StringReader, code: ErrorCode, key: str, *args: object) -> Exception:
    return r.error(code, key, *args, cursor=-1)


def _operation(r: StringReader) -> str:
    if r.cursor >= len(r.string):
        raise r.error(ErrorCode.VALUE, "arguments.operation.invalid")
    op = r.read_word()
    if op not in OPERATIONS:
        raise _no_context(r, ErrorCode.VALUE, "arguments.operation.invalid")
    return op


def _time(minimum: int) -> Parser:
    def parse(r: StringReader) -> int:
        value = r.read_float()
        unit = r.read_unquoted_string()
        factor = TIME_UNITS.get(unit, 0)
        if factor == 0:
            raise r.error(ErrorCode.VALUE, "argument.time.invalid_unit")
        # Math.round(float) rounds half up: floor(x + 0.5).
        ticks = math.floor(value * factor + 0.5)
        if ticks < minimum:
            raise r.error(ErrorCode.TOO_SMALL, "argument.time.tick_count_too_low", minimum, ticks)
        return ticks

    return parse


def _uuid(r: StringReader) -> str:
    m = _UUID_RUN.match(r.string, r.cursor)
    if m is not None:
        canonical = parse_uuid(m.group())
        if canonical is not None:
            r.cursor = m.end()
            return canonical
    raise r.error(ErrorCode.VALUE, "argument.uuid.invalid")


def _criteria(env: GrammarEnv) -> Parser:
    def parse(r: StringReader) -> str:
        start = r.cursor
        word = r.read_word()
        if word in SIMPLE_CRITERIA:
            return word
        for prefix in ("teamkill.", "killedByTeam."):
            if word.startswith(prefix) and word[len(prefix) :] in COLOR_NAMES:
                return word
        stat, sep, value = word.partition(":")
        if sep:
            stat_id = stat.replace(".", ":", 1) if "." in stat else "minecraft:" + stat
            value_id = value.replace(".", ":", 1) if "." in value else "minecraft:" + value
            stat_name = stat_id.removeprefix("minecraft:")
            registry = STAT_TYPES.get(stat_name) if stat_id.startswith("minecraft:") else None
            if stat_id.startswith("minecraft:") and stat_name in STAT_TYPES:
                ids = {
                    "block": env.registries.other["minecraft:block"],
                    "item": env.registries.items,
                    "entity_type": env.registries.entity_types,
                }.get(registry or "")
                if ids is None or value_id in ids:
                    return word
        r.cursor = start
        raise r.error(ErrorCode.VALUE, "argument.criteria.invalid", word)

    return parse


def _scoreboard_slot(env: GrammarEnv) -> Parser:
    slots = {"list", "sidebar", "below_name"} | {f"sidebar.team.{c}" for c in COLOR_NAMES}
    return _enum(frozenset(slots), "argument.scoreboardDisplaySlot.invalid", ErrorCode.VALUE)


def _resource(env: GrammarEnv, registry: str, tags: bool, check: bool) -> Parser:
    known = env.registries.other.get(registry) if check else None

    def parse(r: StringReader) -> object:
        if tags and r.cursor < len(r.string) and r.string[r.cursor] == "#":
            r.cursor += 1
            return ResourceRef(read_resource_location(r), is_tag=True)
        ident = read_resource_location(r)
        if known is not None and ident not in known:
            raise r.error(ErrorCode.UNKNOWN_RESOURCE, "argument.resource.not_found", ident, registry)
        return ResourceRef(ident) if tags else ident

    return parse


def _resource_selector(r: StringReader) -> str:
    m = _SELECTOR_RUN.match(r.string, r.cursor)
    assert m is not None
    r.cursor = m.end()
    return m.group()


def _function(r: StringReader) -> ResourceRef:
    if r.cursor < len(r.string) and r.string[r.cursor] == "#":
        r.cursor += 1
        return ResourceRef(read_resource_location(r), is_tag=True)
    return ResourceRef(read_resource_location(r))


def simple_parser(parser_id: str, modifier: dict[str, Any] | None, env: GrammarEnv) -> Parser | None:
    """The closed-set, word and resource arguments."""
    mod = modifier or {}
    table: dict[str, Callable[[], Parser]] = {
        "minecraft:color": lambda: _color,
        "minecraft:hex_color": lambda: _hex_color,
        "minecraft:gamemode": lambda: _enum(GAME_MODES, "argument.gamemode.invalid", ErrorCode.VALUE),
        "minecraft:entity_anchor": lambda: _enum(
            ("feet", "eyes"), "argument.anchor.invalid", ErrorCode.VALUE, reset=True
        ),
        "minecraft:heightmap": lambda: _enum(
            ("world_surface", "motion_blocking", "motion_blocking_no_leaves", "ocean_floor"),
            "argument.enum.invalid",
            ErrorCode.VALUE,
        ),
        "minecraft:template_mirror": lambda: _enum(
            ("none", "left_right", "front_back"), "argument.enum.invalid", ErrorCode.VALUE
        ),
        "minecraft:template_rotation": lambda: _enum(
            ("none", "clockwise_90", "180", "counterclockwise_90"), "argument.enum.invalid", ErrorCode.VALUE
        ),
        "minecraft:swizzle": lambda: _swizzle,
        "minecraft:operation": lambda: _operation,
        "minecraft:time": lambda: _time(int(mod.get("min", 0))),
        "minecraft:uuid": lambda: _uuid,
        "minecraft:objective": lambda: StringReader.read_unquoted_string,
        "minecraft:team": lambda: StringReader.read_unquoted_string,
        "minecraft:objective_criteria": lambda: _criteria(env),
        "minecraft:scoreboard_slot": lambda: _scoreboard_slot(env),
        "minecraft:resource_location": lambda: read_resource_location,
        "minecraft:dimension": lambda: read_resource_location,
        "minecraft:function": lambda: _function,
        "minecraft:resource": lambda: _resource(env, mod.get("registry", ""), tags=False, check=True),
        "minecraft:resource_key": lambda: _resource(env, mod.get("registry", ""), tags=False, check=False),
        "minecraft:resource_or_tag": lambda: _resource(env, mod.get("registry", ""), tags=True, check=True),
        "minecraft:resource_or_tag_key": lambda: _resource(
            env, mod.get("registry", ""), tags=True, check=False
        ),
        "minecraft:resource_selector": lambda: _resource_selector,
    }
    make = table.get(parser_id)
    return make() if make is not None else None
