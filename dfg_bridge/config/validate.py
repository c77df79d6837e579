"""Turning a parsed YAML tree into the frozen :mod:`~dfg_bridge.config.schema` (検証).

The converter walks a dataclass's fields with their type hints, reports every problem it finds
(it never stops at the first), fills missing keys from defaults, and remembers the line of each
value so later cross-checks can point at it.
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dfg_bridge.config.issues import ConfigIssue
from dfg_bridge.config.loader import YamlList, YamlMap
from dfg_bridge.config.schema import Secret

_INVALID: Any = object()  # a conversion failed; the problem is already recorded


def _describe(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _join(parent: str, key: str) -> str:
    return f"{parent}.{key}" if parent else key


class Converter:
    """Builds schema objects from one file's tree, collecting ``errors``, ``warnings`` and ``lines``."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.errors: list[ConfigIssue] = []
        self.warnings: list[ConfigIssue] = []
        self.lines: dict[str, int] = {}
        """Path (``tables[0].seats[1].at``) → line, for every value read from the file."""
        self.shared: dict[Any, Any] = {}
        """Values of ``share`` fields by type: the defaults of later ``inherit`` fields."""

    def error(self, line: int, path: str, message: str) -> None:
        """Record a problem."""
        self.errors.append(ConfigIssue(self.file, line, path or "(top)", message))

    def warn(self, line: int, path: str, message: str) -> None:
        """Record a warning."""
        self.warnings.append(ConfigIssue(self.file, line, path or "(top)", message))

    def at(self, path: str, message: str, *, warning: bool = False) -> None:
        """Record a problem (or warning) about ``path`` at the line it was read from."""
        (self.warn if warning else self.error)(self.line_of(path), path, message)

    def line_of(self, path: str, fallback: int = 1) -> int:
        """The line a path was read from, or of its nearest ancestor."""
        while path:
            if path in self.lines:
                return self.lines[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return fallback

    # --- dataclasses ----------------------------------------------------------------------------
    def build(
        self,
        cls: type[Any],
        raw: object,
        path: str,
        line: int,
        *,
        defaults: Any = None,
        warn_missing: bool = True,
    ) -> Any:
        """A ``cls`` instance from mapping ``raw``; missing keys come from ``defaults`` or field defaults."""
        if not isinstance(raw, YamlMap):
            if raw is None and path:  # an empty section ("rcon:") means "all defaults"
                raw = _empty_map(line)
            else:
                self.error(line, path, f"must be a mapping of keys (got {_describe(raw)})")
                return _INVALID
        self.lines.setdefault(path, raw.line)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        hints = typing.get_type_hints(cls)
        for key, key_line, first in raw.duplicates:
            self.error(key_line, _join(path, key), f"duplicate key (first at line {first}); remove one")
        for bad, key_line in raw.bad_keys:
            self.error(key_line, path, f"keys must be text, not {_describe(bad)}")
        for key in raw:
            if key not in fields:
                hint = difflib.get_close_matches(key, list(fields), n=1)
                more = f"; did you mean {hint[0]!r}?" if hint else f"; expected one of: {', '.join(fields)}"
                self.error(raw.key_lines[key], _join(path, key), f"unknown key{more}")
        values: dict[str, Any] = {}
        ok = True
        for name, f in fields.items():
            sub = _join(path, name)
            if name in raw:
                key_line = raw.key_lines[name]
                self.lines[sub] = key_line
                # With ``defaults`` (a table overriding the global game) nested sections and rule maps
                # start from the global values; otherwise from the schema's own defaults.
                base = getattr(defaults, name) if defaults is not None else None
                if f.metadata.get("inherit"):
                    base = self.shared.get(hints[name])
                value = self.convert(hints[name], raw[name], sub, key_line, meta=f.metadata, base=base)
                value = self._check(f.metadata.get("check"), value, sub, key_line)
            elif defaults is not None:
                value = getattr(defaults, name)
            elif f.metadata.get("inherit") and hints[name] in self.shared:
                value = self.shared[hints[name]]
            elif f.metadata.get("required"):
                self.error(self.lines.get(path, raw.line), sub, "missing (required)")
                value = _INVALID
            else:
                value = _field_default(f)
                if warn_missing and not f.metadata.get("quiet"):
                    message = f"missing; using the default {_show_default(value)}"
                    self.warn(self.lines.get(path, raw.line), sub, message)
            if value is _INVALID:
                ok = False
            elif f.metadata.get("share"):
                self.shared[hints[name]] = value
            values[name] = value
        return cls(**values) if ok else _INVALID

    def _check(self, check: Any, value: Any, path: str, line: int) -> Any:
        if check is None or value is _INVALID or value is None:
            return value
        items = list(enumerate(value)) if isinstance(value, tuple) else [(None, value)]
        ok = True
        for i, item in items:
            problem = check(item)
            if problem is not None:
                sub = path if i is None else f"{path}[{i}]"
                self.error(self.lines.get(sub, line), sub, problem)
                ok = False
        return value if ok else _INVALID

    # --- values ---------------------------------------------------------------------------------
    def convert(
        self, tp: Any, value: object, path: str, line: int, *, meta: Mapping[str, Any], base: Any = None
    ) -> Any:
        """``value`` as type ``tp`` (``base`` is the default it replaces, used to merge mappings)."""
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin in (types.UnionType, typing.Union) and type(None) in args:
            if value is None:
                return None
            inner = [a for a in args if a is not type(None)]
            return self.convert(inner[0], value, path, line, meta=meta, base=base)
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            nested = base if dataclasses.is_dataclass(base) else None
            return self.build(tp, value, path, line, defaults=nested, warn_missing=nested is None)
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return self._enum(tp, value, path, line)
        if origin is tuple:
            return self._tuple(args, value, path, line, meta)
        if origin is Mapping or tp is Mapping:
            return self._mapping(value, path, line, base)
        if tp is bool:
            if isinstance(value, bool):
                return value
            self.error(line, path, f"must be true or false (got {_describe(value)})")
            return _INVALID
        if tp in (int, float):
            return self._number(tp, value, path, line, meta)
        if tp in (str, Path, Secret):
            return self._text(tp, value, path, line)
        raise TypeError(f"schema type {tp!r} is not supported")  # a bug in the schema, not the file

    def _enum(self, tp: type[enum.Enum], value: object, path: str, line: int) -> Any:
        choices = [m.value for m in tp]
        if isinstance(value, str) and value.strip().lower() in choices:
            return tp(value.strip().lower())
        self.error(line, path, f"must be one of: {', '.join(choices)} (got {_describe(value)})")
        return _INVALID

    def _number(self, tp: type, value: object, path: str, line: int, meta: Mapping[str, Any]) -> Any:
        wrong = isinstance(value, bool) or not isinstance(value, (int, float))
        if wrong or (tp is int and isinstance(value, float)):
            kind = "an integer" if tp is int else "a number"
            self.error(line, path, f"must be {kind} (got {_describe(value)})")
            return _INVALID
        low, high = meta.get("min"), meta.get("max")
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                bounds = f"between {low:g} and {high:g}"
            else:
                bounds = f"at least {low:g}" if low is not None else f"at most {high:g}"
            self.error(line, path, f"must be {bounds} (got {value!r})")
            return _INVALID
        return tp(value)

    def _text(self, tp: type, value: object, path: str, line: int) -> Any:
        if isinstance(value, (bool, float)):
            self.error(line, path, f"must be text (got {_describe(value)}); put it in quotes")
            return _INVALID
        if isinstance(value, int):
            value = str(value)
        if not isinstance(value, str):
            self.error(line, path, f"must be text (got {_describe(value)})")
            return _INVALID
        return tp(value)

    def _tuple(
        self, args: tuple[Any, ...], value: object, path: str, line: int, meta: Mapping[str, Any]
    ) -> Any:
        variadic = len(args) == 2 and args[1] is Ellipsis
        if not isinstance(value, YamlList):
            if variadic and value is None:
                return ()
            shape = "a list" if variadic else f"a list of {len(args)}"
            self.error(line, path, f"must be {shape} (got {_describe(value)})")
            return _INVALID
        if not variadic and len(value) != len(args):
            if all(a is int for a in args):
                self.error(line, path, f"must be [x, y, z]: {len(args)} integers (got {len(value)} items)")
            else:
                self.error(line, path, f"must be a list of {len(args)} (got {len(value)} items)")
            return _INVALID
        items = []
        for i, item in enumerate(value):
            sub = f"{path}[{i}]"
            item_line = value.item_lines[i]
            self.lines[sub] = item_line
            tp = args[0] if variadic else args[i]
            items.append(self.convert(tp, item, sub, item_line, meta={}))
        if any(item is _INVALID for item in items):
            return _INVALID
        return tuple(items)

    def _mapping(self, value: object, path: str, line: int, base: Any) -> Any:
        if value is None:
            value = _empty_map(line)
        if not isinstance(value, YamlMap):
            self.error(line, path, f"must be a mapping (got {_describe(value)})")
            return _INVALID
        for key, key_line, first in value.duplicates:
            self.error(key_line, _join(path, key), f"duplicate key (first at line {first}); remove one")
        merged: dict[str, Any] = dict(base) if isinstance(base, Mapping) else {}
        ok = True
        for key, item in value.items():
            sub = _join(path, key)
            self.lines[sub] = value.key_lines[key]
            if isinstance(item, YamlList) and all(_is_scalar(x) for x in item):
                merged[key] = tuple(item)
            elif _is_scalar(item):
                merged[key] = item
            else:
                message = f"must be a value or a list of values (got {_describe(item)})"
                self.error(value.key_lines[key], sub, message)
                ok = False
        return types.MappingProxyType(merged) if ok else _INVALID


def _is_scalar(value: object) -> bool:
    return isinstance(value, (bool, int, float, str))


def _empty_map(line: int) -> YamlMap:
    empty = YamlMap()
    empty.line, empty.key_lines, empty.duplicates, empty.bad_keys = line, {}, [], []
    return empty


def _field_default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return _INVALID


def _show_default(value: object) -> str:
    if dataclasses.is_dataclass(value):
        return "section"
    if isinstance(value, enum.Enum):
        return repr(value.value)
    if isinstance(value, Path):
        return repr(str(value))
    return repr(value)
