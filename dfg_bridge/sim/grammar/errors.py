"""Command syntax errors (構文エラー) raised by the grammar, shaped like vanilla's.

Vanilla reports a failed parse over RCON as two messages joined without a separator (the RCON console
source appends every message to one buffer): the raw error text, then a context snippet of at most ten
characters before the cursor, the rest of the input, and ``<--[HERE]``.

>>> text = "Unknown or incomplete command, see below for error"
>>> err = CommandSyntaxError.at(ErrorCode.UNKNOWN_COMMAND, text, "foo bar", 0)
>>> err.message
'Unknown or incomplete command, see below for errorfoo bar<--[HERE]'
>>> CommandSyntaxError.at(ErrorCode.EXPECTED_INT, "Expected integer", "give @s red_dye x", 16).message
'Expected integer...s red_dye x<--[HERE]'
"""

from __future__ import annotations

import enum
from collections.abc import Callable

__all__ = ["CommandSyntaxError", "ErrorCode", "context_snippet"]


class ErrorCode(enum.Enum):
    """Machine-readable kind of a syntax error (one per vanilla message template we reproduce)."""

    UNKNOWN_COMMAND = "unknown_command"
    """``Unknown or incomplete command, see below for error``."""
    UNKNOWN_ARGUMENT = "unknown_argument"
    """``Incorrect argument for command``."""
    EXPECTED_SEPARATOR = "expected_separator"
    """``Expected whitespace to end one argument, but found trailing data``."""
    EXPECTED_INT = "expected_int"
    """``Expected integer``."""
    INVALID_INT = "invalid_int"
    """``Invalid integer '…'``."""
    EXPECTED_LONG = "expected_long"
    """``Expected long``."""
    INVALID_LONG = "invalid_long"
    """``Invalid long '…'``."""
    EXPECTED_FLOAT = "expected_float"
    """``Expected float`` (also used for doubles by the coordinate parsers)."""
    INVALID_FLOAT = "invalid_float"
    """``Invalid float '…'``."""
    EXPECTED_DOUBLE = "expected_double"
    """``Expected double``."""
    INVALID_DOUBLE = "invalid_double"
    """``Invalid double '…'``."""
    EXPECTED_BOOL = "expected_bool"
    """``Expected bool``."""
    INVALID_BOOL = "invalid_bool"
    """``Invalid bool, expected true or false but found '…'``."""
    TOO_SMALL = "too_small"
    """``Integer must not be less than …, found …`` and its float/double/long siblings."""
    TOO_BIG = "too_big"
    """``Integer must not be more than …, found …`` and siblings."""
    EXPECTED_QUOTE = "expected_quote"
    """``Expected quote to start a string``."""
    UNCLOSED_QUOTE = "unclosed_quote"
    """``Unclosed quoted string``."""
    INVALID_ESCAPE = "invalid_escape"
    """``Invalid escape sequence '…' in quoted string``."""
    EXPECTED_SYMBOL = "expected_symbol"
    """``Expected '…'``."""
    INVALID_ID = "invalid_id"
    """``Invalid ID`` (resource location)."""
    UNKNOWN_RESOURCE = "unknown_resource"
    """Unknown item, block, entity type, component or other registry element."""
    SELECTOR = "selector"
    """Entity selector errors (``Unknown option``, ``Expected value for option``, …)."""
    COORDINATES = "coordinates"
    """Position errors (``Incomplete (expected 3 coordinates)``, mixing ``^`` with world coordinates, …)."""
    NBT = "nbt"
    """SNBT syntax or type errors (``Expected key``, ``Can't insert … into list of …``, …)."""
    NBT_PATH = "nbt_path"
    """``Invalid NBT path element``."""
    TEXT = "text"
    """Malformed text component (``Invalid chat component: …``)."""
    ITEM = "item"
    """Item stack and item predicate errors (components, counts, predicates)."""
    BLOCK = "block"
    """Block state and predicate errors (unknown property, bad value, …)."""
    SLOT = "slot"
    """``Unknown slot '…'``."""
    RANGE = "range"
    """``Expected value or range of values`` and ``Min cannot be bigger than max``."""
    VALUE = "value"
    """A value outside a closed set (colour, gamemode, operation, anchor, swizzle, …)."""
    OTHER = "other"
    """Anything else that has a vanilla text but no code of its own."""


ELLIPSIS = "..."
HERE = "<--[HERE]"
CONTEXT_WIDTH = 10


def context_snippet(command: str, cursor: int) -> str:
    """The context vanilla prints under an error: ≤ 10 chars before ``cursor``, the rest, ``<--[HERE]``.

    >>> context_snippet("scoreboard players set", 22)
    '...ayers set<--[HERE]'
    """
    cursor = max(0, min(len(command), cursor))
    head = ELLIPSIS if cursor > CONTEXT_WIDTH else ""
    return f"{head}{command[max(0, cursor - CONTEXT_WIDTH) : cursor]}{command[cursor:]}{HERE}"


class CommandSyntaxError(ValueError):
    """A command the server would reject while parsing (コマンド構文エラー).

    ``raw`` is the error text alone; ``message`` is what the RCON reply carries (``raw`` plus the context
    snippet, or ``raw`` alone when the error has no position); ``cursor`` is the position in ``command``
    (-1 when unknown); ``code`` is the machine-readable kind.
    """

    __slots__ = ("_raw", "_template", "code", "command", "cursor")

    def __init__(self, code: ErrorCode, raw: str, command: str | None = None, cursor: int = -1) -> None:
        super().__init__()
        self.code = code
        self._raw: str | None = raw
        self._template: tuple[Callable[..., str], tuple[object, ...]] | None = None
        self.command = command
        self.cursor = cursor

    @classmethod
    def deferred(
        cls,
        code: ErrorCode,
        render: Callable[..., str],
        args: tuple[object, ...],
        command: str | None,
        cursor: int,
    ) -> CommandSyntaxError:
        """An error whose text is only rendered (``render(*args)``) if someone reads it.

        Brigadier tries alternatives and throws most of their errors away; formatting each is wasted work.
        """
        err = cls(code, "", command, cursor)
        err._raw = None
        err._template = (render, args)
        return err

    @property
    def raw(self) -> str:
        """The error text without the context snippet."""
        if self._raw is None:
            assert self._template is not None
            render, args = self._template
            self._raw = render(*args)
        return self._raw

    @classmethod
    def at(cls, code: ErrorCode, raw: str, command: str, cursor: int) -> CommandSyntaxError:
        """An error with a position in ``command``."""
        return cls(code, raw, command, cursor)

    @property
    def message(self) -> str:
        """The exact text vanilla sends back over RCON for this error."""
        if self.command is None or self.cursor < 0:
            return self.raw
        return self.raw + context_snippet(self.command, self.cursor)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"CommandSyntaxError({self.code.name}, {self.message!r})"
