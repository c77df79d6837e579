"""Target arguments (対象の引数): ``entity``, ``game_profile``, ``score_holder`` and ``message``."""

from __future__ import annotations

from collections.abc import Callable

from dfg_bridge.sim.grammar.args.entity import SelectorParser, parse_uuid
from dfg_bridge.sim.grammar.env import GrammarEnv
from dfg_bridge.sim.grammar.errors import CommandSyntaxError, ErrorCode
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.values import EntitySelector, MessageArg, SelectorKind

__all__ = ["entity_parser", "game_profile_parser", "message_parser", "score_holder_parser"]


def entity_parser(env: GrammarEnv, single: bool, players: bool) -> Callable[[StringReader], EntitySelector]:
    """``minecraft:entity`` with its ``amount``/``type`` modifier."""

    def parse(r: StringReader) -> EntitySelector:
        p = SelectorParser(r, env)
        sel = p.parse()
        if single and p.max_results > 1:
            key = "argument.player.toomany" if players else "argument.entity.toomany"
            raise r.error(ErrorCode.SELECTOR, key, cursor=0)
        if players and p.includes_entities and not p.current_entity:
            raise r.error(ErrorCode.SELECTOR, "argument.player.entities", cursor=0)
        return sel

    return parse


def _word_until_space(r: StringReader) -> str:
    return r.read_word()


def game_profile_parser(env: GrammarEnv) -> Callable[[StringReader], EntitySelector]:
    """``minecraft:game_profile``: a players-only selector or any name up to the next space."""

    def parse(r: StringReader) -> EntitySelector:
        if r.cursor < len(r.string) and r.string[r.cursor] == "@":
            p = SelectorParser(r, env)
            sel = p.parse()
            if p.includes_entities:
                raise r.error(ErrorCode.SELECTOR, "argument.player.entities")
            return sel
        start = r.cursor
        name = _word_until_space(r)
        return EntitySelector(SelectorKind.PLAYER_NAME, name=name, text=r.string[start : r.cursor])

    return parse


def score_holder_parser(env: GrammarEnv, multiple: bool) -> Callable[[StringReader], EntitySelector]:
    """``minecraft:score_holder``: a selector, ``*``, or a fake-player name up to the next space."""

    def parse(r: StringReader) -> EntitySelector:
        start = r.cursor
        if r.cursor < len(r.string) and r.string[r.cursor] == "@":
            p = SelectorParser(r, env)
            sel = p.parse()
            if not multiple and p.max_results > 1:
                raise r.error(ErrorCode.SELECTOR, "argument.entity.toomany")
            return sel
        name = _word_until_space(r)
        text = r.string[start : r.cursor]
        if name == "*":
            return EntitySelector(SelectorKind.ALL_SCORE_HOLDERS, text=text)
        canonical = parse_uuid(name)
        if canonical is not None:
            return EntitySelector(SelectorKind.UUID, uuid=canonical, text=text)
        return EntitySelector(SelectorKind.PLAYER_NAME, name=name, text=text)

    return parse


def message_parser(env: GrammarEnv) -> Callable[[StringReader], MessageArg]:
    """``minecraft:message``: the rest of the line, with ``@`` selectors resolved at run time."""

    def parse(r: StringReader) -> MessageArg:
        s = r.string
        start = r.cursor
        remaining = len(s) - start
        if remaining > 256:
            raise r.error(ErrorCode.OTHER, "argument.message.too_long", remaining, 256, cursor=-1)
        parts: list[tuple[int, int, EntitySelector]] = []
        while True:
            at = s.find("@", r.cursor)
            if at < 0:
                r.cursor = len(s)
                return MessageArg(s[start:], tuple(parts))
            r.cursor = at
            try:
                sel = SelectorParser(r, env).parse()
            except CommandSyntaxError as e:
                if e.raw not in (env.msg.text("argument.entity.selector.missing"),) and not e.raw.startswith(
                    env.msg.text("argument.entity.selector.unknown", "@")[:-1]
                ):
                    raise
                r.cursor = at + 1
                continue
            parts.append((at - start, r.cursor - start, sel))

    return parse
