"""The two escaping functions: one per text format (エスケープ).

Every player-controlled string that ends up inside a command goes through exactly one of these, at the
innermost level; nesting (JSON inside an SNBT string, before 1.21.5) applies them one after the other.
"""

from __future__ import annotations

import json
import re

_SURROGATE_RE = re.compile("[\ud800-\udfff]")
_BARE_KEY_RE = re.compile(r"^[A-Za-z0-9_.+-]+$")

# Since 1.21.5 (25w02a) the SNBT grammar has escapes for control characters; Mojang's own writer
# (SnbtGrammar.escapeControlCharacters) uses these, and \xHH for the rest below U+0020.
_SNBT_CONTROL = {"\b": "b", "\t": "t", "\n": "n", "\f": "f", "\r": "r"}


def json_string(value: str) -> str:
    """``value`` as a quoted JSON string literal.

    Quotes, backslashes and control characters are escaped; other characters (``§``, kana, emoji) stay
    as they are. Lone surrogates become ``\\uXXXX`` escapes so that the command can still be UTF-8.

    >>> print(json_string('He said "hi"\\\\'))
    "He said \\"hi\\"\\\\"
    >>> print(json_string("a\\nb§"))
    "a\\nb§"
    """
    out = json.dumps(value, ensure_ascii=False)
    if _SURROGATE_RE.search(out):
        out = _SURROGATE_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", out)
    return out


def snbt_string(value: str, *, control_escapes: bool) -> str:
    """``value`` as a quoted SNBT string literal.

    The quote is ``"`` unless the value holds ``"`` and no ``'`` (then ``'``, which keeps embedded JSON
    short). Only the chosen quote and ``\\`` are escaped, because before 1.21.5 any other escape is a
    syntax error. ``control_escapes`` (1.21.5+ only) also writes control characters as ``\\n``, ``\\t``,
    ``\\xHH`` …; before 1.21.5 they stay raw, which the old parser reads verbatim.

    >>> print(snbt_string('{"text":"a"}', control_escapes=False))
    '{"text":"a"}'
    >>> print(snbt_string("it's", control_escapes=True))
    "it's"
    >>> print(snbt_string("a\\nb", control_escapes=True))
    "a\\nb"
    """
    quote = "'" if ('"' in value and "'" not in value) else '"'
    out = [quote]
    for ch in value:
        if ch in ("\\", quote):
            out.append("\\" + ch)
        elif control_escapes and ch < " ":
            out.append("\\" + _SNBT_CONTROL.get(ch, f"x{ord(ch):02X}"))
        elif control_escapes and "\ud800" <= ch <= "\udfff":
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    out.append(quote)
    return "".join(out)


def snbt_key(key: str, *, control_escapes: bool) -> str:
    """A compound key: bare when it only has ``[A-Za-z0-9_.+-]``, else quoted with :func:`snbt_string`.

    >>> snbt_key("Tags", control_escapes=True)
    'Tags'
    >>> snbt_key("minecraft:custom_data", control_escapes=True)
    '"minecraft:custom_data"'
    """
    if _BARE_KEY_RE.fullmatch(key):
        return key
    return snbt_string(key, control_escapes=control_escapes)
