"""The command grammar check (コマンド構文チェック): Brigadier's dispatcher walk over Mojang's tree.

The walk mirrors ``CommandDispatcher.parseNodes`` (try the literal named by the next word, else every
argument child; keep the results that read furthest and without errors; follow redirects) and vanilla's
``Commands.finishParsing`` (which error to report, and the ``<--[HERE]`` context).

>>> g = CommandGrammar.for_version("1.21.6")
>>> g.parse("scoreboard players set @a dfg 3").nodes[-1]
('score', 3)
>>> g.parse("time set").nodes  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
CommandSyntaxError: Unknown or incomplete command, see below for errortime set<--[HERE]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from dfg_bridge.sim.grammar.args import make_parser
from dfg_bridge.sim.grammar.env import GameVersion, GrammarEnv
from dfg_bridge.sim.grammar.errors import CommandSyntaxError, ErrorCode
from dfg_bridge.sim.grammar.reader import StringReader
from dfg_bridge.sim.grammar.tree import ArgParser, CommandNode, load_tree
from dfg_bridge.sim.grammar.values import ItemStackArg

__all__ = ["CommandGrammar", "ParsedCommand"]

_MISSING = object()


@dataclass(frozen=True, slots=True)
class ParsedCommand:
    """A command that passed the grammar check.

    ``nodes`` is the path through the tree as ``(node name, parsed value)`` — ``None`` for literals —
    flat across redirects: ``execute as @a run say hi`` gives
    ``(("execute", None), ("as", None), ("targets", <selector>), ("run", None), ("say", None),
    ("message", <message>))``.
    """

    command: str
    nodes: tuple[tuple[str, object | None], ...]

    @property
    def names(self) -> tuple[str, ...]:
        """Just the node names."""
        return tuple(n for n, _ in self.nodes)

    def values(self, name: str) -> tuple[object, ...]:
        """Every value parsed by argument nodes called ``name``, in order."""
        return tuple(v for n, v in self.nodes if n == name and v is not None)

    def value(self, name: str, default: object = _MISSING) -> object:
        """The last value of the argument ``name``; ``default`` (or ``KeyError``) when absent."""
        for n, v in reversed(self.nodes):
            if n == name and v is not None:
                return v
        if default is _MISSING:
            raise KeyError(name)
        return default


class _Result:
    """A partial parse (Brigadier's ``ParseResults``), reduced to what error selection needs."""

    __slots__ = ("command", "cursor", "errors", "path", "started")

    def __init__(
        self,
        path: tuple[tuple[str, object | None], ...],
        cursor: int,
        errors: list[CommandSyntaxError],
        command: bool,
        started: bool,
    ) -> None:
        self.path = path
        self.cursor = cursor
        self.errors = errors
        self.command = command
        self.started = started


class CommandGrammar:
    """The command tree of one version plus real argument parsers (コマンド文法).

    Parsing is permission-free: RCON runs at level 4, so every node is usable.
    """

    debug = False
    """When true, a parser bug (any exception other than ``CommandSyntaxError``) propagates instead of
    being reported the way Brigadier reports a ``RuntimeException`` (``Could not parse command: …``)."""

    def __init__(self, version: GameVersion) -> None:
        self.version = version
        self.env = GrammarEnv.for_version(version)
        self.unknown_parsers: set[str] = set()
        self.root = load_tree(self.env.tree_version, self._make_parser)

    def _make_parser(self, parser_id: str, modifier: dict[str, Any] | None) -> ArgParser:
        parser = make_parser(parser_id, modifier, self.env)
        if parser is None:
            self.unknown_parsers.add(parser_id)
            return _word
        return parser

    @staticmethod
    @functools.cache
    def _cached(version: GameVersion) -> CommandGrammar:
        return CommandGrammar(version)

    @classmethod
    def for_version(cls, version: str) -> CommandGrammar:
        """The grammar for a release ``1.20.5``–``26.1.x`` (cached; one tree per version range).

        Raises :class:`~dfg_bridge.sim.grammar.env.UnsupportedVersionError` (a ``ValueError``) otherwise.
        """
        return cls._cached(GameVersion.parse(version))

    @property
    def tree_version(self) -> str:
        """Which vendored tree this grammar walks (``1.20.5``, ``1.21.5``, ``1.21.6``, … ``26.1``)."""
        return self.env.tree_version

    # ------------------------------------------------------------------------------------------ parse
    def parse(self, command: str) -> ParsedCommand:
        """Check ``command`` as RCON would run it; raise :class:`CommandSyntaxError` when vanilla would.

        A leading ``/`` is dropped, as ``Commands.performPrefixedCommand`` does for RCON and the console.
        """
        if command.startswith("/"):
            command = command[1:]
        result = self._parse_nodes(self.root, command, 0, (), ctx_command=False, ctx_started=False)
        if result.cursor < len(command):
            if len(result.errors) == 1:
                raise result.errors[0]
            if not result.started:
                raise self._unknown(command, result.cursor)
            raise self._error(ErrorCode.UNKNOWN_ARGUMENT, "command.unknown.argument", command, result.cursor)
        if not result.command:
            raise self._unknown(command, result.cursor)
        return ParsedCommand(command, _attach_counts(result.path))

    def is_valid(self, command: str) -> bool:
        """Whether :meth:`parse` would accept ``command``."""
        try:
            self.parse(command)
        except CommandSyntaxError:
            return False
        return True

    def _unknown(self, command: str, cursor: int) -> CommandSyntaxError:
        return self._error(ErrorCode.UNKNOWN_COMMAND, "command.unknown.command", command, cursor)

    def _error(self, code: ErrorCode, key: str, command: str, cursor: int) -> CommandSyntaxError:
        return CommandSyntaxError(code, self.env.msg.text(key), command, cursor)

    def _parse_nodes(
        self,
        node: CommandNode,
        s: str,
        cursor: int,
        path: tuple[tuple[str, object | None], ...],
        *,
        ctx_command: bool,
        ctx_started: bool,
    ) -> _Result:
        # Brigadier's getRelevantNodes: the literal named by the next word, else every argument.
        candidates: list[CommandNode]
        if node.literals:
            end = s.find(" ", cursor)
            word = s[cursor:] if end < 0 else s[cursor:end]
            lit = node.literals.get(word)
            candidates = [lit] if lit is not None else node.arguments
        else:
            candidates = node.arguments
        n = len(s)
        errors: list[CommandSyntaxError] | None = None
        potentials: list[_Result] | None = None
        for child in candidates:
            value: object | None = None
            if child.is_literal:
                after = cursor + len(child.name)
            else:
                reader = StringReader(s, self.env.msg, cursor)
                try:
                    assert child.parser is not None
                    value = child.parser(reader)
                    after = reader.cursor
                    if after < n and s[after] != " ":
                        raise self._error(
                            ErrorCode.EXPECTED_SEPARATOR, "command.expected.separator", s, after
                        )
                except CommandSyntaxError as e:
                    if errors is None:
                        errors = []
                    errors.append(e)
                    continue
                except RecursionError as e:
                    if errors is None:
                        errors = []
                    errors.append(self._runtime_error(e, s, reader.cursor))
                    continue
                except Exception as e:
                    if self.debug:
                        raise
                    if errors is None:
                        errors = []
                    errors.append(self._runtime_error(e, s, reader.cursor))
                    continue
            step = (*path, (child.name, value))
            if child.redirect is not None:
                if after < n:
                    sub = self._parse_nodes(
                        child.redirect, s, after + 1, step, ctx_command=False, ctx_started=False
                    )
                    # The redirect's result is final: Brigadier returns it without trying siblings.
                    return _Result(sub.path, sub.cursor, sub.errors, sub.command, True)
                result = _Result(step, after, [], child.executable, True)
            elif after + 1 < n:
                result = self._parse_nodes(
                    child, s, after + 1, step, ctx_command=child.executable, ctx_started=True
                )
            else:
                result = _Result(step, after, [], child.executable, True)
            if potentials is None:
                potentials = [result]
            else:
                potentials.append(result)
        if potentials is not None:
            if len(potentials) > 1:
                potentials.sort(key=lambda r: (r.cursor < n, bool(r.errors)))
            return potentials[0]
        return _Result(path, cursor, errors or [], ctx_command, ctx_started)

    def _runtime_error(self, exc: BaseException, s: str, cursor: int) -> CommandSyntaxError:
        text = self.env.msg.text("command.exception", str(exc))
        return CommandSyntaxError(ErrorCode.OTHER, text, s, cursor)


def _word(reader: StringReader) -> str:
    """Fallback for parser types we do not know: one word up to the next space."""
    return reader.read_word()


def _attach_counts(path: tuple[tuple[str, object | None], ...]) -> tuple[tuple[str, object | None], ...]:
    """Copy a ``count`` argument that follows an item stack into ``ItemStackArg.count``."""
    for i in range(len(path) - 1):
        value = path[i][1]
        if isinstance(value, ItemStackArg) and path[i + 1][0] == "count" and isinstance(path[i + 1][1], int):
            count = path[i + 1][1]
            assert isinstance(count, int)
            items = list(path)
            items[i] = (path[i][0], ItemStackArg(value.id, value.components, value.removed, count))
            return tuple(items)
    return path
