"""The Brigadier command tree (コマンドツリー) loaded from the vendored minecraft-data slice."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from dfg_bridge.sim.grammar.reader import StringReader

__all__ = ["ArgParser", "CommandNode", "load_tree"]

ArgParser = Callable[[StringReader], object]
"""Reads one argument at the reader's cursor and returns its value, or raises ``CommandSyntaxError``."""

# Commands registered only on an integrated (single-player) server: a dedicated server does not know them.
INTEGRATED_ONLY = frozenset({"publish"})


class CommandNode:
    """One node: the root, a literal, or an argument with its parser.

    ``redirect`` is the node parsing continues at after this one (``execute … run`` → root,
    ``tp`` → ``teleport``); minecraft-data writes a redirect to the root as an empty list on a childless,
    non-executable node, which :func:`load_tree` restores.
    """

    __slots__ = (
        "arguments",
        "children",
        "executable",
        "is_literal",
        "literals",
        "name",
        "parser",
        "parser_id",
        "redirect",
    )

    def __init__(self, name: str, is_literal: bool, executable: bool) -> None:
        self.name = name
        self.is_literal = is_literal
        self.executable = executable
        self.redirect: CommandNode | None = None
        self.children: list[CommandNode] = []
        self.literals: dict[str, CommandNode] = {}
        self.arguments: list[CommandNode] = []
        self.parser: ArgParser | None = None
        self.parser_id: str | None = None

    def add(self, child: CommandNode) -> None:
        """Attach ``child`` (literals are looked up by name, arguments tried in order)."""
        self.children.append(child)
        if child.is_literal:
            self.literals[child.name] = child
        else:
            self.arguments.append(child)

    def child(self, name: str) -> CommandNode | None:
        """The child called ``name``."""
        for c in self.children:
            if c.name == name:
                return c
        return None

    def __repr__(self) -> str:
        return f"CommandNode({self.name!r}, {'literal' if self.is_literal else self.parser_id})"


def _raw_tree(tree_version: str) -> list[Any]:
    file = resources.files("dfg_bridge.sim.grammar").joinpath(f"data/commands-{tree_version}.json.gz")
    data = file.read_bytes()
    result: list[Any] = json.loads(gzip.decompress(data))
    return result


def load_tree(
    tree_version: str, make_parser: Callable[[str, dict[str, Any] | None], ArgParser]
) -> CommandNode:
    """Build the tree of ``tree_version``, asking ``make_parser(parser_id, modifier)`` for each argument."""
    root = CommandNode("", is_literal=True, executable=False)
    pending: list[tuple[CommandNode, list[str]]] = []
    # Argument nodes with the same parser and modifier share one parser object.
    cache: dict[str, ArgParser] = {}

    def build(raw: list[Any]) -> CommandNode:
        kind, name, executable, redirect, parser_id, modifier, children = raw
        node = CommandNode(name, kind == "l", bool(executable))
        if kind == "a":
            key = json.dumps([parser_id, modifier], sort_keys=True)
            if key not in cache:
                cache[key] = make_parser(parser_id, modifier)
            node.parser = cache[key]
            node.parser_id = parser_id
        for c in children:
            node.add(build(c))
        if redirect:
            pending.append((node, redirect))
        elif not children and not executable:
            # `execute run`, `return run`: minecraft-data drops redirects to the root.
            node.redirect = root
        return node

    for raw in _raw_tree(tree_version):
        if raw[1] not in INTEGRATED_ONLY:
            root.add(build(raw))
    for node, path in pending:
        target: CommandNode | None = root
        for part in path:
            target = target.child(part) if target is not None else None
        if target is None:
            raise ValueError(f"dangling redirect {path} in tree {tree_version}")
        node.redirect = target
    return root
