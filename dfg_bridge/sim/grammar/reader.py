"""A Brigadier-style string reader (文字列リーダー) with vanilla's number and string rules.

>>> from dfg_bridge.sim.grammar.messages import Messages
>>> r = StringReader("12 'a b' x", Messages({}))
>>> r.read_int(), r.skip(), r.read_string()
(12, None, 'a b')
"""

from __future__ import annotations

import re

from dfg_bridge.sim.grammar.errors import CommandSyntaxError, ErrorCode
from dfg_bridge.sim.grammar.javafmt import to_float32
from dfg_bridge.sim.grammar.messages import Messages

__all__ = ["StringReader", "is_unquoted_char"]

_NUMBER_CHARS = frozenset("0123456789.-")
_UNQUOTED = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-.+")
_NUMBER_RUN = re.compile(r"[0-9.\-]*")
_UNQUOTED_RUN = re.compile(r"[0-9A-Za-z_\-.+]*")
# What Java's Integer.parseInt / Float.parseFloat accept among the characters Brigadier lets through.
_JAVA_INT = re.compile(r"-?[0-9]+\Z")
_JAVA_FLOAT = re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)\Z")

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
LONG_MIN, LONG_MAX = -(2**63), 2**63 - 1


def is_unquoted_char(c: str) -> bool:
    """Whether ``c`` may appear in an unquoted Brigadier string (``0-9A-Za-z_-.+``)."""
    return c in _UNQUOTED


class StringReader:
    """A cursor over one command line; errors carry the whole line and the cursor, as vanilla's do."""

    __slots__ = ("cursor", "msg", "string")

    def __init__(self, string: str, msg: Messages, cursor: int = 0) -> None:
        self.string = string
        self.cursor = cursor
        self.msg = msg

    def copy(self) -> StringReader:
        """An independent reader at the same position."""
        return StringReader(self.string, self.msg, self.cursor)

    # -------------------------------------------------------------------------------- errors
    def error(
        self, code: ErrorCode, key: str, *args: object, cursor: int | None = None
    ) -> CommandSyntaxError:
        """An error with the translated text of ``key`` at ``cursor`` (default: here), rendered lazily."""
        return CommandSyntaxError.deferred(
            code, self.msg.text, (key, *args), self.string, self.cursor if cursor is None else cursor
        )

    # -------------------------------------------------------------------------------- movement
    def can_read(self, length: int = 1) -> bool:
        """Whether ``length`` more characters remain."""
        return self.cursor + length <= len(self.string)

    def peek(self, offset: int = 0) -> str:
        """The character at the cursor (+ offset); the caller checks :meth:`can_read` first."""
        return self.string[self.cursor + offset]

    def read(self) -> str:
        """Consume one character."""
        c = self.string[self.cursor]
        self.cursor += 1
        return c

    def skip(self) -> None:
        """Advance by one character."""
        self.cursor += 1

    def remaining(self) -> str:
        """The unread rest of the line."""
        return self.string[self.cursor :]

    def skip_whitespace(self) -> None:
        """Skip Java-whitespace characters (Brigadier's ``skipWhitespace``)."""
        s = self.string
        n = len(s)
        while self.cursor < n and s[self.cursor] in " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f":
            self.cursor += 1

    def expect(self, c: str) -> None:
        """Consume ``c`` or fail with ``Expected 'c'``."""
        if self.cursor >= len(self.string) or self.string[self.cursor] != c:
            raise self.error(ErrorCode.EXPECTED_SYMBOL, "parsing.expected", c)
        self.cursor += 1

    # -------------------------------------------------------------------------------- numbers
    def _number_text(self) -> tuple[int, str]:
        start = self.cursor
        m = _NUMBER_RUN.match(self.string, start)
        assert m is not None
        self.cursor = m.end()
        return start, m.group()

    def read_int(self) -> int:
        """Brigadier ``readInt``: ``Expected integer`` / ``Invalid integer '…'``."""
        start, text = self._number_text()
        if not text:
            raise self.error(ErrorCode.EXPECTED_INT, "parsing.int.expected")
        if _JAVA_INT.match(text):
            value = int(text)
            if INT_MIN <= value <= INT_MAX:
                return value
        self.cursor = start
        raise self.error(ErrorCode.INVALID_INT, "parsing.int.invalid", text)

    def read_long(self) -> int:
        """Brigadier ``readLong``."""
        start, text = self._number_text()
        if not text:
            raise self.error(ErrorCode.EXPECTED_LONG, "parsing.long.expected")
        if _JAVA_INT.match(text):
            value = int(text)
            if LONG_MIN <= value <= LONG_MAX:
                return value
        self.cursor = start
        raise self.error(ErrorCode.INVALID_LONG, "parsing.long.invalid", text)

    def read_double(self) -> float:
        """Brigadier ``readDouble``."""
        start, text = self._number_text()
        if not text:
            raise self.error(ErrorCode.EXPECTED_DOUBLE, "parsing.double.expected")
        if _JAVA_FLOAT.match(text):
            return float(text)
        self.cursor = start
        raise self.error(ErrorCode.INVALID_DOUBLE, "parsing.double.invalid", text)

    def read_float(self) -> float:
        """Brigadier ``readFloat`` (value rounded to single precision, as Java's float is)."""
        start, text = self._number_text()
        if not text:
            raise self.error(ErrorCode.EXPECTED_FLOAT, "parsing.float.expected")
        if _JAVA_FLOAT.match(text):
            return to_float32(float(text))
        self.cursor = start
        raise self.error(ErrorCode.INVALID_FLOAT, "parsing.float.invalid", text)

    # -------------------------------------------------------------------------------- strings
    def read_unquoted_string(self) -> str:
        """Characters from ``0-9A-Za-z_-.+`` (possibly none)."""
        m = _UNQUOTED_RUN.match(self.string, self.cursor)
        assert m is not None
        self.cursor = m.end()
        return m.group()

    def read_quoted_string(self) -> str:
        """A ``"…"`` or ``'…'`` string; only the quote itself and ``\\`` may be escaped."""
        if not self.can_read():
            return ""
        quote = self.peek()
        if quote not in "\"'":
            raise self.error(ErrorCode.EXPECTED_QUOTE, "parsing.quote.expected.start")
        self.cursor += 1
        return self.read_string_until(quote)

    def read_string_until(self, terminator: str) -> str:
        """The body of a quoted string up to the closing ``terminator``."""
        s = self.string
        n = len(s)
        i = self.cursor
        end = s.find(terminator, i)
        backslash = s.find("\\", i)
        if end >= 0 and (backslash < 0 or backslash > end):
            # Fast path: no escapes before the closing quote.
            self.cursor = end + 1
            return s[i:end]
        out: list[str] = []
        while i < n:
            c = s[i]
            if c == "\\":
                if i + 1 < n and s[i + 1] in (terminator, "\\"):
                    out.append(s[i + 1])
                    i += 2
                    continue
                self.cursor = i + 1
                raise self.error(
                    ErrorCode.INVALID_ESCAPE, "parsing.quote.escape", s[i + 1] if i + 1 < n else ""
                )
            if c == terminator:
                self.cursor = i + 1
                return "".join(out)
            out.append(c)
            i += 1
        self.cursor = n
        raise self.error(ErrorCode.UNCLOSED_QUOTE, "parsing.quote.expected.end")

    def read_string(self) -> str:
        """A quoted string, or an unquoted one."""
        if self.cursor < len(self.string) and self.string[self.cursor] in "\"'":
            self.cursor += 1
            return self.read_string_until(self.string[self.cursor - 1])
        return self.read_unquoted_string()

    def read_boolean(self) -> bool:
        """``true`` or ``false``."""
        start = self.cursor
        value = self.read_string()
        if not value:
            raise self.error(ErrorCode.EXPECTED_BOOL, "parsing.bool.expected")
        if value == "true":
            return True
        if value == "false":
            return False
        self.cursor = start
        raise self.error(ErrorCode.INVALID_BOOL, "parsing.bool.invalid", value)

    def read_word(self) -> str:
        """Everything up to the next space (vanilla's ``readUnquotedString`` substitute for names)."""
        s = self.string
        end = s.find(" ", self.cursor)
        if end < 0:
            end = len(s)
        word = s[self.cursor : end]
        self.cursor = end
        return word
