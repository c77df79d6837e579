"""One parsed command (after any ``execute … run``) as literals plus named arguments."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Call"]

_MISSING = object()


class Call:
    """The nodes of one command, e.g. ``scoreboard players set <targets> <objective> <score>``.

    >>> c = Call((("scoreboard", None), ("players", None), ("set", None), ("score", 3)))
    >>> c.path, c.arg("score"), c.has("set")
    ('scoreboard players set', 3, True)
    """

    __slots__ = ("args", "literals", "nodes", "path")

    def __init__(self, nodes: Sequence[tuple[str, object | None]]) -> None:
        self.nodes = tuple(nodes)
        self.literals = tuple(name for name, value in self.nodes if value is None)
        self.args: dict[str, object] = {name: value for name, value in self.nodes if value is not None}
        self.path = " ".join(self.literals)

    @property
    def root(self) -> str:
        """The command name."""
        return self.nodes[0][0] if self.nodes else ""

    def has(self, literal: str) -> bool:
        """Whether the literal appears in the command."""
        return literal in self.literals

    def lit(self, index: int) -> str:
        """The ``index``-th literal ('' when there are fewer)."""
        return self.literals[index] if index < len(self.literals) else ""

    def arg(self, name: str, default: object = _MISSING) -> object:
        """An argument's parsed value; ``default`` (or ``KeyError``) when absent."""
        if name in self.args:
            return self.args[name]
        if default is _MISSING:
            raise KeyError(name)
        return default
