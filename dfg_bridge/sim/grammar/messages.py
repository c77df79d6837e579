"""Vanilla's en_us error texts (エラーメッセージ) per command-tree version, from the vendored language slice.

>>> Messages.for_tree("1.21.6").text("parsing.int.invalid", "1x")
"Invalid integer '1x'"
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

__all__ = ["Messages"]

_PLACEHOLDER = re.compile(r"%(?:(\d+)\$)?s|%%")


class Messages:
    """The translation table of one tree version; unknown keys print as the key itself, like vanilla."""

    __slots__ = ("_table",)

    def __init__(self, table: dict[str, str]) -> None:
        self._table = table

    @staticmethod
    @functools.cache
    def for_tree(tree_version: str) -> Messages:
        """The table for ``tree_version`` (one of the vendored tree versions)."""
        raw = resources.files("dfg_bridge.sim.grammar").joinpath("data/messages.json").read_text("utf-8")
        return Messages(json.loads(raw)[tree_version])

    def text(self, key: str, *args: object) -> str:
        """``key`` formatted Java-style (``%s``, ``%1$s``)."""
        template = self._table.get(key, key)
        if not args:
            return template
        it = iter(args)

        def repl(m: re.Match[str]) -> str:
            if m.group(0) == "%%":
                return "%"
            if m.group(1):
                return str(args[int(m.group(1)) - 1])
            return str(next(it, ""))

        return _PLACEHOLDER.sub(repl, template)
