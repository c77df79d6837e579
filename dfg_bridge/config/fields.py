"""Documented schema fields (設定項目の定義): ``opt``/``req`` wrap ``dataclasses.field``.

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
