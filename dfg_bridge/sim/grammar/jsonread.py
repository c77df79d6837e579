"""A JSON reader with Gson's two modes (JSON 読み取り), as vanilla uses them for text components.

Strict mode (``JsonReader.setLenient(false)``, the ``component`` argument before 1.21.5) takes RFC JSON
plus Gson's quirks; lenient mode (``JsonParser.parseString``, JSON text stored in item components before
1.21.5) also takes unquoted names and strings, single quotes, ``=``/``=>``, ``;`` and comments.
Errors are ``ValueError`` with a Gson-like message; ``end`` is where reading stopped.
"""

from __future__ import annotations

import re

__all__ = ["JsonSyntaxError", "read_json"]

_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_LITERAL_STOP = set("/\\;#={}[]:, \t\f\r\n")
_ESC = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "'": "'"}


class JsonSyntaxError(ValueError):
    """Malformed JSON; ``pos`` is the offset where the reader stopped."""

    def __init__(self, message: str, pos: int) -> None:
        super().__init__(message)
        self.pos = pos


class _Reader:
    __slots__ = ("depth", "lenient", "pos", "s")

    def __init__(self, s: str, pos: int, lenient: bool) -> None:
        self.s = s
        self.pos = pos
        self.lenient = lenient
        self.depth = 0

    def fail(self, what: str) -> JsonSyntaxError:
        col = self.pos + 1
        return JsonSyntaxError(f"{what} at line 1 column {col} path $", self.pos)

    def skip_ws(self) -> None:
        s = self.s
        n = len(s)
        while self.pos < n:
            c = s[self.pos]
            if c in " \t\n\r":
                self.pos += 1
            elif (self.lenient and c == "#") or (self.lenient and s.startswith("//", self.pos)):
                end = s.find("\n", self.pos)
                self.pos = n if end < 0 else end + 1
            elif self.lenient and s.startswith("/*", self.pos):
                end = s.find("*/", self.pos + 2)
                if end < 0:
                    raise self.fail("Unterminated comment")
                self.pos = end + 2
            else:
                break

    def value(self) -> object:
        self.skip_ws()
        if self.pos >= len(self.s):
            raise self.fail("End of input")
        c = self.s[self.pos]
        if c == "{":
            return self.obj()
        if c == "[":
            return self.arr()
        if c == '"' or (c == "'" and self.lenient):
            self.pos += 1
            return self.string(c)
        return self.literal()

    def literal(self) -> object:
        s = self.s
        start = self.pos
        n = len(s)
        end = start
        while end < n and s[end] not in _LITERAL_STOP:
            end += 1
        word = s[start:end]
        if not word:
            raise self.fail("Expected value")
        if word in ("true", "false", "null") or (self.lenient and word.lower() in ("true", "false", "null")):
            self.pos = end
            low = word.lower()
            return None if low == "null" else low == "true"
        m = _NUMBER.fullmatch(word)
        if m is not None:
            self.pos = end
            text = m.group()
            if "." in text or "e" in text or "E" in text:
                return float(text)
            return int(text)
        if self.lenient:
            self.pos = end
            if word in ("NaN", "Infinity", "-Infinity"):
                return float(word.replace("Infinity", "inf"))
            return word
        raise self.fail("Use JsonReader.setLenient(true) to accept malformed JSON")

    def string(self, quote: str) -> str:
        s = self.s
        i = self.pos
        end = s.find(quote, i)
        if end >= 0 and s.find("\\", i, end) < 0:
            self.pos = end + 1
            return s[i:end]
        out: list[str] = []
        n = len(s)
        while i < n:
            c = s[i]
            if c == quote:
                self.pos = i + 1
                return "".join(out)
            if c == "\\":
                if i + 1 >= n:
                    break
                e = s[i + 1]
                if e == "u":
                    digits = s[i + 2 : i + 6]
                    if len(digits) < 4:
                        self.pos = n
                        raise self.fail("Unterminated escape sequence")
                    try:
                        out.append(chr(int(digits, 16)))
                    except ValueError:
                        self.pos = i + 2
                        raise self.fail("Malformed Unicode escape \\u" + digits) from None
                    i += 6
                    continue
                if e in _ESC:
                    out.append(_ESC[e])
                    i += 2
                    continue
                if e == "\n":
                    out.append("\n")
                    i += 2
                    continue
                self.pos = i + 2
                raise self.fail("Invalid escape sequence")
            out.append(c)
            i += 1
        self.pos = n
        raise self.fail("Unterminated string")

    def name(self) -> str:
        self.skip_ws()
        if self.pos >= len(self.s):
            raise self.fail("End of input")
        c = self.s[self.pos]
        if c == '"' or (c == "'" and self.lenient):
            self.pos += 1
            return self.string(c)
        if self.lenient:
            start = self.pos
            while self.pos < len(self.s) and self.s[self.pos] not in _LITERAL_STOP:
                self.pos += 1
            if self.pos > start:
                return self.s[start : self.pos]
        raise self.fail("Expected name")

    def obj(self) -> dict[str, object]:
        self.depth += 1
        if self.depth > 255:
            raise self.fail("Nesting limit 255 reached")
        self.pos += 1
        out: dict[str, object] = {}
        self.skip_ws()
        if self.pos < len(self.s) and self.s[self.pos] == "}":
            self.pos += 1
            self.depth -= 1
            return out
        while True:
            key = self.name()
            self.skip_ws()
            if self.pos < len(self.s) and self.s[self.pos] == ":":
                self.pos += 1
            elif self.lenient and self.pos < len(self.s) and self.s[self.pos] == "=":
                self.pos += 1
                if self.pos < len(self.s) and self.s[self.pos] == ">":
                    self.pos += 1
            else:
                raise self.fail("Expected ':'")
            out[key] = self.value()
            self.skip_ws()
            if self.pos >= len(self.s):
                raise self.fail("Unterminated object")
            c = self.s[self.pos]
            self.pos += 1
            if c == "}":
                self.depth -= 1
                return out
            if c == "," or (self.lenient and c == ";"):
                continue
            self.pos -= 1
            raise self.fail("Unterminated object")

    def arr(self) -> list[object]:
        self.depth += 1
        if self.depth > 255:
            raise self.fail("Nesting limit 255 reached")
        self.pos += 1
        out: list[object] = []
        self.skip_ws()
        if self.pos < len(self.s) and self.s[self.pos] == "]":
            self.pos += 1
            self.depth -= 1
            return out
        while True:
            self.skip_ws()
            if self.lenient and self.pos < len(self.s) and self.s[self.pos] in ",;":
                out.append(None)
            else:
                out.append(self.value())
            self.skip_ws()
            if self.pos >= len(self.s):
                raise self.fail("Unterminated array")
            c = self.s[self.pos]
            self.pos += 1
            if c == "]":
                self.depth -= 1
                return out
            if c == "," or (self.lenient and c == ";"):
                continue
            self.pos -= 1
            raise self.fail("Unterminated array")


def read_json(s: str, pos: int = 0, *, lenient: bool = False, whole: bool = False) -> tuple[object, int]:
    """Read one JSON value of ``s`` from ``pos``; return it and the offset just after it.

    With ``whole`` the rest must be blank (Gson's ``JsonParser.parseString``).

    >>> read_json('{"text":"a"} tail')
    ({'text': 'a'}, 12)
    >>> read_json("{text:'a'}", lenient=True, whole=True)[0]
    {'text': 'a'}
    """
    r = _Reader(s, pos, lenient)
    value = r.value()
    end = r.pos
    if whole:
        r.skip_ws()
        if r.pos < len(s):
            raise r.fail("Did not consume the entire document.")
    return value, end
