"""``component``, ``style``, ``dialog`` and other structured-data arguments (構造化データ引数)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from dfg_bridge.sim.grammar.args.common import read_resource_location
from dfg_bridge.sim.grammar.env import GrammarEnv
from dfg_bridge.sim.grammar.errors import ErrorCode
from dfg_bridge.sim.grammar.jsonread import JsonSyntaxError, read_json
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.snbt import read_compound, read_value
from dfg_bridge.sim.grammar.text import ComponentError, decode_component, decode_style, from_nbt
from dfg_bridge.sim.grammar.values import DialogArg, TextComponent

__all__ = [
    "component_parser", "dialog_parser", "inline_or_id_parser", "modifier_parser", "particle_parser",
    "style_parser",
]  # fmt: skip

# Dialogs built into 1.21.6 (the sim runs no data packs).
BUILTIN_DIALOGS = frozenset({"minecraft:server_links", "minecraft:custom_options", "minecraft:quick_actions"})
DIALOG_TYPES = frozenset(
    "minecraft:" + t for t in ("notice", "confirmation", "multi_action", "server_links", "dialog_list")
)


def _read_structured(r: StringReader, env: GrammarEnv, key: str) -> object:
    """Read JSON (before 1.21.5) or SNBT (1.21.5+) at the cursor, as plain JSON-like values."""
    if env.snbt_text:
        return from_nbt(read_value(r, True))
    try:
        value, end = read_json(r.string, r.cursor, lenient=False)
    except JsonSyntaxError as e:
        r.cursor = e.pos
        raise r.error(ErrorCode.TEXT, key, str(e)) from None
    r.cursor = end
    return value


def component_parser(env: GrammarEnv) -> Callable[[StringReader], TextComponent]:
    """``minecraft:component``: JSON text before 1.21.5, SNBT text from 1.21.5."""
    dialogs = env.version.at_least(21, 6)
    shadow = env.version.at_least(21, 4)

    def parse(r: StringReader) -> TextComponent:
        value = _read_structured(r, env, "argument.component.invalid")
        try:
            return decode_component(value, snbt=env.snbt_text, dialogs=dialogs, shadow=shadow)
        except ComponentError as e:
            raise r.error(ErrorCode.TEXT, "argument.component.invalid", str(e)) from None

    return parse


def style_parser(env: GrammarEnv) -> Callable[[StringReader], dict[str, object]]:
    """``minecraft:style``: a map of style fields (``{"color":"red"}`` / ``{color:red}``)."""

    def parse(r: StringReader) -> dict[str, object]:
        value = _read_structured(r, env, "argument.style.invalid")
        try:
            return decode_style(value, snbt=env.snbt_text, dialogs=env.version.at_least(21, 6))
        except ComponentError as e:
            raise r.error(ErrorCode.TEXT, "argument.style.invalid", str(e)) from None

    return parse


def inline_or_id_parser(env: GrammarEnv) -> Callable[[StringReader], object]:
    """``loot_table``/``loot_predicate``/``loot_modifier``: an id, or an inline SNBT definition."""

    def parse(r: StringReader) -> object:
        if r.cursor < len(r.string) and r.string[r.cursor] in "{[":
            return read_value(r, env.snbt_v2)
        return read_resource_location(r)

    return parse


def modifier_parser(env: GrammarEnv) -> Callable[[StringReader], object]:
    """``loot_modifier``: as :func:`inline_or_id_parser`; an inline ``set_written_book_pages`` has its
    pages decoded as the version does (``WrittenBookContent.PAGES_CODEC``), as vanilla decodes the whole
    definition while parsing the command."""
    from dfg_bridge.sim.grammar.args.components import check_pages

    inline = inline_or_id_parser(env)

    def parse(r: StringReader) -> object:
        start = r.cursor
        value = inline(r)
        functions = value if isinstance(value, list) else [value]
        for function in functions:
            if not isinstance(function, dict):
                continue
            name = function.get("function")
            if isinstance(name, str) and name.removeprefix("minecraft:") == "set_written_book_pages":
                try:
                    check_pages(function.get("pages", []), env)
                except ComponentError as e:
                    raise r.error(
                        ErrorCode.OTHER, "argument.resource_or_id.failed_to_parse", str(e), cursor=start
                    ) from None
        return value

    return parse


def dialog_parser(env: GrammarEnv) -> Callable[[StringReader], DialogArg]:
    """``minecraft:dialog`` (1.21.6+): a dialog id or an inline SNBT dialog."""

    def parse(r: StringReader) -> DialogArg:
        start = r.cursor
        if r.cursor < len(r.string) and r.string[r.cursor] == "{":
            inline = read_compound(r, True)
            problem = _dialog_problem(inline)
            if problem is not None:
                raise r.error(
                    ErrorCode.OTHER, "argument.resource_or_id.failed_to_parse", problem, cursor=start
                )
            return DialogArg(inline=inline)
        ident = read_resource_location(r)
        if ident not in BUILTIN_DIALOGS:
            raise r.error(
                ErrorCode.UNKNOWN_RESOURCE,
                "argument.resource_or_id.no_such_element",
                ident,
                "minecraft:dialog",
            )
        return DialogArg(id=ident)

    return parse


def _dialog_problem(inline: Mapping[str, object]) -> str | None:
    kind = inline.get("type")
    if not isinstance(kind, str):
        return "No key type in MapLike"
    ident = kind if ":" in kind else "minecraft:" + kind
    if ident not in DIALOG_TYPES:
        return f"Failed to get element {ident}"
    if "title" not in inline:
        return "No key title in MapLike"
    try:
        decode_component(from_nbt(inline["title"]), snbt=True, dialogs=True)
    except ComponentError as e:
        return str(e)
    return None


def particle_parser(env: GrammarEnv) -> Callable[[StringReader], object]:
    """``minecraft:particle``: a particle type and, for some, SNBT options."""
    known = env.registries.other["minecraft:particle_type"]

    def parse(r: StringReader) -> object:
        start = r.cursor
        ident = read_resource_location(r)
        if ident not in known:
            r.cursor = start
            raise r.error(ErrorCode.UNKNOWN_RESOURCE, "particle.notFound", ident)
        if r.cursor < len(r.string) and r.string[r.cursor] == "{":
            return (ident, read_compound(r, env.snbt_v2))
        return ident

    return parse
