"""Building blocks of the schema (スキーマの部品): documented fields, value checks, the secret type.

Each field's ``metadata`` carries its documentation (``doc``), bounds (``min``/``max``), whether a
missing key is worth a warning (``quiet``) and an optional ``check``; the validator and the Markdown
reference both read it. Shared by every schema module (:mod:`~dfg_bridge.config.schema`,
:mod:`~dfg_bridge.config.ranked`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any

from dfg_bridge.model.secret import Secret

__all__ = [
    "RuleValue",
    "Secret",
    "floodgate",
    "log_prefix",
    "matching",
    "no_rules",
    "opt",
    "req",
    "version",
]

RuleValue = bool | int | float | str | tuple[bool | int | float | str, ...]
"""A rule option value (see the engine's ``Rules`` for names and types)."""


def no_rules() -> Mapping[str, RuleValue]:
    """An empty, read-only rule map (the default of every ``rules:``)."""
    return MappingProxyType({})


def opt(
    default: Any = None,
    doc: str = "",
    *,
    factory: Any = None,
    min: float | None = None,
    max: float | None = None,
    quiet: bool = False,
    share: bool = False,
    inherit: bool = False,
    check: Callable[[Any], str | None] | None = None,
) -> Any:
    """A documented field with a default.

    ``share`` makes the value the default of every ``inherit`` field of the same type read later
    (the global ``game:`` is each table's default ``game:``). ``check`` returns a problem or ``None``;
    on a list it is applied to each item.
    """
    meta: dict[str, Any] = {"doc": doc, "min": min, "max": max, "quiet": quiet}
    meta |= {"share": share, "inherit": inherit, "check": check}
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


def req(doc: str, *, check: Callable[[Any], str | None] | None = None) -> Any:
    """A documented field the operator must give (world geometry has no sensible default)."""
    return field(metadata={"doc": doc, "quiet": False, "required": True, "check": check})


def matching(pattern: str, what: str) -> Callable[[Any], str | None]:
    """A ``check`` that text fully matches ``pattern``; ``what`` says in words what is allowed."""
    compiled = re.compile(pattern)

    def check(value: Any) -> str | None:
        return None if compiled.fullmatch(str(value)) else f"must be {what} (got {value!r})"

    return check


def version(value: Any) -> str | None:
    match = re.fullmatch(r"(\d+)\.(\d+)(?:\.(\d+))?", str(value))
    if value == "auto" or (match and tuple(int(p or 0) for p in match.groups()) >= (1, 20, 5)):
        return None
    return f'must be auto or a release from 1.20.5 on, such as "1.21.6" (got {value!r})'


def log_prefix(value: Any) -> str | None:
    """A log line prefix regex: it must compile and must not match an empty line.

    >>> log_prefix(".*")
    'must not match an empty line (it would let a chat message pose as a whole log line)'
    >>> log_prefix(r"\\[\\d+\\] ") is None
    True
    """
    try:
        compiled = re.compile(str(value))
    except re.error as exc:
        return f"not a regular expression: {exc}"
    if compiled.match(""):
        return "must not match an empty line (it would let a chat message pose as a whole log line)"
    return None


def floodgate(value: Any) -> str | None:
    """A Floodgate name prefix: up to 4 command-safe characters, not only name characters.

    >>> floodgate("."), floodgate("BE")[:40]
    (None, 'must contain a character that is not a l')
    """
    text = str(value)
    if not re.fullmatch(r"[A-Za-z0-9_.+-]{0,4}", text):
        return f"must be up to 4 of A-Z a-z 0-9 _ . + - (others break commands) (got {value!r})"
    if text and re.fullmatch(r"[A-Za-z0-9_]+", text):
        # A prefix of name characters would make "BEsteve" both a Java and a Bedrock name.
        return f"must contain a character that is not a letter, digit or _ (got {value!r}), or be empty"
    return None
